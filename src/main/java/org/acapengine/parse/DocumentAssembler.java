package org.acapengine.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.AcapVersion;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.DiagnosticCollector;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.SourceText;
import org.acapengine.model.Span;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.UserAgentLine;

/**
 * Receives the lines of a robots.txt in file order, as the tree walker finds them, and assembles
 * the {@link PolicyDocument}: RFC 9309 grouping of the conventional lines, ACAP records with their
 * sub-records, and the diagnostics (through a {@link DiagnosticCollector}, which caps them per
 * code). Knows nothing of the parse tree.
 */
final class DocumentAssembler {

  private final DiagnosticCollector diagnostics = new DiagnosticCollector();
  private Optional<AcapVersion> version = Optional.empty();
  private Optional<Span> ignoreConventional = Optional.empty();
  private final List<ConventionalGroup> groups = new ArrayList<>();
  private final List<ConventionalRule> orphanRules = new ArrayList<>();
  private final List<ExtensionField> fileFields = new ArrayList<>();
  private final List<AcapDefinition> definitions = new ArrayList<>();
  private final List<AcapRecord> records = new ArrayList<>();
  private final List<AcapField> strayFields = new ArrayList<>();
  private final List<UnparsedLine> unparsed = new ArrayList<>();

  // The open conventional group (RFC 9309 2.1): its User-agent lines, rules and other fields.
  private List<UserAgentLine> groupAgents;
  private List<ConventionalRule> groupRules;
  private List<ExtensionField> groupFields;
  private Span groupSpan;

  // The open ACAP record.
  private int recordLine;
  private List<CrawlerName> recordCrawlers;
  private AcapField.PermissionsReference recordReference;
  private List<AcapField> recordFields;
  private List<AcapSubRecord> recordSubRecords;
  private List<PurposePattern> subPurposes;
  private List<AcapField> subFields;
  private Span subSpan;
  /** True once a field of the open ACAP record was seen with no User-agent line after it (2.9.2). */
  private boolean acapFieldSinceUserAgent;

  void diagnostic(Diagnostic d) {
    diagnostics.accept(d);
  }

  // ---- comments and directives ----------------------------------------------------------------

  void versionComment(String version, Span span) {
    if (this.version.isEmpty()) {
      this.version = Optional.of(new AcapVersion(version, span));
    }
    if (span.line() != 1) {
      diagnostics.accept(DiagnosticCode.VERSION_COMMENT_NOT_FIRST.at(span, "'##ACAP version=" + version + "' stands on line " + span.line() + ", not on line 1"));
    }
    if (!version.equals("1.0")) {
      diagnostics.accept(DiagnosticCode.UNSUPPORTED_ACAP_VERSION.at(span, "'##ACAP version=" + Names.shorten(version) + "': this engine implements ACAP 1.0"));
    }
  }

  void ignoreConventionalRecords(Span span) {
    if (ignoreConventional.isPresent()) {
      diagnostics.accept(DiagnosticCode.IGNORE_CONVENTIONAL_RECORDS_MISPLACED.at(span,
          "ACAP-ignore-conventional-records is already given on line " + ignoreConventional.get().line()));
      return;
    }
    ignoreConventional = Optional.of(span);
    if (!definitions.isEmpty() || recordCrawlers != null || !records.isEmpty()) {
      String after = !definitions.isEmpty() ? "the definition on line " + definitions.get(0).span().line() : "the first ACAP record";
      diagnostics.accept(DiagnosticCode.IGNORE_CONVENTIONAL_RECORDS_MISPLACED.at(span,
          "ACAP-ignore-conventional-records stands after " + after + "; it should precede every definition (2.9.1)"));
    }
  }

  void unparsed(UnparsedLine line) {
    unparsed.add(line);
  }

  void definition(AcapDefinition definition) {
    definitions.add(definition);
  }

  // ---- conventional lines (RFC 9309) ----------------------------------------------------------

  void userAgent(UserAgentLine line) {
    if (groupAgents == null || !groupRules.isEmpty()) {
      closeGroup();
      if (recordCrawlers != null || !records.isEmpty()) {
        diagnostics.accept(DiagnosticCode.CONVENTIONAL_AFTER_ACAP_RECORD.at(line.span(),
            "the group of 'User-agent: " + Names.shorten(line.value()) + "' starts after the ACAP record of line " + recordSpanStart()
                + "; ACAP records are best placed after all conventional records (2.9.2)"));
      }
      groupAgents = new ArrayList<>();
      groupRules = new ArrayList<>();
      groupFields = new ArrayList<>();
      groupSpan = line.span();
    }
    groupAgents.add(line);
    groupSpan = groupSpan.union(line.span());
    acapFieldSinceUserAgent = false;
  }

  void rule(boolean allow, String pattern, Span span) {
    boolean inside = acapFieldSinceUserAgent;
    ConventionalRule rule = new ConventionalRule(allow, pattern, inside, span);
    if (groupAgents == null) {
      orphanRules.add(rule);
      diagnostics.accept(DiagnosticCode.RULE_OUTSIDE_GROUP.at(span, "'" + Names.shorten(ruleText(allow, pattern)) + "' stands before any User-agent line; crawlers ignore it"));
      return;
    }
    groupRules.add(rule);
    groupSpan = groupSpan.union(span);
    if (inside) {
      insideAcapRecord(ruleText(allow, pattern), span);
    }
  }

