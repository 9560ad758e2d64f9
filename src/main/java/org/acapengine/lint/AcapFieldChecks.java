package org.acapengine.lint;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.QualifierValue;
import org.acapengine.model.ResourceType;
import org.acapengine.model.Span;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;

/**
 * Findings about single ACAP fields and definitions that the parser leaves to lint: time limits
 * already past, and features ACAP 1.0 marks as not ready for implementation.
 */
final class AcapFieldChecks {

  private AcapFieldChecks() {}

  /** Every ACAP record field of a document (stray ones too), in file order per record. */
  static List<AcapField> allFields(PolicyDocument doc) {
    List<AcapField> all = new ArrayList<>(doc.strayFields());
    for (AcapRecord r : doc.acapRecords()) {
      r.permissionsReference().ifPresent(all::add);
      all.addAll(r.fields());
      for (AcapSubRecord s : r.subRecords()) {
        all.addAll(s.fields());
      }
    }
    return all;
  }

  static void check(PolicyDocument doc, LocalDate today, List<Diagnostic> out) {
    for (AcapDefinition d : doc.definitions()) {
      if (d instanceof AcapDefinition.QualifiedUsage q) {
        linkUsage(q.usage(), q.span(), out);
        qualifiers(q.qualifiers(), q.usage(), today, out);
      } else if (d instanceof AcapDefinition.CompositeUsage c) {
        for (UsageRef m : c.members()) {
          if (m instanceof UsageRef.Standard s) {
            linkUsage(s.usage(), c.span(), out);
          }
        }
      }
    }
    for (AcapField f : allFields(doc)) {
      if (f instanceof AcapField.ActionRequest a) {
        out.add(LintCode.NOT_READY_FOR_IMPLEMENTATION.at(a.span(),
            "'ACAP-request-" + a.action().token() + ": " + Text.shorten(a.path(), 60) + "': action requests are not ready for implementation (2.6)"));
      } else if (f instanceof AcapField.Permission p && p.usage() instanceof UsageRef.Standard s) {
        linkUsage(s.usage(), p.span(), out);
        qualifiers(p.qualifiers(), s.usage(), today, out); // qualifiers on a local usage are an error and not applied
      } else if (f instanceof AcapField.Prohibition p && p.usage() instanceof UsageRef.Standard s) {
        linkUsage(s.usage(), p.span(), out);
      }
    }
  }

  private static void linkUsage(Usage usage, Span span, List<Diagnostic> out) {
    if (usage.isPresentVariant() && usage.resourceType().orElseThrow() == ResourceType.LINK) {
      out.add(LintCode.NOT_READY_FOR_IMPLEMENTATION.at(span,
          "'" + usage.name() + "': the resource type link is marked not ready for implementation (change 2.2 of ACAP 1.0)"));
    }
  }

  private static void qualifiers(List<Qualifier> qualifiers, Usage usage, LocalDate today, List<Diagnostic> out) {
    for (Qualifier q : qualifiers) {
      String written = Text.shorten(q.typeName() + "=" + q.value(), 80);
      if (q.parsed().isPresent() && q.parsed().get() instanceof QualifierValue.UntilDate until && until.date().isBefore(today)) {
        out.add(LintCode.PAST_TIME_LIMIT.at(q.span(),
            "'" + written + "' ran out on " + until.date() + " (today is " + today + "): the permission no longer allows anything"));
      }
      if (q.type().isEmpty() || !q.type().get().notReadyFor(usage)) {
        continue; // must-use-resource on index is ready, by prior arrangement (2.5.3.2)
      }
      QualifierType type = q.type().get();
      String message;
      if (type == QualifierType.MUST_USE_RESOURCE) {
        message = "'" + written + "': must-use-resource on a present usage is not ready for implementation (2.5.5.2.2)";
      } else {
        boolean link = q.parsed().isPresent() && q.parsed().get() instanceof QualifierValue.ResourceLocator r && r.role().equals("link");
        message = "'" + written + "': must-include-resource is not ready for implementation (2.5.5.2.5)"
            + (link ? ", nor is its link role" : "");
      }
      out.add(LintCode.NOT_READY_FOR_IMPLEMENTATION.at(q.span(), message));
    }
  }
}
