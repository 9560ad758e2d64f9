package org.acapengine.adapters.scorpion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reduces first-match rules to rules for which narrowest scope gives the same answer.
 *
 * <p>A rule never decides when an earlier rule of its category has a prefix that its own prefix
 * extends or equals: whenever it matches, the earlier one matches too. Dropping exactly those
 * rules leaves a list in which no earlier prefix is a prefix of a later one, so of the rules that
 * match a path (all prefixes of the path, so all prefixes of each other) the longest comes first.
 * First match over the remaining rules is therefore longest match, which is what ACAP narrowest
 * scope (2.4.5) reduces to for patterns without wildcards; and no two remaining rules share a
 * prefix, so there is never a tie to resolve.
 */
final class RuleShadowing {

  /** A rule that never decides, and the earlier rule that always decides first. */
  record Shadowed(ScorpionRule rule, ScorpionRule by) {}

  /**
   * The outcome: the rules kept, in order, and the rules dropped; {@code steps} the characters of
   * prefixes the reduction walked, at most the rules' prefixes' total length (the work is linear
   * in the file, not quadratic in its rules).
   */
  record Result(List<ScorpionRule> kept, List<Shadowed> dropped, long steps) {}

  private RuleShadowing() {}

  /**
   * Each rule, in order, is walked down a trie of the prefixes kept so far, character by
   * character: the kept prefixes on its way are exactly the earlier kept prefixes that its own
   * extends or equals, and the earliest of them shadows it; a rule that meets none is kept and
   * ends its walk with a node of its own. So each rule costs its prefix's length, whatever the
   * number of rules before it.
   */
  static Result reduce(List<ScorpionRule> rulesInOrder) {
    List<ScorpionRule> kept = new ArrayList<>();
    List<Shadowed> dropped = new ArrayList<>();
    // The trie: child of (node, character) in one map; per node, the number of the kept rule
    // whose prefix ends there (its place in kept, so earlier rules have smaller numbers), or -1.
    Map<Long, Integer> children = new HashMap<>();
    List<Integer> keptAt = new ArrayList<>(List.of(-1));
    long steps = 0;
    for (ScorpionRule rule : rulesInOrder) {
      String prefix = rule.prefix();
      int node = 0;
      int earliest = keptAt.get(0);
      for (int i = 0; i < prefix.length(); i++) {
        steps++;
        Integer child = children.get(((long) node << 16) | prefix.charAt(i));
        if (child == null) {
          node = -1;
          break;
        }
        node = child;
        int k = keptAt.get(node);
        if (k >= 0 && (earliest < 0 || k < earliest)) {
          earliest = k;
        }
      }
      if (earliest >= 0) {
        dropped.add(new Shadowed(rule, kept.get(earliest)));
        continue;
      }
      // kept: add its prefix's path to the trie, the rule at its end
      node = 0;
      for (int i = 0; i < prefix.length(); i++) {
        steps++;
        long key = ((long) node << 16) | prefix.charAt(i);
        Integer child = children.get(key);
        if (child == null) {
          child = keptAt.size();
          keptAt.add(-1);
          children.put(key, child);
        }
        node = child;
      }
      keptAt.set(node, kept.size());
      kept.add(rule);
    }
    return new Result(List.copyOf(kept), List.copyOf(dropped), steps);
  }
}