  void extensionField(String name, String value, Span span, boolean fileWide) {
    boolean inside = acapFieldSinceUserAgent && !fileWide;
    ExtensionField field = new ExtensionField(name, value, inside, span);
    if (fileWide || groupAgents == null) {
      fileFields.add(field);
      return;
    }
    groupFields.add(field);
    groupSpan = groupSpan.union(span);
    if (inside) {
      insideAcapRecord(name + ": " + value, span);
    }
  }

  /** A rule as a diagnostic quotes it; made only for a diagnostic, not for every rule. */
  private static String ruleText(boolean allow, String pattern) {
    return (allow ? "Allow: " : "Disallow: ") + pattern;
  }

  private void insideAcapRecord(String text, Span span) {
    UserAgentLine first = groupAgents.get(0);
    diagnostics.accept(DiagnosticCode.CONVENTIONAL_FIELD_IN_ACAP_RECORD.at(span,
        "'" + Names.shorten(text) + "' stands inside the ACAP record of line " + recordSpanStart()
            + ": ACAP crawlers ignore it, legacy crawlers apply it to the group of 'User-agent: "
            + Names.shorten(first.value()) + "' (line " + first.span().line() + ")"));
  }

  /** The first line of the open ACAP record (a conventional line is inside one only while it is open). */
  private int recordSpanStart() {
    return recordLine;
  }

  private void closeGroup() {
    if (groupAgents != null) {
      groups.add(new ConventionalGroup(groupAgents, groupRules, groupFields, groupSpan));
      groupAgents = null;
    }
  }

  // ---- ACAP records -----------------------------------------------------------------------------

  /** Opens an ACAP record whose first (crawler) field stands on {@code line}. */
  void startRecord(int line) {
    recordLine = line;
    recordCrawlers = new ArrayList<>();
    recordReference = null;
    recordFields = new ArrayList<>();
    recordSubRecords = new ArrayList<>();
    subPurposes = null;
  }

  /**
   * A crawler identification field, or null for a malformed one. A malformed one still opens the
   * record (the grammar delimits records), but names no crawler, so on its own it does not put
   * the conventional lines after it inside an ACAP record: "ACAP-crawler bot" must not silence a
   * legacy "Disallow: /private/" below it.
   */
  void crawler(CrawlerName name) {
    if (name != null) {
      acapFieldSinceUserAgent = true;
      recordCrawlers.add(name);
    }
  }

  /** A general field of the open record (before any sub-record). */
  void recordField(AcapField field) {
    acapFieldSinceUserAgent = true;
    if (field instanceof AcapField.PermissionsReference ref && recordReference == null && recordFields.isEmpty()) {
      recordReference = ref;
      return;
    }
    recordFields.add(field);
  }

  void startSubRecord() {
    subPurposes = new ArrayList<>();
    subFields = new ArrayList<>();
    subSpan = null;
  }

  /** A usage-purpose field: its pattern, and the span of the whole field (the sub-record's extent). */
  void purpose(PurposePattern purpose, Span fieldSpan) {
    acapFieldSinceUserAgent = true;
    subPurposes.add(purpose);
    subSpan = subSpan == null ? fieldSpan : subSpan.union(fieldSpan);
  }

  /** A malformed usage-purpose field: it opens the sub-record but names no purpose. */
  void malformedPurpose(Span span) {
    acapFieldSinceUserAgent = true;
    subSpan = subSpan == null ? span : subSpan.union(span);
  }

  void subRecordField(AcapField field) {
    acapFieldSinceUserAgent = true;
    subFields.add(field);
    subSpan = subSpan == null ? field.span() : subSpan.union(field.span());
  }

  /**
   * Closes the open sub-record. It is kept even when every usage-purpose field that opened it was
   * malformed (its purposes are then empty and it applies to no purpose), so that its fields are
   * not lost from the model.
   */
  void endSubRecord() {
    if (subSpan != null) {
      recordSubRecords.add(new AcapSubRecord(subPurposes, subFields, subSpan));
    }
    subPurposes = null;
  }

  void endRecord(Span span) {
    records.add(new AcapRecord(recordCrawlers, Optional.ofNullable(recordReference), recordFields, recordSubRecords, span));
    recordCrawlers = null;
  }

  /** An ACAP record field before the first ACAP-crawler field. */
  void strayField(AcapField field) {
    strayFields.add(field);
    diagnostics.accept(DiagnosticCode.FIELD_OUTSIDE_RECORD.at(field.span(),
        "this field stands before the first ACAP-crawler field, so it belongs to no ACAP record and applies to no crawler"));
  }

  PolicyDocument finish(SourceText source) {
    closeGroup();
    diagnostics.addAll(AcapChecks.check(definitions, records, strayFields));
    return new PolicyDocument(source, version, ignoreConventional, groups, orphanRules, fileFields, definitions, records, strayFields, unparsed,
        diagnostics.sortedAndCapped());
  }
}
