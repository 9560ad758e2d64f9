package org.acapengine.model;

/**
 * Every diagnostic the parser and model builder report: a stable code, its default severity, a
 * one-line title and how to fix it. {@code acap lint --list-rules} prints these.
 */
public enum DiagnosticCode implements Code {
  // ---- input -------------------------------------------------------------------------------
  /** Content beyond the size limit is not parsed ({@code file-truncated}). */
  FILE_TRUNCATED("file-truncated", Severity.WARNING,
      "content beyond the size limit is not parsed",
      "Keep robots.txt under the limit (RFC 9309 2.5: crawlers must parse at least 500 KiB); move rules for rarely crawled paths out, or merge groups."),
  /** The file is not valid UTF-8 ({@code invalid-utf8}). */
  INVALID_UTF8("invalid-utf8", Severity.WARNING,
      "the file is not valid UTF-8",
      "Save robots.txt as UTF-8 (RFC 9309 2.3); bytes that are not UTF-8 were read as U+FFFD and cannot match any path."),
  /** The file starts with a UTF-8 byte order mark ({@code byte-order-mark}). */
  BYTE_ORDER_MARK("byte-order-mark", Severity.INFO,
      "the file starts with a UTF-8 byte order mark",
      "The BOM is skipped; some older crawlers read it as part of the first field name, so remove it."),
  /** A line that is no robots.txt field ({@code unrecognised-line}). */
  UNRECOGNISED_LINE("unrecognised-line", Severity.WARNING,
      "a line that is no robots.txt field",
      "Every line is 'name: value', a comment starting '#', or blank; fix or comment out this line."),

  // ---- ACAP syntax -----------------------------------------------------------------------------
  /** A line starting 'ACAP-' that is no ACAP field ({@code unknown-acap-field}). */
  UNKNOWN_ACAP_FIELD("unknown-acap-field", Severity.ERROR,
      "a line starting 'ACAP-' that is no ACAP field",
      "Check the spelling against ACAP 1.0 section 2: ACAP-crawler, ACAP-allow-<usage>, ACAP-disallow-<usage>, ACAP-usage-purpose, ACAP-permissions-reference, ACAP-qualified-usage, ACAP-composite-usage, ACAP-resource-set, ACAP-request-take-down, ACAP-request-re-crawl, ACAP-ignore-conventional-records."),
  /** An ACAP field with no ':' after its name ({@code acap-field-without-colon}). */
  ACAP_FIELD_WITHOUT_COLON("acap-field-without-colon", Severity.ERROR,
      "an ACAP field with no ':' after its name",
      "Write the field as 'ACAP-name: value'."),
  /** An ACAP field with no value ({@code acap-field-without-value}). */
  ACAP_FIELD_WITHOUT_VALUE("acap-field-without-value", Severity.ERROR,
      "an ACAP field with no value",
      "Give the field its value (a resource path pattern, a crawler name, ...), or remove it."),
  /** An ACAP field whose value does not have the field's syntax ({@code malformed-acap-field}). */
  MALFORMED_ACAP_FIELD("malformed-acap-field", Severity.ERROR,
      "an ACAP field whose value does not have the field's syntax",
      "See the field's syntax in ACAP 1.0 section 3; resource path patterns contain no spaces, qualifiers are 'type=value' after the pattern."),
  /** A name that is not ALPHA *(ALPHA / DIGIT / '-' / '_' / '.') ({@code invalid-name}). */
  INVALID_NAME("invalid-name", Severity.ERROR,
      "a name that is not ALPHA *(ALPHA / DIGIT / '-' / '_' / '.')",
      "ACAP names start with a letter and contain only letters, digits, '-', '_' and '.'."),
  /** ACAP-ignore-conventional-records after a definition or a record, or given twice ({@code ignore-conventional-records-misplaced}). */
  IGNORE_CONVENTIONAL_RECORDS_MISPLACED("ignore-conventional-records-misplaced", Severity.WARNING,
      "ACAP-ignore-conventional-records after a definition or a record, or given twice",
      "Section 2.9.1: place it once, before any ACAP definition field (it is honoured wherever it stands)."),
  /** ACAP-ignore-conventional-records followed by a value ({@code ignore-conventional-records-with-value}). */
  IGNORE_CONVENTIONAL_RECORDS_WITH_VALUE("ignore-conventional-records-with-value", Severity.WARNING,
      "ACAP-ignore-conventional-records followed by a value",
      "The directive takes no value: write 'ACAP-ignore-conventional-records' alone on its line."),

