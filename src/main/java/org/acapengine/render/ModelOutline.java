package org.acapengine.render;

import java.util.List;
import java.util.stream.Collectors;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.UserAgentLine;

/** The model as an indented outline for a person, every item with its line number. */
public final class ModelOutline {

  private final StringBuilder sb = new StringBuilder();

  private ModelOutline() {}

  /**
   * The outline of a parsed document.
   *
   * @param doc the parsed document
   * @return the outline, lines ending with LF
   */
  public static String render(PolicyDocument doc) {
    ModelOutline o = new ModelOutline();
    o.document(doc);
    return PlainText.safe(o.sb.toString());
  }

  private void line(int indent, String text) {
    sb.append("  ".repeat(indent)).append(text).append('\n');
  }

  private void document(PolicyDocument doc) {
    line(0, doc.source().name() + ": " + doc.source().lines().size() + " lines, " + doc.source().byteLength() + " bytes"
        + (doc.source().truncated() ? " (truncated at the size limit)" : "")
        + (doc.source().validUtf8() ? "" : " (not valid UTF-8)"));
    line(0, "ACAP version: " + doc.acapVersion().map(v -> v.version() + " (line " + v.span().line() + ")").orElse("none"));
    line(0, "ignore conventional records: " + doc.ignoreConventionalRecords().map(s -> "yes (line " + s.line() + ")").orElse("no"));

    line(0, "conventional groups: " + doc.conventionalGroups().size());
    for (ConventionalGroup g : doc.conventionalGroups()) {
      String agents = g.userAgents().stream().map(UserAgentLine::value).collect(Collectors.joining(", "));
      line(1, "line " + g.span().line() + ": user-agent " + agents);
      for (ConventionalRule r : g.rules()) {
        rule(2, r);
      }
      for (ExtensionField f : g.fields()) {
        line(2, "line " + f.span().line() + ": " + f.name() + ": " + f.value() + (f.insideAcapRecord() ? "  [inside an ACAP record]" : ""));
      }
    }
    if (!doc.orphanRules().isEmpty()) {
      line(0, "rules outside any group: " + doc.orphanRules().size());
      for (ConventionalRule r : doc.orphanRules()) {
        rule(1, r);
      }
    }
    if (!doc.fileFields().isEmpty()) {
      line(0, "file-wide fields: " + doc.fileFields().size());
      for (ExtensionField f : doc.fileFields()) {
        line(1, "line " + f.span().line() + ": " + f.name() + ": " + f.value());
      }
    }

    line(0, "definitions: " + doc.definitions().size());
    for (AcapDefinition d : doc.definitions()) {
      if (d instanceof AcapDefinition.QualifiedUsage q) {
        line(1, "line " + q.span().line() + ": qualified usage " + q.name() + " = " + q.usage().name() + qualifiers(q.qualifiers()));
      } else if (d instanceof AcapDefinition.CompositeUsage c) {
        line(1, "line " + c.span().line() + ": composite usage " + c.name() + " = "
            + c.members().stream().map(Object::toString).collect(Collectors.joining(" ")));
      } else if (d instanceof AcapDefinition.ResourceSet s) {
        line(1, "line " + s.span().line() + ": resource set " + s.name() + " = " + String.join(" ", s.patterns()));
      }
    }

    line(0, "ACAP records: " + doc.acapRecords().size());
    for (AcapRecord r : doc.acapRecords()) {
      String crawlers = r.crawlers().stream().map(CrawlerName::name).collect(Collectors.joining(", "));
      line(1, "line " + r.line() + ": crawlers " + (crawlers.isEmpty() ? "(none)" : crawlers));
      r.permissionsReference().ifPresent(ref -> line(2, "line " + ref.span().line() + ": permissions reference " + ref.locator()));
      fields(2, r.fields());
      for (AcapSubRecord s : r.subRecords()) {
        line(2, "line " + s.span().line() + ": sub-record for purposes "
            + (s.purposes().isEmpty() ? "(none: every usage-purpose field is malformed)"
                : s.purposes().stream().map(PurposePattern::pattern).collect(Collectors.joining(", "))));
        fields(3, s.fields());
      }
    }
    if (!doc.strayFields().isEmpty()) {
      line(0, "ACAP fields outside any record: " + doc.strayFields().size());
      fields(1, doc.strayFields());
    }
    if (!doc.unparsedLines().isEmpty()) {
      line(0, "unparsed lines: " + doc.unparsedLines().size());
      for (UnparsedLine u : doc.unparsedLines()) {
        line(1, "line " + u.span().line() + ": " + u.text());
      }
    }
    line(0, "diagnostics: " + doc.diagnostics().size());
    for (Diagnostic d : doc.diagnostics()) {
      line(1, d.span().line() + ":" + d.span().column() + ": " + d.severity().label() + " " + d.code() + " " + d.message());
    }
  }

  private void rule(int indent, ConventionalRule r) {
    line(indent, "line " + r.span().line() + ": " + (r.allow() ? "allow " : "disallow ") + (r.pattern().isEmpty() ? "(empty)" : r.pattern())
        + (r.insideAcapRecord() ? "  [inside an ACAP record]" : ""));
  }

  private void fields(int indent, List<AcapField> fields) {
    for (AcapField f : fields) {
      line(indent, "line " + f.span().line() + ": " + describe(f));
    }
  }

  /**
   * One field in words, e.g. "allow present-snippet /news/ max-length=250-chars".
   *
   * @param f the field
   * @return the description, one line
   */
  public static String describe(AcapField f) {
    if (f instanceof AcapField.Permission p) {
      return "allow " + p.usage() + " " + p.resource() + qualifiers(p.qualifiers());
    }
    if (f instanceof AcapField.Prohibition p) {
      return "disallow " + p.usage() + " " + p.resource() + qualifiers(p.qualifiers());
    }
    if (f instanceof AcapField.ActionRequest a) {
      return "request " + a.action().token() + " " + a.path();
    }
    if (f instanceof AcapField.PermissionsReference r) {
      return "permissions reference " + r.locator();
    }
    AcapField.Malformed m = (AcapField.Malformed) f;
    return "malformed " + m.fieldName() + ": " + m.text();
  }

  private static String qualifiers(List<Qualifier> qs) {
    StringBuilder b = new StringBuilder();
    for (Qualifier q : qs) {
      b.append(' ').append(q.typeName()).append('=').append(q.value());
    }
    return b.toString();
  }
}
