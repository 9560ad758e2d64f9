package org.acapengine.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.acapengine.internal.json.Json;
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
import org.acapengine.model.QualifierValue;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;
import org.acapengine.model.UserAgentLine;

/** The model as JSON, in the shape documented in docs/parse-json.md. */
public final class ModelJson {

  private ModelJson() {}

  /**
   * The whole parsed document as JSON text, pretty-printed (docs/parse-json.md).
   *
   * @param doc the parsed document
   * @return the JSON text
   */
  public static String document(PolicyDocument doc) {
    return Json.pretty(documentNode(doc));
  }

  /** The whole parsed document as a JSON tree. */
  static ObjectNode documentNode(PolicyDocument doc) {
    ObjectNode root = Json.object();
    ObjectNode source = root.putObject("source");
    source.put("name", doc.source().name());
    source.put("bytes", doc.source().byteLength());
    source.put("lines", doc.source().lines().size());
    source.put("truncated", doc.source().truncated());
    source.put("byteOrderMark", doc.source().hadByteOrderMark());
    source.put("validUtf8", doc.source().validUtf8());
    if (doc.acapVersion().isPresent()) {
      root.put("acapVersion", doc.acapVersion().get().version());
    } else {
      root.putNull("acapVersion");
    }
    root.put("ignoreConventionalRecords", doc.ignoresConventionalRecords());
    ArrayNode groups = root.putArray("conventionalGroups");
    for (ConventionalGroup g : doc.conventionalGroups()) {
      groups.add(group(g));
    }
    rules(root.putArray("orphanRules"), doc.orphanRules());
    ArrayNode fileFields = root.putArray("fileFields");
    for (ExtensionField f : doc.fileFields()) {
      fileFields.add(extension(f));
    }
    ArrayNode defs = root.putArray("definitions");
    for (AcapDefinition d : doc.definitions()) {
      defs.add(definition(d));
    }
    ArrayNode records = root.putArray("acapRecords");
    for (AcapRecord r : doc.acapRecords()) {
      records.add(record(r));
    }
    fields(root.putArray("strayFields"), doc.strayFields());
    ArrayNode unparsed = root.putArray("unparsedLines");
    for (UnparsedLine u : doc.unparsedLines()) {
      ObjectNode n = unparsed.addObject();
      n.put("kind", u.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
      n.put("line", u.span().line());
      n.put("text", u.text());
    }
    ArrayNode diags = root.putArray("diagnostics");
    for (Diagnostic d : doc.diagnostics()) {
      diags.add(diagnostic(d));
    }
    return root;
  }

  /**
   * A diagnostic as JSON: code, severity, message, help and span.
   *
   * @param d the diagnostic
   * @return a new JSON object
   */
  static ObjectNode diagnostic(Diagnostic d) {
    ObjectNode n = Json.object();
    n.put("severity", d.severity().label());
    n.put("code", d.code());
    n.put("line", d.span().line());
    n.put("column", d.span().column());
    n.put("endLine", d.span().endLine());
    n.put("endColumn", d.span().endColumn());
    n.put("message", d.message());
    n.put("help", d.help());
    return n;
  }

  private static ObjectNode group(ConventionalGroup g) {
    ObjectNode n = Json.object();
    n.put("line", g.span().line());
    n.put("endLine", g.span().endLine());
    ArrayNode agents = n.putArray("userAgents");
    for (UserAgentLine ua : g.userAgents()) {
      ObjectNode a = agents.addObject();
      a.put("value", ua.value());
      a.put("line", ua.span().line());
    }
    rules(n.putArray("rules"), g.rules());
    ArrayNode fields = n.putArray("fields");
    for (ExtensionField f : g.fields()) {
      fields.add(extension(f));
    }
    return n;
  }

  private static void rules(ArrayNode out, List<ConventionalRule> rules) {
    for (ConventionalRule r : rules) {
      ObjectNode n = out.addObject();
      n.put("type", r.allow() ? "allow" : "disallow");
      n.put("pattern", r.pattern());
      n.put("line", r.span().line());
      n.put("insideAcapRecord", r.insideAcapRecord());
    }
  }

  private static ObjectNode extension(ExtensionField f) {
    ObjectNode n = Json.object();
    n.put("name", f.name());
    n.put("value", f.value());
    n.put("line", f.span().line());
    n.put("insideAcapRecord", f.insideAcapRecord());
    return n;
  }

  private static ObjectNode definition(AcapDefinition d) {
    ObjectNode n = Json.object();
    if (d instanceof AcapDefinition.QualifiedUsage q) {
      n.put("kind", "qualified-usage");
      n.put("name", q.name());
      n.put("line", q.span().line());
      usage(n, q.usage());
      qualifiers(n.putArray("qualifiers"), q.qualifiers());
    } else if (d instanceof AcapDefinition.CompositeUsage c) {
      n.put("kind", "composite-usage");
      n.put("name", c.name());
      n.put("line", c.span().line());
      ArrayNode members = n.putArray("members");
      for (UsageRef m : c.members()) {
        members.add(m.toString());
      }
    } else if (d instanceof AcapDefinition.ResourceSet s) {
      n.put("kind", "resource-set");
      n.put("name", s.name());
      n.put("line", s.span().line());
      ArrayNode patterns = n.putArray("patterns");
      s.patterns().forEach(patterns::add);
    }
    return n;
  }

  private static ObjectNode record(AcapRecord r) {
    ObjectNode n = Json.object();
    ArrayNode crawlers = n.putArray("crawlers");
    for (CrawlerName c : r.crawlers()) {
      crawlers.add(c.name());
    }
    n.put("anyCrawler", r.isAnyCrawler());
    n.put("line", r.span().line());
    n.put("endLine", r.span().endLine());
    if (r.permissionsReference().isPresent()) {
      ObjectNode ref = n.putObject("permissionsReference");
      ref.put("locator", r.permissionsReference().get().locator());
      ref.put("line", r.permissionsReference().get().span().line());
    } else {
      n.putNull("permissionsReference");
    }
    fields(n.putArray("fields"), r.fields());
    ArrayNode subs = n.putArray("subRecords");
    for (AcapSubRecord s : r.subRecords()) {
      ObjectNode sn = subs.addObject();
      sn.put("line", s.span().line());
      ArrayNode purposes = sn.putArray("purposes");
      for (PurposePattern p : s.purposes()) {
        purposes.add(p.pattern());
      }
      fields(sn.putArray("fields"), s.fields());
    }
    return n;
  }

  private static void fields(ArrayNode out, List<AcapField> fields) {
    for (AcapField f : fields) {
      out.add(field(f));
    }
  }

  /**
   * One ACAP field as JSON.
   *
   * @param f the field
   * @return a new JSON object
   */
  static ObjectNode field(AcapField f) {
    ObjectNode n = Json.object();
    if (f instanceof AcapField.Permission p) {
      n.put("kind", "permission");
      n.put("line", p.span().line());
      usageRef(n, p.usage());
      resource(n, p.resource());
      qualifiers(n.putArray("qualifiers"), p.qualifiers());
    } else if (f instanceof AcapField.Prohibition p) {
      n.put("kind", "prohibition");
      n.put("line", p.span().line());
      usageRef(n, p.usage());
      resource(n, p.resource());
      qualifiers(n.putArray("qualifiers"), p.qualifiers());
    } else if (f instanceof AcapField.ActionRequest a) {
      n.put("kind", "action-request");
      n.put("line", a.span().line());
      n.put("action", a.action().token());
      n.put("path", a.path());
    } else if (f instanceof AcapField.PermissionsReference r) {
      n.put("kind", "permissions-reference");
      n.put("line", r.span().line());
      n.put("locator", r.locator());
    } else if (f instanceof AcapField.Malformed m) {
      n.put("kind", "malformed");
      n.put("line", m.span().line());
      n.put("field", m.fieldName());
      n.put("text", m.text());
    }
    return n;
  }

  private static void usageRef(ObjectNode n, UsageRef ref) {
    if (ref instanceof UsageRef.Local local) {
      n.put("usage", "(" + local.name() + ")");
      n.put("local", true);
    } else {
      usage(n, ((UsageRef.Standard) ref).usage());
      n.put("local", false);
    }
  }

  private static void usage(ObjectNode n, Usage u) {
    n.put("usage", u.name());
    if (u.type().isPresent()) {
      n.put("usageType", u.type().get().token());
    } else {
      n.putNull("usageType");
    }
    if (u.resourceType().isPresent()) {
      n.put("resourceType", u.resourceType().get().token());
    } else if (!u.resourceName().isEmpty()) {
      n.put("resourceType", u.resourceName());
    } else {
      n.putNull("resourceType");
    }
    n.put("inVocabulary", u.isInVocabulary());
  }

  private static void resource(ObjectNode n, ResourceSpec spec) {
    ObjectNode r = n.putObject("resource");
    if (spec instanceof ResourceSpec.ResourceSetRef set) {
      r.put("resourceSet", set.name());
    } else {
      r.put("pattern", ((ResourceSpec.PathPattern) spec).pattern());
    }
  }

  private static void qualifiers(ArrayNode out, List<Qualifier> qualifiers) {
    for (Qualifier q : qualifiers) {
      ObjectNode n = out.addObject();
      n.put("type", q.typeName());
      n.put("value", q.value());
      n.put("known", q.type().isPresent());
      if (q.parsed().isPresent()) {
        n.set("parsed", qualifierValue(q.parsed().get()));
      } else {
        n.putNull("parsed");
      }
    }
  }

  /**
   * A typed qualifier value as JSON: {"kind": ..., ...}.
   *
   * @param v the value
   * @return a new JSON object
   */
  static ObjectNode qualifierValue(QualifierValue v) {
    ObjectNode n = Json.object();
    if (v instanceof QualifierValue.UntilRecrawled) {
      n.put("kind", "until-recrawled");
    } else if (v instanceof QualifierValue.UntilDate d) {
      n.put("kind", "until-date");
      n.put("date", d.date().toString());
    } else if (v instanceof QualifierValue.ForDays d) {
      n.put("kind", "days");
      n.put("days", d.days());
    } else if (v instanceof QualifierValue.MaxLength m) {
      n.put("kind", "max-length");
      n.put("count", m.count());
      n.put("unit", m.unit().name().toLowerCase(java.util.Locale.ROOT));
    } else if (v instanceof QualifierValue.Modification m) {
      n.put("kind", "modification");
      n.put("modification", m.type().name().toLowerCase(java.util.Locale.ROOT));
    } else if (v instanceof QualifierValue.ResourceLocator r) {
      n.put("kind", "resource");
      n.put("uri", r.uri());
      n.put("role", r.role());
      n.put("extract", r.extractKind());
      n.put("target", r.target());
    } else if (v instanceof QualifierValue.FrameContext c) {
      n.put("kind", "context");
      n.put("value", c.value());
    }
    return n;
  }
}