  // ---- ACAP structure --------------------------------------------------------------------------
  /** An ACAP record field before the first ACAP-crawler field ({@code field-outside-record}). */
  FIELD_OUTSIDE_RECORD("field-outside-record", Severity.ERROR,
      "an ACAP record field before the first ACAP-crawler field",
      "Start an ACAP record with 'ACAP-crawler: <name>' (or '*') before its permissions and prohibitions."),
  /** ACAP-crawler: * together with named crawlers in one record ({@code any-crawler-with-named}). */
  ANY_CRAWLER_WITH_NAMED("any-crawler-with-named", Severity.ERROR,
      "ACAP-crawler: * together with named crawlers in one record",
      "A record addressed to any crawler must have no other crawler field (2.3.1); split it into two records."),
  /** A permissions-reference record holding other fields ({@code reference-with-other-fields}). */
  REFERENCE_WITH_OTHER_FIELDS("reference-with-other-fields", Severity.ERROR,
      "a permissions-reference record holding other fields",
      "A record with ACAP-permissions-reference holds nothing else (2.3); move the other fields to the referenced file or to a record of their own."),
  /** An action request inside a sub-record ({@code action-request-in-sub-record}). */
  ACTION_REQUEST_IN_SUB_RECORD("action-request-in-sub-record", Severity.ERROR,
      "an action request inside a sub-record",
      "Sub-records hold only permissions and prohibitions (2.3); move the action request before the first ACAP-usage-purpose field."),
  /** An ACAP record with no permission, prohibition or reference ({@code empty-record}). */
  EMPTY_RECORD("empty-record", Severity.WARNING,
      "an ACAP record with no permission, prohibition or reference",
      "Add the record's fields, or remove its ACAP-crawler lines."),
  /** Usage-purpose fields with no permission or prohibition after them ({@code empty-sub-record}). */
  EMPTY_SUB_RECORD("empty-sub-record", Severity.WARNING,
      "usage-purpose fields with no permission or prohibition after them",
      "Add the permissions and prohibitions for that purpose, or remove the ACAP-usage-purpose lines."),
  /** A definition field after the first ACAP record ({@code definition-after-record}). */
  DEFINITION_AFTER_RECORD("definition-after-record", Severity.ERROR,
      "a definition field after the first ACAP record",
      "All definition fields must precede all ACAP records (2.7); move it up."),
  /** A definition that relies on a definition standing after it ({@code definition-before-dependency}). */
  DEFINITION_BEFORE_DEPENDENCY("definition-before-dependency", Severity.ERROR,
      "a definition that relies on a definition standing after it",
      "A definition must come after the definitions it uses (2.7); move the qualified usage above the composite usage."),
  /** Two definitions with one name ({@code duplicate-definition}). */
  DUPLICATE_DEFINITION("duplicate-definition", Severity.ERROR,
      "two definitions with one name",
      "No two qualified or composite usages, and no two resource sets, may share a name (names are case-insensitive); rename one."),
  /** ACAP-allow-(name) with a name no definition gives ({@code undefined-local-usage}). */
  UNDEFINED_LOCAL_USAGE("undefined-local-usage", Severity.ERROR,
      "ACAP-allow-(name) with a name no definition gives",
      "Define it with ACAP-qualified-usage or ACAP-composite-usage before the first ACAP record, or fix the name; as it stands the permission grants nothing."),
  /** The-acap:resource-set:name with a name no definition gives ({@code undefined-resource-set}). */
  UNDEFINED_RESOURCE_SET("undefined-resource-set", Severity.ERROR,
      "the-acap:resource-set:name with a name no definition gives",
      "Define the set with 'ACAP-resource-set: name pattern ...' before the first ACAP record; as it stands the field applies to nothing."),
  /** A composite usage naming an undefined qualified usage ({@code undefined-composite-member}). */
  UNDEFINED_COMPOSITE_MEMBER("undefined-composite-member", Severity.ERROR,
      "a composite usage naming an undefined qualified usage",
      "Define the qualified usage (ACAP-qualified-usage) above the composite usage, or fix the name."),
  /** A composite usage naming another composite usage ({@code composite-member-not-qualified}). */
  COMPOSITE_MEMBER_NOT_QUALIFIED("composite-member-not-qualified", Severity.ERROR,
      "a composite usage naming another composite usage",
      "A (name) in a composite usage must be a qualified usage (2.7.2); list the other composite's members instead."),

