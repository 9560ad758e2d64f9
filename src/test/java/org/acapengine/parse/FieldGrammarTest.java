package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.acapengine.model.PolicyDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every field kind the grammar knows, written every way a file writes it: well-formed, in other
 * letter cases, with whitespace around ':', with trailing comments, without ':', without a value,
 * and with junk after the value. Each row says what model node the line becomes and which
 * diagnostics it gets.
 */
class FieldGrammarTest {

  /** What a line becomes: the node summary of {@link ModelLines#node} and its diagnostic codes. */
  record Outcome(String node, List<String> codes) {
    static Outcome of(String node, String... codes) {
      return new Outcome(node, List.of(codes));
    }
  }

  /**
   * A field kind: the lines before and after it that put it where it belongs, its name and a
   * well-formed value, what it becomes, and what the three broken forms become.
   */
  record Kind(String name, String before, String key, String value, String after, Outcome ok,
      Outcome missingColon, Outcome missingValue, Outcome junk) {}

  private static final String CRAWLER = "ACAP-crawler: bot";
  private static final String ALLOW = "ACAP-allow-crawl: /";

  static final List<Kind> KINDS = List.of(
      new Kind("named crawler", "", "ACAP-crawler", "searchbot", ALLOW,
          Outcome.of("crawler: searchbot"),
          Outcome.of("nothing", "acap-field-without-colon"),
          Outcome.of("nothing", "acap-field-without-value"),
          // crawler-name = name-start-char *(WSP / VCHAR-excluding-hash): spaces are part of the name
          Outcome.of("crawler: searchbot junk")),
      new Kind("any crawler", "", "ACAP-crawler", "*", ALLOW,
          Outcome.of("crawler: *"),
          Outcome.of("nothing", "acap-field-without-colon"),
          Outcome.of("nothing", "acap-field-without-value"),
          Outcome.of("crawler: * junk")),
      new Kind("basic permission", CRAWLER, "ACAP-allow-crawl", "/news/", "",
          Outcome.of("permission: allow crawl /news/"),
          Outcome.of("malformed: ACAP-allow-crawl", "acap-field-without-colon"),
          Outcome.of("malformed: ACAP-allow-crawl", "acap-field-without-value"),
          Outcome.of("malformed: ACAP-allow-crawl", "malformed-acap-field")),
      new Kind("qualified permission", CRAWLER, "ACAP-allow-index", "/news/ time-limit=3-days", "",
          Outcome.of("permission: allow index /news/ time-limit=3-days"),
          Outcome.of("malformed: ACAP-allow-index", "acap-field-without-colon"),
          Outcome.of("malformed: ACAP-allow-index", "acap-field-without-value"),
          Outcome.of("malformed: ACAP-allow-index", "malformed-acap-field")),
      new Kind("permission for a local usage", "ACAP-qualified-usage: cache preserve time-limit=until-recrawled\n" + CRAWLER,
          "ACAP-allow-(cache)", "/x/", "",
          Outcome.of("permission: allow (cache) /x/"),
          Outcome.of("malformed: ACAP-allow-(cache)", "acap-field-without-colon"),
          Outcome.of("malformed: ACAP-allow-(cache)", "acap-field-without-value"),
          Outcome.of("malformed: ACAP-allow-(cache)", "malformed-acap-field")),
      new Kind("prohibition", CRAWLER, "ACAP-disallow-present-snippet", "/x/", "",
          Outcome.of("prohibition: disallow present-snippet /x/"),
          Outcome.of("malformed: ACAP-disallow-present-snippet", "acap-field-without-colon"),
          Outcome.of("malformed: ACAP-disallow-present-snippet", "acap-field-without-value"),
          Outcome.of("malformed: ACAP-disallow-present-snippet", "malformed-acap-field")),
      new Kind("take-down request", CRAWLER, "ACAP-request-take-down", "/news/bad.htm", "",
          Outcome.of("request: request take-down /news/bad.htm"),
          Outcome.of("malformed: ACAP-request-take-down", "acap-field-without-colon"),
          Outcome.of("malformed: ACAP-request-take-down", "acap-field-without-value"),
          Outcome.of("malformed: ACAP-request-take-down", "malformed-acap-field")),
      new Kind("re-crawl request", CRAWLER, "ACAP-request-re-crawl", "/news/fixed.htm", "",
          Outcome.of("request: request re-crawl /news/fixed.htm"),
          Outcome.of("malformed: ACAP-request-re-crawl", "acap-field-without-colon"),
          Outcome.of("malformed: ACAP-request-re-crawl", "acap-field-without-value"),
          Outcome.of("malformed: ACAP-request-re-crawl", "malformed-acap-field")),
      new Kind("permissions reference", CRAWLER, "ACAP-permissions-reference", "/other.txt", "",
          Outcome.of("reference: /other.txt"),
          // a malformed reference is a field of the record, so the record is not empty
          Outcome.of("malformed: ACAP-permissions-reference", "acap-field-without-colon"),
          Outcome.of("malformed: ACAP-permissions-reference", "acap-field-without-value"),
          Outcome.of("malformed: ACAP-permissions-reference", "malformed-acap-field")),
      new Kind("usage purpose", CRAWLER, "ACAP-usage-purpose", "news", ALLOW,
          Outcome.of("purpose: news"),
          Outcome.of("nothing", "acap-field-without-colon"),
          Outcome.of("nothing", "acap-field-without-value"),
          Outcome.of("nothing", "malformed-acap-field")),
      new Kind("qualified usage definition", "", "ACAP-qualified-usage", "cache preserve time-limit=until-recrawled", "",
          Outcome.of("qualified-usage: cache = preserve time-limit=until-recrawled"),
          Outcome.of("unparsed malformed_definition", "acap-field-without-colon"),
          Outcome.of("unparsed malformed_definition", "acap-field-without-value"),
          Outcome.of("unparsed malformed_definition", "malformed-acap-field")),
      new Kind("composite usage definition", "", "ACAP-composite-usage", "basic crawl index present", "",
          Outcome.of("composite-usage: basic = crawl index present"),
          Outcome.of("unparsed malformed_definition", "acap-field-without-colon"),
          Outcome.of("unparsed malformed_definition", "acap-field-without-value"),
          // a further word is a further member: one the vocabulary does not know
          Outcome.of("composite-usage: basic = crawl index present junk", "unknown-usage")),
      new Kind("resource set definition", "", "ACAP-resource-set", "images *.gif *.jpg", "",
          Outcome.of("resource-set: images = *.gif *.jpg"),
          Outcome.of("unparsed malformed_definition", "acap-field-without-colon"),
          Outcome.of("unparsed malformed_definition", "acap-field-without-value"),
          Outcome.of("resource-set: images = *.gif *.jpg junk")),
      new Kind("user-agent", "", "User-agent", "searchbot", "",
          Outcome.of("user-agent: searchbot"),
          Outcome.of("user-agent: searchbot", "missing-colon"),
          Outcome.of("user-agent: "),
          Outcome.of("user-agent: searchbot junk")),
      new Kind("allow", "User-agent: *", "Allow", "/public/", "",
          Outcome.of("allow: /public/"),
          Outcome.of("allow: /public/", "missing-colon"),
          Outcome.of("allow: "),
          Outcome.of("allow: /public/ junk")),
      new Kind("disallow", "User-agent: *", "Disallow", "/private/", "",
          Outcome.of("disallow: /private/"),
          Outcome.of("disallow: /private/", "missing-colon"),
          Outcome.of("disallow: "),
          Outcome.of("disallow: /private/ junk")),
      new Kind("sitemap", "", "Sitemap", "http://example.com/sitemap.xml", "",
          Outcome.of("file field Sitemap: http://example.com/sitemap.xml"),
          // a value with a ':' in it cannot do without the ':' separator (google would split at it)
          Outcome.of("unparsed unrecognised", "unrecognised-line"),
          Outcome.of("file field Sitemap: "),
          Outcome.of("file field Sitemap: http://example.com/sitemap.xml junk")),
      new Kind("other field", "User-agent: *", "Crawl-delay", "5", "",
          Outcome.of("field Crawl-delay: 5"),
          // google/robotstxt's missing-':' leniency is for the fields it knows only
          Outcome.of("unparsed unrecognised", "unrecognised-line"),
          Outcome.of("field Crawl-delay: "),
          Outcome.of("field Crawl-delay: 5 junk")));

