package org.acapengine.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.acapengine.model.AcapField;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.QualifierValue;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.Span;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;

/**
 * The rules of ACAP 1.0 that one field decides on its own: names (section 3), the usage
 * vocabulary (2.5), qualifiers and where they may stand (2.4.1.2, 2.4.1.3, 2.4.2, 2.5.5.2), and
 * which of the malformed shapes a field has. {@link AcapChecks} holds the rules that span lines.
 *
 * <p>Works on text and spans, not on the parse tree, so that it can be tested without ANTLR:
 * {@link FieldBuilder} reads the tree and calls it. Diagnostics go to the sink it is given, in the
 * order the checks run.
 */
final class FieldChecks {

  /** A qualifier specification as written: {@code typeName=value}, and where it stands. */
  record WrittenQualifier(String typeName, String value, Span span) {}

  /** The malformed shapes of an ACAP field, by what follows its name. */
  enum MalformedShape {
    /** Nothing, or a value, but no ':' after the name. */
    NO_COLON,
    /** A ':' and nothing after it. */
    NO_VALUE,
    /** A ':' and a value the field does not take. */
    WRONG_SYNTAX
  }

  private final Consumer<Diagnostic> report;
  private final SharedValues shared;

  FieldChecks(Consumer<Diagnostic> report) {
    this(report, new SharedValues());
  }

  /** Checks whose model values are shared through {@code shared}: one parse's. */
  FieldChecks(Consumer<Diagnostic> report, SharedValues shared) {
    this.report = report;
    this.shared = shared;
  }

  /**
   * The usage a field name names after its prefix ({@code ACAP-allow-}, {@code ACAP-disallow-}):
   * {@code (name)} is a local usage, anything else a usage of the dictionary (2.4.1.3, 2.5).
   */
  UsageRef usageOfKey(String afterPrefix, Span keySpan) {
    if (afterPrefix.startsWith("(")) {
      String local = afterPrefix.substring(1, afterPrefix.length() - 1);
      if (!Names.isName(local)) {
        report.accept(DiagnosticCode.INVALID_NAME.at(keySpan, "'(" + Names.shorten(local) + ")' is not a valid usage name"));
      }
      return shared.local(local);
    }
    return standardUsage(afterPrefix, keySpan);
  }

  /** A usage of the dictionary, checked against the vocabulary. */
  UsageRef.Standard standardUsage(String name, Span span) {
    Usage usage = shared.usage(name);
    checkVocabulary(usage, span);
    return shared.standard(usage);
  }

  /** A local usage name as a composite usage member, {@code (name)} (2.7.2). */
  UsageRef.Local localMember(String written, Span span) {
    String local = written.substring(1, written.length() - 1);
    if (!Names.isName(local)) {
      report.accept(DiagnosticCode.INVALID_NAME.at(span, "'" + Names.shorten(written) + "' is not a valid usage name"));
    }
    return shared.local(local);
  }

  /** A usage outside the vocabulary, or a resource type its usage type does not take (2.5). */
  void checkVocabulary(Usage usage, Span span) {
    if (usage.isInvalidCombination()) {
      report.accept(DiagnosticCode.INVALID_USAGE_COMBINATION.at(span,
          "'" + usage.name() + "': " + usage.type().orElseThrow().token() + " does not take the used resource type '" + usage.resourceName() + "'"));
    } else if (!usage.isInVocabulary()) {
      report.accept(DiagnosticCode.UNKNOWN_USAGE.at(span, "'" + usage.name() + "' is not a usage type of the ACAP vocabulary"));
    }
  }

  /** The name a definition defines (2.7), reported when it is no {@code name}. */
  String definitionName(String name, Span span) {
    if (!Names.isName(name)) {
      report.accept(DiagnosticCode.INVALID_NAME.at(span, "'" + Names.shorten(name) + "' is not a valid definition name"));
    }
    return name;
  }

  /** A path pattern as a resource specification (2.4.3). */
  ResourceSpec.PathPattern pathPattern(String written) {
    return shared.pathPattern(written);
  }

  /** {@code the-acap:resource-set:NAME} as a resource specification (2.4.4). */
  ResourceSpec.ResourceSetRef resourceSetRef(String written, Span span) {
    String name = written.substring(ResourceSpec.ResourceSetRef.PREFIX.length());
    if (!Names.isName(name)) {
      report.accept(DiagnosticCode.INVALID_NAME.at(span, "'" + Names.shorten(written) + "': '" + Names.shorten(name) + "' is not a valid resource set name"));
    }
    return shared.setRef(name);
  }