  // ---- usages and qualifiers -------------------------------------------------------------------
  /** A usage type outside the ACAP vocabulary ({@code unknown-usage}). */
  UNKNOWN_USAGE("unknown-usage", Severity.WARNING,
      "a usage type outside the ACAP vocabulary",
      "The usage types are crawl, follow, index, preserve, present (with original, currentcopy, oldcopy, snippet, thumbnail, oldsnippet, oldthumbnail, link) and other (2.5)."),
  /** A usage type with a used resource type it does not take ({@code invalid-usage-combination}). */
  INVALID_USAGE_COMBINATION("invalid-usage-combination", Severity.WARNING,
      "a usage type with a used resource type it does not take",
      "Only present takes a used resource type: original, currentcopy, oldcopy, snippet, thumbnail, oldsnippet, oldthumbnail or link (2.5)."),
  /** A prohibition naming a locally defined usage ({@code local-usage-in-prohibition}). */
  LOCAL_USAGE_IN_PROHIBITION("local-usage-in-prohibition", Severity.ERROR,
      "a prohibition naming a locally defined usage",
      "A prohibition may not refer to a qualified or composite usage (2.4.2); prohibit the standard usage instead."),
  /** A qualifier on a prohibition ({@code qualifier-on-prohibition}). */
  QUALIFIER_ON_PROHIBITION("qualifier-on-prohibition", Severity.ERROR,
      "a qualifier on a prohibition",
      "Prohibitions take no qualifiers (2.4.2): express a restricted usage as a qualified permission."),
  /** A qualifier on ACAP-allow-(name) ({@code qualifier-on-local-usage}). */
  QUALIFIER_ON_LOCAL_USAGE("qualifier-on-local-usage", Severity.ERROR,
      "a qualifier on ACAP-allow-(name)",
      "No explicit qualifiers may follow a locally defined usage (2.4.1.3); put them in its ACAP-qualified-usage definition."),
  /** A qualifier type outside the ACAP vocabulary ({@code unknown-qualifier}). */
  UNKNOWN_QUALIFIER("unknown-qualifier", Severity.WARNING,
      "a qualifier type outside the ACAP vocabulary",
      "The qualifier types are time-limit, max-length, prohibited-modification, must-use-resource, must-include-resource, prohibited-context and required-context (2.5)."),
  /** A qualifier type the usage does not take ({@code qualifier-not-valid-for-usage}). */
  QUALIFIER_NOT_VALID_FOR_USAGE("qualifier-not-valid-for-usage", Severity.WARNING,
      "a qualifier type the usage does not take",
      "See section 2.5 for the qualifiers each usage takes (max-length only on present-snippet and present-oldsnippet, for one)."),
  /** A malformed qualifier value ({@code invalid-qualifier-value}). */
  INVALID_QUALIFIER_VALUE("invalid-qualifier-value", Severity.ERROR,
      "a malformed qualifier value",
      "time-limit=until-recrawled | until-YYYY-MM-DD | N-days; max-length=N-chars | N-words; prohibited-modification=any | format | style | translation | annotation; prohibited-context=within-user-frame; required-context=within-original-frame."),
  /** A qualifier given twice in one field ({@code repeated-qualifier}). */
  REPEATED_QUALIFIER("repeated-qualifier", Severity.ERROR,
      "a qualifier given twice in one field",
      "Only prohibited-modification may be repeated, and not when its value is any (2.5.5.2.4)."),
  /** Time-limit=until-recrawl ({@code until-recrawl-spelling}). */
  UNTIL_RECRAWL_SPELLING("until-recrawl-spelling", Severity.WARNING,
      "time-limit=until-recrawl",
      "Section 2.4.1.2 spells it until-recrawl, sections 2.5.3.1 and 2.5.4.1 until-recrawled; both are read the same, write until-recrawled."),

