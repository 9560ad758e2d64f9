package org.acapengine.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.UsageRef;

/**
 * The rules of ACAP 1.0 that span more than one line: definitions and their order (2.7), names
 * used before or without their definition, and the shape of records and sub-records (2.3).
 */
final class AcapChecks {

  private AcapChecks() {}

  static List<Diagnostic> check(List<AcapDefinition> definitions, List<AcapRecord> records, List<AcapField> strayFields) {
    List<Diagnostic> out = new ArrayList<>();
    int firstRecordLine = records.isEmpty() ? Integer.MAX_VALUE : records.get(0).line();

    // Usages (qualified and composite) share one namespace; resource sets have their own.
    Map<String, AcapDefinition> usages = new HashMap<>();
    Map<String, AcapDefinition.ResourceSet> sets = new HashMap<>();
    for (AcapDefinition d : definitions) {
      if (d.span().line() > firstRecordLine) {
        out.add(DiagnosticCode.DEFINITION_AFTER_RECORD.at(d.span(),
            "definition of '" + d.name() + "' stands after the first ACAP record (line " + firstRecordLine + "); definitions must precede all records (2.7)"));
      }
      AcapDefinition earlier;
      if (d instanceof AcapDefinition.ResourceSet set) {
        earlier = sets.putIfAbsent(d.key(), set);
      } else {
        earlier = usages.putIfAbsent(d.key(), d);
      }
      if (earlier != null) {
        out.add(DiagnosticCode.DUPLICATE_DEFINITION.at(d.span(),
            "'" + d.name() + "' is already defined on line " + earlier.span().line() + " (names are case-insensitive); the first definition is used"));
      }
    }
    for (AcapDefinition d : definitions) {
      if (d instanceof AcapDefinition.CompositeUsage composite) {
        for (UsageRef member : composite.members()) {
          if (!(member instanceof UsageRef.Local local)) {
            continue;
          }
          AcapDefinition target = usages.get(local.key());
          if (target == null) {
            out.add(DiagnosticCode.UNDEFINED_COMPOSITE_MEMBER.at(composite.span(),
                "composite usage '" + composite.name() + "' names '(" + local.name() + ")', which no ACAP-qualified-usage defines"));
          } else if (target instanceof AcapDefinition.CompositeUsage) {
            out.add(DiagnosticCode.COMPOSITE_MEMBER_NOT_QUALIFIED.at(composite.span(),
                "composite usage '" + composite.name() + "' names '(" + local.name() + ")', a composite usage (line " + target.span().line() + "), not a qualified usage"));
          } else if (target.span().line() > composite.span().line()) {
            out.add(DiagnosticCode.DEFINITION_BEFORE_DEPENDENCY.at(composite.span(),
                "composite usage '" + composite.name() + "' names '(" + local.name() + ")', which is defined later, on line " + target.span().line()));
          }
        }
      }
    }

    for (AcapField f : strayFields) {
      checkReferences(f, usages, sets, out);
    }
    for (AcapRecord r : records) {
      checkRecord(r, out);
      for (AcapField f : r.fields()) {
        checkReferences(f, usages, sets, out);
      }
      for (AcapSubRecord s : r.subRecords()) {
        for (AcapField f : s.fields()) {
          checkReferences(f, usages, sets, out);
        }
      }
    }
    return out;
  }

  private static void checkRecord(AcapRecord r, List<Diagnostic> out) {
    boolean any = false;
    boolean named = false;
    for (CrawlerName c : r.crawlers()) {
      if (c.isAnyCrawler()) {
        any = true;
      } else {
        named = true;
      }
    }
    if (any && named) {
      CrawlerName star = r.crawlers().stream().filter(CrawlerName::isAnyCrawler).findFirst().orElseThrow();
      out.add(DiagnosticCode.ANY_CRAWLER_WITH_NAMED.at(star.span(),
          "the record of line " + r.line() + " is addressed to '*' and to named crawlers; a record for any crawler has no other crawler field (2.3.1)"));
    }
    if (r.permissionsReference().isPresent()) {
      if (!r.fields().isEmpty() || !r.subRecords().isEmpty()) {
        AcapField.PermissionsReference ref = r.permissionsReference().get();
        out.add(DiagnosticCode.REFERENCE_WITH_OTHER_FIELDS.at(ref.span(),
            "the record of line " + r.line() + " holds 'ACAP-permissions-reference: " + Names.shorten(ref.locator()) + "' and other fields; a referencing record holds nothing else (2.3)"));
      }
    } else {
      for (AcapField f : r.fields()) {
        if (f instanceof AcapField.PermissionsReference ref) {
          out.add(DiagnosticCode.REFERENCE_WITH_OTHER_FIELDS.at(ref.span(),
              "'ACAP-permissions-reference: " + Names.shorten(ref.locator()) + "' follows other fields of the record of line " + r.line() + "; a reference must be the record's only field (2.3)"));
        }
      }
    }
    for (AcapSubRecord s : r.subRecords()) {
      for (AcapField f : s.fields()) {
        if (f instanceof AcapField.ActionRequest a) {
          out.add(DiagnosticCode.ACTION_REQUEST_IN_SUB_RECORD.at(a.span(),
              "'ACAP-request-" + a.action().token() + "' stands in a sub-record; sub-records hold only permissions and prohibitions (2.3)"));
        } else if (f instanceof AcapField.PermissionsReference ref) {
          out.add(DiagnosticCode.REFERENCE_WITH_OTHER_FIELDS.at(ref.span(),
              "'ACAP-permissions-reference: " + Names.shorten(ref.locator()) + "' stands in a sub-record; a reference must be the record's only field (2.3)"));
        }
      }
      if (s.fields().isEmpty()) {
        String which = s.purposes().isEmpty() ? "of line " + s.span().line() : "for '" + Names.shorten(s.purposes().get(0).pattern()) + "'";
        out.add(DiagnosticCode.EMPTY_SUB_RECORD.at(s.span(), "the sub-record " + which + " has no permission or prohibition"));
      }
    }
    if (r.permissionsReference().isEmpty() && r.fields().isEmpty() && r.subRecords().isEmpty()) {
      out.add(DiagnosticCode.EMPTY_RECORD.at(r.span(), "the ACAP record of line " + r.line() + " has no permission, prohibition or reference"));
    }
  }

  private static void checkReferences(AcapField f, Map<String, AcapDefinition> usages, Map<String, AcapDefinition.ResourceSet> sets, List<Diagnostic> out) {
    UsageRef usage;
    ResourceSpec resource;
    if (f instanceof AcapField.Permission p) {
      usage = p.usage();
      resource = p.resource();
    } else if (f instanceof AcapField.Prohibition p) {
      usage = null; // a local usage in a prohibition is reported where it is read
      resource = p.resource();
    } else {
      return;
    }
    if (usage instanceof UsageRef.Local local && !usages.containsKey(local.key())) {
      out.add(DiagnosticCode.UNDEFINED_LOCAL_USAGE.at(f.span(),
          "'ACAP-allow-(" + local.name() + ")': no ACAP-qualified-usage or ACAP-composite-usage defines '" + local.name() + "', so this permission grants nothing"));
    }
    if (resource instanceof ResourceSpec.ResourceSetRef ref && !sets.containsKey(ref.key())) {
      out.add(DiagnosticCode.UNDEFINED_RESOURCE_SET.at(f.span(),
          "'" + ref + "': no ACAP-resource-set defines '" + ref.name() + "', so this field applies to nothing"));
    }
  }
}