  /** A way of writing a field; {@code kind} says which outcome it has. */
  record Variant(String name, Expect expect, Writer writer) {}

  interface Writer {
    String write(String key, String value);
  }

  enum Expect { OK, OK_ANY_CASE, MISSING_COLON, MISSING_VALUE, JUNK }

  static final List<Variant> VARIANTS = List.of(
      new Variant("as the spec writes it", Expect.OK, (k, v) -> k + ": " + v),
      new Variant("upper-case name", Expect.OK_ANY_CASE, (k, v) -> k.toUpperCase(Locale.ROOT) + ": " + v),
      new Variant("lower-case name", Expect.OK_ANY_CASE, (k, v) -> k.toLowerCase(Locale.ROOT) + ": " + v),
      new Variant("no space after ':'", Expect.OK, (k, v) -> k + ":" + v),
      new Variant("space before ':'", Expect.OK, (k, v) -> k + " : " + v),
      new Variant("tabs around the value", Expect.OK, (k, v) -> k + ":\t" + v + "\t"),
      new Variant("leading and trailing blanks", Expect.OK, (k, v) -> "   " + k + ":  " + v + "   "),
      new Variant("trailing comment", Expect.OK, (k, v) -> k + ": " + v + " # a comment"),
      new Variant("comment glued to the value", Expect.OK, (k, v) -> k + ": " + v + "#a comment"),
      new Variant("no ':'", Expect.MISSING_COLON, (k, v) -> k + " " + v),
      new Variant("no value", Expect.MISSING_VALUE, (k, v) -> k + ":"),
      new Variant("no value, only blanks and a comment", Expect.MISSING_VALUE, (k, v) -> k + ":   # nothing"),
      new Variant("junk after the value", Expect.JUNK, (k, v) -> k + ": " + v + " junk"));