  // ---- conventional records --------------------------------------------------------------------
  /** A conventional group that starts after an ACAP record ({@code conventional-after-acap-record}). */
  CONVENTIONAL_AFTER_ACAP_RECORD("conventional-after-acap-record", Severity.INFO,
      "a conventional group that starts after an ACAP record",
      "Section 2.9.2 strongly recommends placing all ACAP records at the end of the file, after the conventional records."),
  /** An Allow or Disallow line before any User-agent line ({@code rule-outside-group}). */
  RULE_OUTSIDE_GROUP("rule-outside-group", Severity.WARNING,
      "an Allow or Disallow line before any User-agent line",
      "RFC 9309 rules belong to the group of the User-agent lines above them; crawlers ignore this one. Add a User-agent line above it."),
  /** A misspelling of User-agent or Disallow that google/robotstxt accepts ({@code misspelt-field-name}). */
  MISSPELT_FIELD_NAME("misspelt-field-name", Severity.INFO,
      "a misspelling of User-agent or Disallow that google/robotstxt accepts",
      "It is read as the real field, as google/robotstxt does; other crawlers may ignore the line: spell it User-agent or Disallow."),
  /** A conventional field with whitespace instead of ':' ({@code missing-colon}). */
  MISSING_COLON("missing-colon", Severity.INFO,
      "a conventional field with whitespace instead of ':'",
      "google/robotstxt accepts 'Disallow /path', RFC 9309 does not: write 'Disallow: /path'."),
  /** A conventional field inside an ACAP record ({@code conventional-field-in-acap-record}). */
  CONVENTIONAL_FIELD_IN_ACAP_RECORD("conventional-field-in-acap-record", Severity.WARNING,
      "a conventional field inside an ACAP record",
      "ACAP crawlers ignore it (2.9.2) while legacy crawlers apply it to the group above it; move it into a conventional group (after a User-agent line) or make it an ACAP field."),

  // ---- permissions references (when loaded) ----------------------------------------------------
  /** A permissions reference that cannot be loaded ({@code unresolved-permissions-reference}). */
  UNRESOLVED_PERMISSIONS_REFERENCE("unresolved-permissions-reference", Severity.ERROR,
      "a permissions reference that cannot be loaded",
      "Make the referenced file available (a path is resolved against the directory of the robots.txt, a URL is fetched only when asked); until then the record's crawlers may do no ACAP usage."),
  /** A referenced file that itself holds a permissions reference ({@code nested-permissions-reference}). */
  NESTED_PERMISSIONS_REFERENCE("nested-permissions-reference", Severity.ERROR,
      "a referenced file that itself holds a permissions reference",
      "A referenced file may not refer on (2.3.2, to avoid circular references); copy the fields in, and remove its ACAP-permissions-reference."),

  // ---- the version comment -------------------------------------------------------------------
  /** The ##ACAP version comment is not the first line ({@code version-comment-not-first}). */
  VERSION_COMMENT_NOT_FIRST("version-comment-not-first", Severity.WARNING,
      "the ##ACAP version comment is not the first line",
      "Put '##ACAP version=1.0' on the first line of the file (2.9.3)."),
  /** An ##ACAP version comment this engine does not implement ({@code unsupported-acap-version}). */
  UNSUPPORTED_ACAP_VERSION("unsupported-acap-version", Severity.WARNING,
      "an ##ACAP version comment this engine does not implement",
      "acap-engine implements ACAP 1.0: write '##ACAP version=1.0'.");

  private final Definition definition;

  DiagnosticCode(String code, Severity severity, String title, String help) {
    this.definition = new Definition(code, severity, title, help);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
