package org.acapengine.compat.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs {@code compat/crawler-commons.tsv} through {@link AcapRobotRulesParser}. The rows restate,
 * in our own words, expectations published in crawler-commons' {@code SimpleRobotRulesParserTest}
 * (pattern matching, RFP and Heritrix cases, user-agent tokens, crawl delays, sitemaps, failed
 * fetches). Columns: id, robots.txt ({@code \n}, {@code \r} escaped), crawler names
 * (comma-separated), the check (a URL for {@code isAllowed}, {@code crawl-delay}, {@code
 * sitemaps} or {@code failed-fetch:STATUS}), crawler-commons' answer, ours when it differs, and a
 * note. Every row passes; a row where we differ names the RFC 9309 section by which we do.
 */
class CrawlerCommonsTableTest {

  private static final String BASE = "http://domain.com/robots.txt";

  record Row(String id, String robots, List<String> agents, String check, String crawlerCommons, String ours, String note) {
    String expected() {
      return ours.isEmpty() ? crawlerCommons : ours;
    }
  }

  static List<Row> rows() throws IOException {
    List<Row> rows = new ArrayList<>();
    try (InputStream in = CrawlerCommonsTableTest.class.getResourceAsStream("/compat/crawler-commons.tsv")) {
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
      for (int i = 1; i < lines.length; i++) {
        String[] c = lines[i].split("\t", -1);
        assertThat(c).as("line %d has 7 columns", i + 1).hasSize(7);
        rows.add(new Row(c[0], c[1].replace("\\n", "\n").replace("\\r", "\r"), Arrays.asList(c[2].split(",")), c[3], c[4], c[5], c[6]));
      }
    }
    return rows;
  }

  @TestFactory
  Stream<DynamicTest> everyRowPassesOrNamesTheSectionWeDifferBy() throws IOException {
    AcapRobotRulesParser parser = new AcapRobotRulesParser();
    return rows().stream().map(row -> DynamicTest.dynamicTest(row.id(), () -> {
      String actual = answer(parser, row);
      assertThat(actual).as("%s (%s)", row.id(), row.note()).isEqualTo(row.expected());
      if (!row.ours().isEmpty()) {
        assertThat(row.ours()).as(row.id()).isNotEqualTo(row.crawlerCommons());
        assertThat(row.note()).as("%s differs from crawler-commons, so names the section", row.id()).startsWith("we differ: ").containsPattern("RFC 9309 \\d(\\.\\d+)+");
      }
    }));
  }

  @Test
  void theTableCoversEachKindOfCheck() throws IOException {
    List<Row> rows = rows();
    assertThat(rows).hasSizeGreaterThan(100);
    assertThat(rows).anyMatch(r -> r.check().equals("crawl-delay")).anyMatch(r -> r.check().equals("sitemaps"))
        .anyMatch(r -> r.check().startsWith("failed-fetch:")).anyMatch(r -> !r.ours().isEmpty());
    assertThat(rows.stream().map(Row::id).distinct().count()).isEqualTo(rows.size());
  }

  private static String answer(AcapRobotRulesParser parser, Row row) {
    if (row.check().startsWith("failed-fetch:")) {
      BaseRobotRules r = parser.failedFetch(Integer.parseInt(row.check().substring("failed-fetch:".length())));
      String allowed = r.isAllowAll() ? "allow-all" : r.isAllowNone() ? "allow-none" : "?";
      assertThat(r.isAllowed("http://domain.com/index.html")).isEqualTo(r.isAllowAll());
      return allowed + (r.isDeferVisits() ? " defer" : "");
    }
    BaseRobotRules rules = parser.parseContent(BASE, row.robots().getBytes(StandardCharsets.UTF_8), "text/plain", row.agents());
    switch (row.check()) {
      case "crawl-delay":
        return Long.toString(rules.getCrawlDelay());
      case "sitemaps":
        return String.join(" ", rules.getSitemaps());
      default:
        return Boolean.toString(rules.isAllowed(row.check()));
    }
  }
}