  static Stream<Arguments> fieldsTimesVariants() {
    List<Arguments> rows = new ArrayList<>();
    for (Kind kind : KINDS) {
      for (Variant variant : VARIANTS) {
        rows.add(Arguments.of(kind.name(), variant.name(), kind, variant));
      }
    }
    return rows.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("fieldsTimesVariants")
  void everyFieldKindInEveryWriting(String kindName, String variantName, Kind kind, Variant variant) {
    String line = variant.writer().write(kind.key(), kind.value());
    // multi-word values ("no ':'" with a qualifier, say) make the google-style missing ':' fail
    boolean oneWordValue = kind.value().indexOf(' ') < 0;
    StringBuilder text = new StringBuilder();
    int lineNo = 1;
    if (!kind.before().isEmpty()) {
      text.append(kind.before()).append('\n');
      lineNo += kind.before().split("\n").length;
    }
    text.append(line).append('\n');
    if (!kind.after().isEmpty()) {
      text.append(kind.after()).append('\n');
    }
    PolicyDocument doc = ModelLines.parse(text.toString());
    Outcome expected = switch (variant.expect()) {
      case OK, OK_ANY_CASE -> kind.ok();
      case MISSING_COLON -> kind.missingColon();
      case MISSING_VALUE -> kind.missingValue();
      case JUNK -> kind.junk();
    };
    String node = ModelLines.node(doc, lineNo);
    if (variant.expect() == Expect.OK_ANY_CASE) {
      assertThat(node).as("node of %s", line).isEqualToIgnoringCase(expected.node());
    } else {
      assertThat(node).as("node of %s", line).isEqualTo(expected.node());
    }
    List<String> expectedCodes = new ArrayList<>(expected.codes());
    if (variant.expect() == Expect.MISSING_COLON && expected.codes().contains("missing-colon") && !oneWordValue) {
      throw new AssertionError("a kind with the missing-colon leniency needs a one-word value");
    }
    assertThat(withoutConsequences(ModelLines.codes(doc))).as("diagnostics of %s", line).isEqualTo(expectedCodes);
  }

  /**
   * The diagnostics of a row without those that only follow from the line being broken: a record
   * left with no field, or no crawler, is reported as empty.
   */
  private static List<String> withoutConsequences(List<String> codes) {
    return codes.stream().filter(c -> !c.equals("empty-record") && !c.equals("empty-sub-record")).toList();
  }

  // ---- names: exact, case-insensitive, misspelt ------------------------------------------------

  static Stream<Arguments> fieldNames() {
    return Stream.of(
        // conventional names and the misspellings google/robotstxt accepts
        Arguments.of("User-agent: x", "user-agent: x"),
        Arguments.of("USER-AGENT: x", "user-agent: x"),
        Arguments.of("useragent: x", "user-agent: x"),
        Arguments.of("user agent: x", "user-agent: x"),
        Arguments.of("Disallow: /x", "orphan disallow: /x"),
        Arguments.of("dissallow: /x", "orphan disallow: /x"),
        Arguments.of("dissalow: /x", "orphan disallow: /x"),
        Arguments.of("disalow: /x", "orphan disallow: /x"),
        Arguments.of("diasllow: /x", "orphan disallow: /x"),
        Arguments.of("disallaw: /x", "orphan disallow: /x"),
        Arguments.of("site-map: http://e.com/s.xml", "file field site-map: http://e.com/s.xml"),
        // google matches these names as prefixes; RFC 9309 and this parser do not
        Arguments.of("User-agents: x", "file field User-agents: x"),
        Arguments.of("Disallowed: /x", "file field Disallowed: /x"),
        Arguments.of("Allowance: /x", "file field Allowance: /x"),
        Arguments.of("user  agent: x", "unparsed unrecognised"),
        // ACAP names: exact but case-insensitive; anything else starting ACAP- is unknown
        Arguments.of("acap-crawler: x", "crawler: x"),
        Arguments.of("ACAP-alow-crawl: /", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-crawlers: x", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-allow-: /", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-allow-1crawl: /", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-request-take-downs: /x", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-request-delete: /x", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-: x", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-permissions-references: /x", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-ignore-conventional-record", "unparsed unknown_acap_field"),
        Arguments.of("ACAP-usage-purposes: x", "unparsed unknown_acap_field"),
        // no name, or a name and no ':'
        Arguments.of(": x", "unparsed unrecognised"),
        Arguments.of("Foo bar baz", "unparsed unrecognised"),
        Arguments.of("<html>", "unparsed unrecognised"),
        Arguments.of("\u0000\u0000", "unparsed unrecognised"),
        Arguments.of("ACAP", "unparsed unrecognised"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("fieldNames")
  void fieldNamesAreReadExactlyAndCaseInsensitively(String line, String node) {
    PolicyDocument doc = ModelLines.parse(line + "\n");
    assertThat(ModelLines.node(doc, 1)).isEqualTo(node);
  }
}
