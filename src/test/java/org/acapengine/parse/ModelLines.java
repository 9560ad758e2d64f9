package org.acapengine.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
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
import org.acapengine.model.Span;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.UserAgentLine;
import org.acapengine.render.ModelOutline;

/**
 * Test helpers that look at a parsed document line by line: what model node each line became (a
 * short summary), which spans the model holds, and the diagnostic codes.
 */
final class ModelLines {

  private ModelLines() {}

  static PolicyDocument parse(String text) {
    return new RobotsTxtParser().parse(text, "test.txt");
  }

  /** The diagnostic codes in document order. */
  static List<String> codes(PolicyDocument doc) {
    return doc.diagnostics().stream().map(Diagnostic::code).toList();
  }

  /** The diagnostic codes of one line. */
  static List<String> codes(PolicyDocument doc, int line) {
    return doc.diagnostics().stream().filter(d -> d.span().line() == line).map(Diagnostic::code).toList();
  }

  /** The model nodes of each line, summarised ("permission: allow crawl /x", "user-agent: bot", ...). */
  static Map<Integer, List<String>> nodesByLine(PolicyDocument doc) {
    Map<Integer, List<String>> out = new TreeMap<>();
    BiConsumer<Span, String> put = (span, s) -> out.computeIfAbsent(span.line(), k -> new ArrayList<>()).add(s);
    doc.acapVersion().ifPresent(v -> put.accept(v.span(), "version: " + v.version()));
    doc.ignoreConventionalRecords().ifPresent(s -> put.accept(s, "ignore-conventional-records"));
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (UserAgentLine ua : g.userAgents()) {
        put.accept(ua.span(), "user-agent: " + ua.value());
      }
      for (ConventionalRule r : g.rules()) {
        put.accept(r.span(), rule(r));
      }
      for (ExtensionField f : g.fields()) {
        put.accept(f.span(), extension(f));
      }
    }
    for (ConventionalRule r : doc.orphanRules()) {
      put.accept(r.span(), "orphan " + rule(r));
    }
    for (ExtensionField f : doc.fileFields()) {
      put.accept(f.span(), "file " + extension(f));
    }
    for (AcapDefinition d : doc.definitions()) {
      put.accept(d.span(), definition(d));
    }
    for (AcapRecord r : doc.acapRecords()) {
      for (CrawlerName c : r.crawlers()) {
        put.accept(c.span(), "crawler: " + c.name());
      }
      r.permissionsReference().ifPresent(ref -> put.accept(ref.span(), "reference: " + ref.locator()));
      for (AcapField f : r.fields()) {
        put.accept(f.span(), field(f));
      }
      for (AcapSubRecord s : r.subRecords()) {
        for (PurposePattern p : s.purposes()) {
          put.accept(p.span(), "purpose: " + p.pattern());
        }
        for (AcapField f : s.fields()) {
          put.accept(f.span(), "sub-record " + field(f));
        }
      }
    }
    for (AcapField f : doc.strayFields()) {
      put.accept(f.span(), "stray " + field(f));
    }
    for (UnparsedLine u : doc.unparsedLines()) {
      put.accept(u.span(), "unparsed " + u.kind().name().toLowerCase(java.util.Locale.ROOT));
    }
    return out;
  }

  /** The one-line summary of what line {@code line} became, or "nothing". */
  static String node(PolicyDocument doc, int line) {
    List<String> nodes = nodesByLine(doc).get(line);
    return nodes == null ? "nothing" : String.join(" + ", nodes);
  }

  /** Every span the document holds: model nodes at every level, and diagnostics. */
  static List<Span> allSpans(PolicyDocument doc) {
    List<Span> spans = new ArrayList<>();
    doc.acapVersion().ifPresent(v -> spans.add(v.span()));
    doc.ignoreConventionalRecords().ifPresent(spans::add);
    for (ConventionalGroup g : doc.conventionalGroups()) {
      spans.add(g.span());
      g.userAgents().forEach(u -> spans.add(u.span()));
      g.rules().forEach(r -> spans.add(r.span()));
      g.fields().forEach(f -> spans.add(f.span()));
    }
    doc.orphanRules().forEach(r -> spans.add(r.span()));
    doc.fileFields().forEach(f -> spans.add(f.span()));
    for (AcapDefinition d : doc.definitions()) {
      spans.add(d.span());
      if (d instanceof AcapDefinition.QualifiedUsage q) {
        q.qualifiers().forEach(x -> spans.add(x.span()));
      }
    }
    for (AcapRecord r : doc.acapRecords()) {
      spans.add(r.span());
      r.crawlers().forEach(c -> spans.add(c.span()));
      r.permissionsReference().ifPresent(x -> spans.add(x.span()));
      r.fields().forEach(f -> addField(f, spans));
      for (AcapSubRecord s : r.subRecords()) {
        spans.add(s.span());
        s.purposes().forEach(p -> spans.add(p.span()));
        s.fields().forEach(f -> addField(f, spans));
      }
    }
    doc.strayFields().forEach(f -> addField(f, spans));
    doc.unparsedLines().forEach(u -> spans.add(u.span()));
    doc.diagnostics().forEach(d -> spans.add(d.span()));
    return spans;
  }

  private static void addField(AcapField f, List<Span> spans) {
    spans.add(f.span());
    List<Qualifier> qs = f instanceof AcapField.Permission p ? p.qualifiers()
        : f instanceof AcapField.Prohibition p ? p.qualifiers() : List.of();
    qs.forEach(q -> spans.add(q.span()));
  }

  private static String rule(ConventionalRule r) {
    return (r.allow() ? "allow: " : "disallow: ") + r.pattern() + (r.insideAcapRecord() ? " [inside]" : "");
  }

  private static String extension(ExtensionField f) {
    return "field " + f.name() + ": " + f.value() + (f.insideAcapRecord() ? " [inside]" : "");
  }

  static String field(AcapField f) {
    if (f instanceof AcapField.Malformed m) {
      return "malformed: " + m.fieldName();
    }
    String kind = f instanceof AcapField.Permission ? "permission"
        : f instanceof AcapField.Prohibition ? "prohibition"
        : f instanceof AcapField.ActionRequest ? "request"
        : "reference";
    return kind + ": " + ModelOutline.describe(f);
  }

  static String definition(AcapDefinition d) {
    if (d instanceof AcapDefinition.QualifiedUsage q) {
      StringBuilder sb = new StringBuilder("qualified-usage: " + q.name() + " = " + q.usage().name());
      q.qualifiers().forEach(x -> sb.append(' ').append(x.typeName()).append('=').append(x.value()));
      return sb.toString();
    }
    if (d instanceof AcapDefinition.CompositeUsage c) {
      StringBuilder sb = new StringBuilder("composite-usage: " + c.name() + " =");
      c.members().forEach(m -> sb.append(' ').append(m));
      return sb.toString();
    }
    AcapDefinition.ResourceSet s = (AcapDefinition.ResourceSet) d;
    return "resource-set: " + s.name() + " = " + String.join(" ", s.patterns());
  }
}
