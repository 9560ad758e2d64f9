package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.UserAgentLine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RFC 9309 grouping as google/robotstxt does it, the insideAcapRecord flag of conventional lines
 * among ACAP records, and the file-wide directives (ACAP-ignore-conventional-records, ##ACAP).
 *
 * <p>Groups are summarised as {@code agents: rules fields}: {@code -/x} is Disallow, {@code +/x}
 * Allow, {@code Name=value} another field, and a trailing {@code !} marks insideAcapRecord.
 * {@code orphans:} lists rules before any User-agent line, {@code file:} fields outside groups.
 */
class ConventionalGroupingTest {

  static Stream<Arguments> grouping() {
    return Stream.of(
        row("consecutive User-agent lines share a group",
            "User-agent: a\nUser-agent: b\nDisallow: /x", "a,b: -/x"),
        row("across comments and blank lines",
            "User-agent: a\n# comment\n\n   \nUser-agent: b\nDisallow: /x", "a,b: -/x"),
        row("across other fields",
            "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x", "a,b: -/x Crawl-delay=5"),
        row("across a Sitemap line, which is file-wide",
            "User-agent: a\nSitemap: http://e.com/s.xml\nUser-agent: b\nDisallow: /x", "file: Sitemap=http://e.com/s.xml | a,b: -/x"),
        row("across unparsed lines",
            "User-agent: a\nthis is junk\nUser-agent: b\nDisallow: /x", "a,b: -/x"),
        row("a rule then a User-agent line starts a new group",
            "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y", "a: -/x | b: -/y"),
        row("an empty Disallow is a rule too",
            "User-agent: a\nDisallow:\nUser-agent: b\nAllow: /", "a: - | b: +/"),
        row("a group may end with no rules",
            "User-agent: a\nDisallow: /x\nUser-agent: b", "a: -/x | b:"),
        row("rules before any User-agent line are orphans",
            "Disallow: /x\nAllow: /y\nUser-agent: a\nDisallow: /z", "orphans: -/x +/y | a: -/z"),
        row("fields before any User-agent line are file-wide",
            "Crawl-delay: 5\nHost: example.com\nUser-agent: a", "file: Crawl-delay=5 Host=example.com | a:"),
        row("fields after rules stay in the group",
            "User-agent: a\nDisallow: /x\nCrawl-delay: 5\nDisallow: /y", "a: -/x -/y Crawl-delay=5"),
        row("the google-style missing ':' groups as usual",
            "User-agent a\nDisallow /x\nUser-agent b\nAllow /y", "a: -/x | b: +/y"),
        row("misspelt names group as the fields they stand for",
            "useragent: a\ndissallow: /x\nuser agent: b\ndisalow: /y", "a: -/x | b: -/y"),
        row("an ACAP record between User-agent lines does not split them",
            "User-agent: a\nACAP-crawler: x\nACAP-allow-crawl: /\nUser-agent: b\nDisallow: /x", "a,b: -/x"),
        row("no conventional lines, no groups",
            "ACAP-crawler: x\nACAP-allow-crawl: /", ""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("grouping")
  void groupsAsGoogleDoes(String name, String text, String expected) {
    assertThat(summary(ModelLines.parse(text + "\n"))).isEqualTo(expected);
  }

  static Stream<Arguments> insideAcapRecord() {
    return Stream.of(
        row("a rule right after a crawler field",
            "User-agent: a\nACAP-crawler: x\nDisallow: /y", "a: -/y!"),
        row("rules and fields after permissions",
            "User-agent: a\nACAP-crawler: x\nACAP-allow-crawl: /\nDisallow: /y\nCrawl-delay: 3", "a: -/y! Crawl-delay=3!"),
        row("comments and blank lines in between change nothing",
            "User-agent: a\nACAP-crawler: x\n\n# note\nDisallow: /y", "a: -/y!"),
        row("after a sub-record's purpose",
            "User-agent: a\nACAP-crawler: x\nACAP-usage-purpose: news\nDisallow: /y", "a: -/y!"),
        row("after a malformed field of the record",
            "User-agent: a\nACAP-crawler: x\nACAP-allow-crawl /\nDisallow: /y", "a: -/y!"),
        row("after a malformed crawler field (it names no crawler): not inside",
            "User-agent: a\nACAP-crawler:\nDisallow: /y", "a: -/y"),
        row("a User-agent line in between: not inside",
            "ACAP-crawler: x\nACAP-allow-crawl: /\nUser-agent: a\nDisallow: /y", "a: -/y"),
        row("a User-agent line inside a record opens a new group after rules",
            "User-agent: a\nACAP-crawler: x\nDisallow: /y\nUser-agent: b\nDisallow: /z\nACAP-allow-crawl: /\nAllow: /w",
            "a: -/y! | b: -/z +/w!"),
        row("rules inside a record with no User-agent line before are orphans, still inside",
            "ACAP-crawler: x\nACAP-allow-crawl: /\nDisallow: /y", "orphans: -/y!"),
        row("other fields there are file-wide, still inside",
            "ACAP-crawler: x\nACAP-allow-crawl: /\nCrawl-delay: 5", "file: Crawl-delay=5!"),
        row("Sitemap is file-wide and never inside",
            "User-agent: a\nACAP-crawler: x\nACAP-allow-crawl: /\nSitemap: http://e.com/s.xml", "file: Sitemap=http://e.com/s.xml | a:"),
        row("a misspelt ACAP field is no field of a record",
            "User-agent: a\nDisallow: /p\nACAP-alow-crawl: /\nDisallow: /y", "a: -/p -/y"),
        row("a definition is no field of a record",
            "ACAP-crawler: x\nACAP-allow-crawl: /\nUser-agent: a\nACAP-resource-set: s /x/\nDisallow: /y", "a: -/y"),
        row("a stray ACAP field before any record is no field of a record",
            "User-agent: a\nACAP-allow-crawl: /\nDisallow: /y", "a: -/y"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("insideAcapRecord")
  void conventionalLinesInsideAcapRecords(String name, String text, String expected) {
    PolicyDocument doc = ModelLines.parse(text + "\n");
    assertThat(summary(doc)).isEqualTo(expected);
    // each flagged line of a group is reported once; orphan rules and file fields have other diagnostics
    long flaggedInGroups = doc.conventionalGroups().stream()
        .mapToLong(g -> g.rules().stream().filter(ConventionalRule::insideAcapRecord).count()
            + g.fields().stream().filter(ExtensionField::insideAcapRecord).count())
        .sum();
    assertThat(ModelLines.codes(doc).stream().filter(c -> c.equals("conventional-field-in-acap-record")).count()).isEqualTo(flaggedInGroups);
  }

  private static Arguments row(String name, String text, String expected) {
    return Arguments.of(name, text, expected);
  }

  static String summary(PolicyDocument doc) {
    List<String> parts = new ArrayList<>();
    if (!doc.orphanRules().isEmpty()) {
      parts.add("orphans: " + doc.orphanRules().stream().map(ConventionalGroupingTest::rule).collect(Collectors.joining(" ")));
    }
    if (!doc.fileFields().isEmpty()) {
      parts.add("file: " + doc.fileFields().stream().map(ConventionalGroupingTest::field).collect(Collectors.joining(" ")));
    }
    for (ConventionalGroup g : doc.conventionalGroups()) {
      StringBuilder sb = new StringBuilder(g.userAgents().stream().map(UserAgentLine::value).collect(Collectors.joining(","))).append(':');
      g.rules().forEach(r -> sb.append(' ').append(rule(r)));
      g.fields().forEach(f -> sb.append(' ').append(field(f)));
      parts.add(sb.toString());
    }
    return String.join(" | ", parts);
  }

  private static String rule(ConventionalRule r) {
    return (r.allow() ? "+" : "-") + r.pattern() + (r.insideAcapRecord() ? "!" : "");
  }

  private static String field(ExtensionField f) {
    return f.name() + "=" + f.value() + (f.insideAcapRecord() ? "!" : "");
  }

  // ---- ACAP-ignore-conventional-records (2.9.1) ---------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # where it stands                  | document                                                                                         | line | diagnostics
      first                              | ACAP-ignore-conventional-records\\nACAP-crawler: *\\nACAP-allow-crawl: /                           | 1    | -
      after conventional records         | User-agent: *\\nDisallow: /\\nACAP-ignore-conventional-records\\nACAP-crawler: *\\nACAP-allow-crawl: / | 3  | -
      after a definition                 | ACAP-resource-set: s /x/\\nACAP-ignore-conventional-records\\nACAP-crawler: *\\nACAP-allow-crawl: / | 2    | ignore-conventional-records-misplaced
      inside a record                    | ACAP-crawler: *\\nACAP-allow-crawl: /\\nACAP-ignore-conventional-records                           | 3    | ignore-conventional-records-misplaced
      twice: the first counts            | ACAP-ignore-conventional-records\\nACAP-ignore-conventional-records                               | 1    | ignore-conventional-records-misplaced
      upper case, indented, commented    | '   ACAP-IGNORE-CONVENTIONAL-RECORDS   # yes'                                                     | 1    | -
      with a value                       | 'ACAP-ignore-conventional-records: yes'                                                          | 1    | ignore-conventional-records-with-value
      with a ':' only                    | 'ACAP-ignore-conventional-records:'                                                              | 1    | ignore-conventional-records-with-value
      absent                             | User-agent: *\\nDisallow: /                                                                       | -    | -
      commented out                      | '# ACAP-ignore-conventional-records'                                                             | -    | -
      """)
  void ignoreConventionalRecordsIsHonouredWhereverItStands(String name, String text, Integer line, String codes) {
    PolicyDocument doc = ModelLines.parse(text.replace("\\n", "\n") + "\n");
    assertThat(doc.ignoreConventionalRecords().map(s -> s.line()).orElse(null)).isEqualTo(line);
    assertThat(ModelLines.codes(doc)).isEqualTo(codes == null ? List.of() : List.of(codes.split(" ")));
  }

  // ---- the version comment (2.9.3) --------------------------------------------------------------

  @ParameterizedTest(name = "line {1}: {0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # comment as written                     | line | version | diagnostics
      '##ACAP version=1.0'                      | 1    | 1.0     | -
      '##acap VERSION=1.0'                      | 1    | 1.0     | -
      '  ##ACAP version=1.0  '                  | 1    | 1.0     | -
      '##ACAP version = 1.0'                    | 1    | 1.0     | -
      '##ACAP version=1.0 # ACAP in use'        | 1    | 1.0     | -
      '##ACAP version=1.0# ACAP in use'         | 1    | 1.0     | -
      '##ACAP 1.0'                              | 1    | 1.0     | -
      '##ACAP version=2.0'                      | 1    | 2.0     | unsupported-acap-version
      '##ACAP'                                  | 1    | ''      | unsupported-acap-version
      '##ACAP version=1.0'                      | 3    | 1.0     | version-comment-not-first
      '##ACAP version=1.1'                      | 2    | 1.1     | version-comment-not-first unsupported-acap-version
      '##ACAPversion=1.0'                       | 1    | -       | -
      '## ACAP version=1.0'                     | 1    | -       | -
      '#ACAP version=1.0'                       | 1    | -       | -
      """)
  void versionComment(String comment, int line, String version, String codes) {
    String text = "# a comment\n".repeat(line - 1) + comment + "\n";
    PolicyDocument doc = ModelLines.parse(text);
    assertThat(doc.acapVersion().map(v -> v.version()).orElse(null)).isEqualTo(version);
    doc.acapVersion().ifPresent(v -> assertThat(v.span().line()).isEqualTo(line));
    assertThat(ModelLines.codes(doc)).isEqualTo(codes == null ? List.of() : List.of(codes.split(" ")));
  }

  @org.junit.jupiter.api.Test
  void theDiagnosticNamesTheRecordTheLineStandsIn() {
    // A malformed crawler field names no crawler: the lines after it are inside the record only
    // once one of its fields is read (docs/semantics.md, rule 7).
    PolicyDocument doc = ModelLines.parse(
        "User-agent: a\nACAP-crawler:\nDisallow: /x\nACAP-allow-crawl: /\nDisallow: /y\n"
            + "ACAP-crawler: b\nACAP-allow-crawl: /\nACAP-crawler\nACAP-allow-index: /\nDisallow: /z\n");
    List<String> messages = doc.diagnostics().stream()
        .filter(d -> d.code().equals("conventional-field-in-acap-record")).map(d -> d.message()).toList();
    assertThat(messages).hasSize(2);
    assertThat(messages.get(0)).contains("'Disallow: /y'").contains("ACAP record of line 2").contains("'User-agent: a' (line 1)");
    assertThat(messages.get(1)).contains("'Disallow: /z'").contains("ACAP record of line 8");
  }
}
