package org.acapengine.compat.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs {@code compat/crawler-commons.tsv} through {@link AcapRobotRulesParser} and through
 * crawler-commons' own {@code SimpleRobotRulesParser}, so that both answer columns are checked. The
 * rows restate expectations of crawler-commons' {@code SimpleRobotRulesParserTest} (pattern
 * matching, RFP, Nutch and Heritrix cases, user-agent tokens, crawl delays, sitemaps, failed
 * fetches); every test of it that the bridge fails is named in a row's {@code ported} column
 * ({@code CrawlerCommonsOwnTestsTest}).
 *
 * <p>Columns:
 *
 * <ul>
 *   <li>{@code id};
 *   <li>{@code robots}: the file, with {@code \n} and {@code \r} escaped, or {@code file:NAME} for
 *       one of crawler-commons' test files (under {@code compat/crawler-commons-1.6/robots});
 *   <li>{@code agents}: a plain value is passed to the deprecated {@code String} form, as most of
 *       crawler-commons' tests pass it (crawler-commons then splits it and matches by prefix), and
 *       the bridge must answer alike through that form and, when no name has a space in it,
 *       through the list of its comma-separated names; {@code ~value} is the same with
 *       crawler-commons' prefix matching on ({@code setExactUserAgentMatching(false)}, as the
 *       tests that pass {@code false} have it; exact matching is its default); {@code list:a|b} passes the list {@code [a, b]} to the {@code Collection} form
 *       (crawler-commons' default, exact matching), {@code list~:a|b} the same with
 *       crawler-commons' prefix matching;
 *   <li>{@code check}: a URL for {@code isAllowed}, {@code crawl-delay}, {@code sitemaps}, {@code
 *       matched-wildcard}, {@code failed-fetch:STATUS}, {@code names} (are the names accepted, or
 *       which exception) or {@code overridable:METHOD} (does the parser have that hook);
 *   <li>{@code crawler_commons}: crawler-commons 1.6's answer; {@code ours}: the bridge's, when it
 *       differs;
 *   <li>{@code ported}: the tests of crawler-commons' {@code SimpleRobotRulesParserTest} this
 *       difference makes fail on the bridge;
 *   <li>{@code note}: why; a row where we differ names the RFC 9309 section by which we do.
 * </ul>
 */
class CrawlerCommonsTableTest {

  private static final String BASE = "http://domain.com/robots.txt";

  record Row(String id, String robots, String agents, String check, String crawlerCommons, String ours, String ported, String note) {
    String expected() {
      return ours.isEmpty() ? crawlerCommons : ours;
    }

    boolean differs() {
      return !ours.isEmpty();
    }

    /** The names of crawler-commons' tests this row's difference makes fail. */
    List<String> portedTests() {
      return ported.isEmpty() ? List.of() : Arrays.asList(ported.split(" "));
    }

    byte[] content() {
      if (robots.startsWith("file:")) {
        try (InputStream in = CrawlerCommonsTableTest.class.getResourceAsStream("/compat/crawler-commons-1.6/robots/" + robots.substring(5))) {
          assertThat(in).as("%s: %s", id, robots).isNotNull();
          return in.readAllBytes();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return robots.getBytes(StandardCharsets.UTF_8);
    }
  }

  static List<Row> rows() throws IOException {
    List<Row> rows = new ArrayList<>();
    try (InputStream in = CrawlerCommonsTableTest.class.getResourceAsStream("/compat/crawler-commons.tsv")) {
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
      assertThat(lines[0]).isEqualTo("id\trobots\tagents\tcheck\tcrawler_commons\tours\tported\tnote");
      for (int i = 1; i < lines.length; i++) {
        String[] c = lines[i].split("\t", -1);
        assertThat(c).as("line %d has 8 columns", i + 1).hasSize(8);
        rows.add(new Row(c[0], c[1].replace("\\n", "\n").replace("\\r", "\r"), c[2], c[3], c[4], c[5], c[6], c[7]));
      }
    }
    return rows;
  }

  @TestFactory
  Stream<DynamicTest> everyRowPassesOrNamesTheSectionWeDifferBy() throws IOException {
    return rows().stream().map(row -> DynamicTest.dynamicTest(row.id(), () -> {
      for (String actual : answers(ours(), row)) {
        assertThat(actual).as("%s (%s)", row.id(), row.note()).isEqualTo(row.expected());
      }
      if (row.differs()) {
        assertThat(row.ours()).as(row.id()).isNotEqualTo(row.crawlerCommons());
        assertThat(row.note()).as("%s differs from crawler-commons, so names the section", row.id()).startsWith("we differ: ").containsPattern("RFC 9309 \\d(\\.\\d+)+");
      } else {
        assertThat(row.ported()).as("%s: only a difference makes a test fail", row.id()).isEmpty();
      }
    }));
  }

  /** The crawler_commons column is what crawler-commons' own parser answers, not a transcription. */
  @TestFactory
  Stream<DynamicTest> crawlerCommonsAnswersAsTheTableSays() throws IOException {
    return rows().stream().map(row -> DynamicTest.dynamicTest(row.id(), () -> {
      for (String actual : answers(exact -> {
        SimpleRobotRulesParser p = new SimpleRobotRulesParser();
        p.setExactUserAgentMatching(exact);
        return p;
      }, row)) {
        assertThat(actual).as("%s: crawler-commons' answer", row.id()).isEqualTo(row.crawlerCommons());
      }
    }));
  }

  @Test
  void theTableCoversEachKindOfCheck() throws IOException {
    List<Row> rows = rows();
    assertThat(rows).hasSizeGreaterThan(150);
    assertThat(rows).anyMatch(r -> r.check().equals("crawl-delay")).anyMatch(r -> r.check().equals("sitemaps"))
        .anyMatch(r -> r.check().startsWith("failed-fetch:")).anyMatch(r -> r.check().equals("matched-wildcard")).anyMatch(Row::differs);
    assertThat(rows.stream().map(Row::id).distinct().count()).isEqualTo(rows.size());
  }

  /** The deprecated String form splits at commas and whitespace, as BaseRobotsParser documents. */
  @Test
  void theStringFormSplitsAtCommasAndWhitespace() {
    assertThat(AcapRobotRulesParser.splitRobotNames("Mozilla denybot 99.9")).containsExactly("Mozilla", "denybot", "99.9");
    assertThat(AcapRobotRulesParser.splitRobotNames(" a, b ,c\t d,,e ")).containsExactly("a", "b", "c", "d", "e");
    assertThat(AcapRobotRulesParser.splitRobotNames(" , ")).isEmpty();
  }

  /** A parser for a row: {@code exact} is crawler-commons' exact user-agent matching. */
  interface Parsers {
    BaseRobotsParser parser(boolean exact);
  }

  private static Parsers ours() {
    return exact -> new AcapRobotRulesParser();
  }

  /** The parser's answers to the row: one per way of passing the names that the row asks for. */
  @SuppressWarnings("deprecation")
  private static List<String> answers(Parsers parsers, Row row) {
    String check = row.check();
    if (check.startsWith("failed-fetch:")) {
      BaseRobotRules r = parsers.parser(true).failedFetch(Integer.parseInt(check.substring("failed-fetch:".length())));
      String allowed = r.isAllowAll() ? "allow-all" : r.isAllowNone() ? "allow-none" : "?";
      assertThat(r.isAllowed("http://domain.com/index.html")).isEqualTo(r.isAllowAll());
      return List.of(allowed + (r.isDeferVisits() ? " defer" : ""));
    }
    if (check.startsWith("overridable:")) {
      return List.of(Boolean.toString(hasHook(parsers.parser(true).getClass(), check.substring("overridable:".length()))));
    }
    String agents = row.agents();
    List<String> out = new ArrayList<>();
    if (agents.startsWith("list:") || agents.startsWith("list~:")) {
      boolean exact = agents.startsWith("list:");
      List<String> names = Arrays.asList(agents.substring(agents.indexOf(':') + 1).split("\\|"));
      BaseRobotsParser parser = parsers.parser(exact);
      if (check.equals("names")) {
        try {
          parser.parseContent(BASE, row.content(), "text/plain", names);
          return List.of("accepted");
        } catch (RuntimeException e) {
          return List.of(e.getClass().getSimpleName());
        }
      }
      out.add(answer(parser.parseContent(BASE, row.content(), "text/plain", names), check));
    } else {
      boolean exact = !agents.startsWith("~");
      String value = exact ? agents : agents.substring(1);
      BaseRobotsParser parser = parsers.parser(exact);
      out.add(answer(parser.parseContent(BASE, row.content(), "text/plain", value), check));
      List<String> names = Arrays.stream(value.split(",")).map(String::strip).toList();
      if (parser instanceof AcapRobotRulesParser && names.stream().noneMatch(n -> n.matches(".*\\s.*"))) {
        out.add(answer(parser.parseContent(BASE, row.content(), "text/plain", names), check));
      }
    }
    return out;
  }

  private static String answer(BaseRobotRules rules, String check) {
    switch (check) {
      case "crawl-delay":
        return Long.toString(rules.getCrawlDelay());
      case "sitemaps":
        return String.join(" ", rules.getSitemaps());
      case "matched-wildcard":
        return Boolean.toString(rules.isMatchedWildcard());
      default:
        return Boolean.toString(rules.isAllowed(check));
    }
  }

  /** True when the class or a superclass has a method of that name a subclass may override. */
  private static boolean hasHook(Class<?> c, String name) {
    Set<String> seen = new TreeSet<>();
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      for (Method m : k.getDeclaredMethods()) {
        int mod = m.getModifiers();
        if (m.getName().equals(name) && !Modifier.isPrivate(mod) && !Modifier.isFinal(mod) && !Modifier.isStatic(mod)) {
          seen.add(m.toString());
        }
      }
    }
    return !seen.isEmpty();
  }
}
