package org.acapengine.adapters.scorpion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The shadowing reduction keeps and drops what the pairwise scan it replaced kept and dropped
 * (each rule against every kept rule before it), on generated rules with shared prefixes,
 * duplicates and empty prefixes; and on 40 000 rules its work is the rules' total length, where
 * the pairwise scan compared 40 000 rules with up to 40 000 kept ones.
 */
class RuleShadowingTest {

  @Test
  void reducesAsThePairwiseScan() {
    Random random = new Random(2611);
    for (int round = 0; round < 500; round++) {
      List<ScorpionRule> rules = new ArrayList<>();
      for (int i = 0, n = random.nextInt(round % 10 == 0 ? 400 : 30); i < n; i++) {
        StringBuilder prefix = new StringBuilder(random.nextInt(20) == 0 ? "" : "/");
        for (int k = 0, m = random.nextInt(5); k < m; k++) {
          prefix.append("ab/\u00e9".charAt(random.nextInt(4)));
        }
        rules.add(new ScorpionRule(random.nextBoolean() ? ScorpionCommand.ALLOW_CRAWL : ScorpionCommand.DISALLOW_CRAWL, prefix.toString(), i + 1));
      }
      RuleShadowing.Result r = RuleShadowing.reduce(rules);
      RuleShadowing.Result expected = pairwise(rules);
      assertThat(r.kept()).as("%s", rules).isEqualTo(expected.kept());
      assertThat(r.dropped()).as("%s", rules).isEqualTo(expected.dropped());
    }
  }

  /** The reduction as it was: each rule against the kept rules before it, in order. */
  private static RuleShadowing.Result pairwise(List<ScorpionRule> rulesInOrder) {
    List<ScorpionRule> kept = new ArrayList<>();
    List<RuleShadowing.Shadowed> dropped = new ArrayList<>();
    for (ScorpionRule rule : rulesInOrder) {
      Optional<ScorpionRule> earlier = kept.stream().filter(k -> rule.prefix().startsWith(k.prefix())).findFirst();
      if (earlier.isPresent()) {
        dropped.add(new RuleShadowing.Shadowed(rule, earlier.get()));
      } else {
        kept.add(rule);
      }
    }
    return new RuleShadowing.Result(kept, dropped, 0);
  }

  @Test
  void fortyThousandRulesCostTheirLength() {
    // 20 000 distinct prefixes that shadow nothing, then each again (each shadowed by its first copy)
    List<ScorpionRule> rules = new ArrayList<>();
    long length = 0;
    for (int copy = 0; copy < 2; copy++) {
      for (int i = 0; i < 20_000; i++) {
        String prefix = "/" + Integer.toString(i, 36) + "/";
        rules.add(new ScorpionRule(ScorpionCommand.DISALLOW_CRAWL, prefix, rules.size() + 1));
        length += prefix.length();
      }
    }
    RuleShadowing.Result r = RuleShadowing.reduce(rules);
    assertThat(r.kept()).hasSize(20_000);
    assertThat(r.dropped()).hasSize(20_000);
    assertThat(r.dropped().get(19_999).by()).isEqualTo(rules.get(19_999));
    assertThat(r.steps()).as("characters walked").isLessThanOrEqualTo(2 * length);
  }
}