  /**
   * Types the qualifiers of one field and checks them: the type and value (2.5), whether the
   * usage takes the type when it is a standard one, and repetition (only prohibited-modification
   * repeats, and not with {@code any}: 2.5.5.2, 2.5.5.2.4).
   */
  List<Qualifier> qualifiers(List<WrittenQualifier> written, UsageRef usage) {
    List<Qualifier> result = new ArrayList<>(written.size());
    Set<QualifierType> seen = new HashSet<>();
    boolean modificationAny = false;
    int modifications = 0;
    for (WrittenQualifier w : written) {
      String typeName = shared.string(w.typeName());
      String value = shared.string(w.value());
      Span span = w.span();
      Optional<QualifierType> type = QualifierType.fromToken(typeName);
      Optional<QualifierValue> parsed = Optional.empty();
      if (type.isEmpty()) {
        report.accept(DiagnosticCode.UNKNOWN_QUALIFIER.at(span, "'" + Names.shorten(typeName) + "' is not a qualifier type of the ACAP vocabulary"));
      } else {
        QualifierValues.Result r = shared.qualifierValue(type.get(), value);
        parsed = r.value();
        if (parsed.isEmpty()) {
          report.accept(DiagnosticCode.INVALID_QUALIFIER_VALUE.at(span, "'" + Names.shorten(typeName + "=" + value) + "': " + r.problem()));
        } else if (parsed.get() instanceof QualifierValue.UntilRecrawled u && u.spelledUntilRecrawl()) {
          report.accept(DiagnosticCode.UNTIL_RECRAWL_SPELLING.at(span, "'" + typeName + "=" + value + "' is read as time-limit=until-recrawled"));
        }
        if (usage instanceof UsageRef.Standard std && std.usage().isInVocabulary() && !type.get().validFor(std.usage())) {
          report.accept(DiagnosticCode.QUALIFIER_NOT_VALID_FOR_USAGE.at(span,
              "'" + type.get().token() + "' is not a qualifier of '" + std.usage().name() + "' (section 2.5)"));
        }
        if (type.get().repeatable()) {
          modifications++;
          if (parsed.isPresent() && ((QualifierValue.Modification) parsed.get()).type() == QualifierValue.ModificationType.ANY) {
            modificationAny = true;
          }
          if (modifications > 1 && modificationAny) {
            report.accept(DiagnosticCode.REPEATED_QUALIFIER.at(span,
                "prohibited-modification=any stands with other prohibited-modification qualifiers; any already prohibits every modification (2.5.5.2.4)"));
          }
        } else if (!seen.add(type.get())) {
          report.accept(DiagnosticCode.REPEATED_QUALIFIER.at(span, "'" + type.get().token() + "' is given more than once in this field (2.5.5.2)"));
        }
      }
      result.add(new Qualifier(typeName, type, value, parsed, span));
    }
    return result;
  }

  /** A permission for a local usage takes its qualifiers from the definition (2.4.1.3). */
  void permissionQualifiers(UsageRef usage, List<Qualifier> qualifiers) {
    if (usage instanceof UsageRef.Local local && !qualifiers.isEmpty()) {
      Qualifier first = qualifiers.get(0);
      report.accept(DiagnosticCode.QUALIFIER_ON_LOCAL_USAGE.at(first.span(),
          "'ACAP-allow-(" + local.name() + ")' has the qualifier '" + first.typeName() + "=" + first.value()
              + "'; a locally defined usage takes its qualifiers from its definition (2.4.1.3)"));
    }
  }

  /** A prohibition may not name a local usage (2.4.2). */
  void prohibitionUsage(UsageRef usage, Span keySpan) {
    if (usage instanceof UsageRef.Local local) {
      report.accept(DiagnosticCode.LOCAL_USAGE_IN_PROHIBITION.at(keySpan,
          "'ACAP-disallow-(" + local.name() + ")': a prohibition may not name a locally defined usage (2.4.2); it prohibits nothing"));
    }
  }

  /** A prohibition takes no qualifiers (2.4.2); the first one is reported. */
  void prohibitionQualifiers(List<Qualifier> qualifiers) {
    if (!qualifiers.isEmpty()) {
      Qualifier first = qualifiers.get(0);
      report.accept(DiagnosticCode.QUALIFIER_ON_PROHIBITION.at(first.span(),
          "the prohibition has the qualifier '" + first.typeName() + "=" + first.value() + "'; prohibitions take no qualifiers (2.4.2) and it is ignored"));
    }
  }

  /** A field with an ACAP name but not the field's shape: kept, reported, and applied to nothing. */
  AcapField.Malformed malformed(String fieldName, String lineText, Span span, MalformedShape shape) {
    switch (shape) {
      case NO_COLON -> report.accept(DiagnosticCode.ACAP_FIELD_WITHOUT_COLON.at(span,
          "'" + Names.shorten(lineText) + "' has no ':' after the field name '" + fieldName + "'"));
      case NO_VALUE -> report.accept(DiagnosticCode.ACAP_FIELD_WITHOUT_VALUE.at(span, "'" + fieldName + ":' has no value"));
      case WRONG_SYNTAX -> report.accept(DiagnosticCode.MALFORMED_ACAP_FIELD.at(span,
          "'" + Names.shorten(lineText) + "' does not have the syntax of an " + fieldName + " field"));
    }
    return new AcapField.Malformed(fieldName, lineText, span);
  }
}
