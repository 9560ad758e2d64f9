package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.render.ExplanationText;

import java.util.List;
import java.util.stream.Collectors;
import org.acapengine.eval.Explanation.Outcome;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;

/**
 * What {@link CompiledPolicy#explain} says about each rule: the outcome and the note must be true
 * of the rule (a rule that matches is never reported as not matching), and the comparisons must
 * be the ones the decision rests on.
 */
class ExplanationTest {

  private static CompiledPolicy compile(String robots) {
    return CompiledPolicy.compile(new RobotsTxtParser().parse(robots, "robots.txt"));
  }

  private static Explanation.Step step(Explanation x, int line) {
    List<Explanation.Step> at = x.rules().stream().filter(s -> s.evidence().line() == line).collect(Collectors.toList());
    assertThat(at).as("one rule on line %d", line).hasSize(1);
    return at.get(0);
  }

  @Test
  void everyOutcomeOfAResolutionIsReportedOnItsLine() {
    CompiledPolicy p = compile(String.join("\n",
        "User-agent: *", //                      1
        "Disallow: /a/", //                      2
        "Disallow: /a/b/c/d/e", //               3
        "", //                                   4
        "ACAP-crawler: *", //                    5
        "ACAP-allow-crawl: /a/b/", //            6
        "ACAP-disallow-index: /a/", //           7
        "", //                                   8
        "ACAP-crawler: searchbot", //            9
        "ACAP-allow-crawl: /a/", //              10
        "ACAP-disallow-crawl: /a/b/", //         11
        "ACAP-allow-crawl: /A/B/", //            12
        "ACAP-disallow-crawl: /z/", //           13
        ""));
    Explanation x = p.explain(Query.of("searchbot", "crawl", "/a/b/c/d/e/f"));
    assertThat(x.decision()).isEqualTo(p.decide(Query.of("searchbot", "crawl", "/a/b/c/d/e/f")));
    // The conventional /a/b/c/d/e is the narrowest and decides.
    assertThat(x.decision().basis()).isEqualTo(Basis.CONVENTIONAL_RULE);
    assertThat(step(x, 3).outcome()).isEqualTo(Outcome.DECIDED);
    assertThat(step(x, 2).outcome()).isEqualTo(Outcome.IGNORED_SAME_PATTERN);
    assertThat(ExplanationText.note(x, step(x, 2))).contains("line 10");
    assertThat(step(x, 6).outcome()).isEqualTo(Outcome.OUTRANKED_BY_NAMED_RECORD);
    assertThat(step(x, 7).outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    assertThat(step(x, 10).outcome()).isEqualTo(Outcome.OUTRANKED);
    assertThat(step(x, 11).outcome()).isEqualTo(Outcome.OUTRANKED);
    assertThat(ExplanationText.note(x, step(x, 11))).contains("/a/b/c/d/e").contains("line 3");
    assertThat(step(x, 12).outcome()).isEqualTo(Outcome.OUTRANKED);
    assertThat(step(x, 13).outcome()).isEqualTo(Outcome.NO_MATCH);
    assertThat(x.comparisons()).extracting(c -> c.first().line() + " " + c.order() + " " + c.second().line())
        .contains("12 SAME 11", "3 NARROWER 10", "3 NARROWER 11");
    assertThat(x.comparisons()).allMatch(c -> c.method() == Precedence.NARROWEST_SCOPE);
  }

  @Test
  void aConflictNamesBothSidesAsLosers() {
    CompiledPolicy p = compile("ACAP-crawler: *\nACAP-allow-index: /same/\nACAP-disallow-index: /SAME/\n");
    Explanation x = p.explain(Query.of("bot", "index", "/same/x"));
    assertThat(x.decision().basis()).isEqualTo(Basis.UNRESOLVED_CONFLICT);
    assertThat(step(x, 2).outcome()).isEqualTo(Outcome.LOST_CONFLICT);
    assertThat(step(x, 3).outcome()).isEqualTo(Outcome.LOST_CONFLICT);
    assertThat(ExplanationText.reason(x)).contains("2.4.5");
    assertThat(x.reason().code()).isEqualTo(Explanation.Conclusion.UNRESOLVED_CONFLICT);
  }

  @Test
  void longestMatchIsNamedAsTheMethodWhereOnlyConventionalRulesMatch() {
    CompiledPolicy p = compile("User-agent: *\nDisallow: /t\nAllow: /t\n");
    Explanation x = p.explain(Query.of("bot", "crawl", "/t"));
    assertThat(x.decision().allowed()).isTrue();
    assertThat(step(x, 3).outcome()).isEqualTo(Outcome.DECIDED);
    assertThat(step(x, 2).outcome()).isEqualTo(Outcome.LOST_CONFLICT);
    assertThat(x.comparisons()).singleElement().satisfies(c -> {
      assertThat(c.order()).isEqualTo(Precedence.Order.SAME);
      assertThat(c.method()).isEqualTo(Precedence.LONGEST_MATCH);
    });
  }

  /** A rule that matches must not be reported as not matching when a failed reference decides. */
  @Test
  void rulesSetAsideByAnUnresolvedReferenceAreNotReportedAsNotMatching() {
    CompiledPolicy p = compile(String.join("\n",
        "ACAP-crawler: *", //                           1
        "ACAP-permissions-reference: /missing.txt", //  2
        "ACAP-crawler: searchbot", //                   3
        "ACAP-allow-index: /open/", //                  4
        "ACAP-crawler: namedref", //                    5
        "ACAP-permissions-reference: /gone.txt", //     6
        "ACAP-crawler: namedref", //                    7
        "ACAP-allow-crawl: /x", //                      8
        "User-agent: *", //                             9
        "Allow: /x", //                                 10
        ""));
    Explanation any = p.explain(Query.of("searchbot", "crawl", "/x/y"));
    assertThat(any.decision().basis()).isEqualTo(Basis.UNRESOLVED_REFERENCE);
    assertThat(step(any, 10).outcome()).isEqualTo(Outcome.UNRESOLVED_REFERENCE);
    assertThat(ExplanationText.note(any, step(any, 10))).doesNotContain("does not match").contains("line 2");

    Explanation named = p.explain(Query.of("namedref", "crawl", "/x/y"));
    assertThat(named.decision().basis()).isEqualTo(Basis.UNRESOLVED_REFERENCE);
    assertThat(named.decision().decidingLine().line()).isEqualTo(6);
    assertThat(step(named, 8).outcome()).isEqualTo(Outcome.UNRESOLVED_REFERENCE);
    assertThat(ExplanationText.note(named, step(named, 8))).contains("line 6");
    assertThat(step(named, 10).outcome()).isEqualTo(Outcome.UNRESOLVED_REFERENCE);

    // Rules that really do not match still say so.
    Explanation other = p.explain(Query.of("searchbot", "index", "/closed"));
    assertThat(step(other, 4).outcome()).isEqualTo(Outcome.NO_MATCH);
  }

  /** A line that stands for several patterns (a resource set) is compared by the pattern that matched. */
  @Test
  void comparisonsNameThePatternsCompared() {
    CompiledPolicy p = compile(String.join("\n",
        "ACAP-resource-set: pages /pages/ /p/", //                1
        "ACAP-crawler: *", //                                     2
        "ACAP-disallow-present: the-acap:resource-set:pages", //  3
        "ACAP-allow-present-thumbnail: /p/", //                   4
        ""));
    Explanation x = p.explain(Query.of("bot", "present-thumbnail", "/p/x"));
    assertThat(x.comparisons()).singleElement().satisfies(c -> {
      assertThat(c.first().line() + " " + c.firstPattern()).isEqualTo("4 /p/");
      assertThat(c.second().line() + " " + c.secondPattern()).isEqualTo("3 /p/");
      assertThat(c.order()).isEqualTo(Precedence.Order.SAME);
    });
  }
}
