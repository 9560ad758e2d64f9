package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Identical rules are compiled into one rule (docs/matching.md), so that a file of 4 000 copies
 * of one line decides as fast as a file with one; the collapsed rule keeps its first line for
 * explanations and still names every copy as deciding.
 */
class TieCollapseTest {

  static Stream<Arguments> files() {
    return Stream.of(
        // file                                                              | distinct ACAP | distinct conventional
        Arguments.of("User-agent: *\n" + "Allow: /\n".repeat(4000), 0, 1),
        Arguments.of("ACAP-crawler: *\n" + "ACAP-allow-crawl: /\n".repeat(4000), 1, 0),
        Arguments.of("User-agent: *\n" + "Allow: /\nDisallow: /\n".repeat(2000), 0, 2),
        Arguments.of("ACAP-crawler: *\n" + "ACAP-allow-crawl: /A\nACAP-allow-crawl: /a\nACAP-disallow-crawl: /a\n".repeat(1000), 2, 0),
        Arguments.of("User-agent: *\n" + "Allow: /A\nAllow: /a\n".repeat(2000), 0, 2),
        Arguments.of("ACAP-crawler: *\n" + "ACAP-allow-crawl: /x\nACAP-allow-index: /x\n".repeat(2000), 2, 0));
  }

  @ParameterizedTest
  @MethodSource("files")
  void compilesToOneRulePerDistinctPattern(String robots, int acap, int conventional) {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(robots, "robots.txt"));
    CrawlerView v = policy.view(List.of("bot"));
    assertThat(v.any == null ? 0 : v.any.ruleCount()).isEqualTo(acap);
    assertThat(v.conventional == null ? 0 : v.conventional.ruleCount()).isEqualTo(conventional);
  }

  @org.junit.jupiter.api.Test
  void theCollapsedRuleKeepsItsFirstLineAndNamesEveryCopy() {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse("User-agent: *\n" + "Allow: /\n".repeat(4000), "robots.txt"));
    Decision d = policy.decide(Query.of("bot", "crawl", "/x"));
    assertThat(d.deciding()).hasSize(4000);
    assertThat(d.decidingLine().line()).isEqualTo(2);
    Explanation x = policy.explain(Query.of("bot", "crawl", "/x"));
    assertThat(x.rules()).singleElement().satisfies(s -> assertThat(s.evidence().line()).isEqualTo(2));
    assertThat(x.decision()).isEqualTo(d);
  }
}
