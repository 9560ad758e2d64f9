package org.acapengine.adapters.scorpion;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

  /** The outcome: the rules kept, in order, and the rules dropped. */
  record Result(List<ScorpionRule> kept, List<Shadowed> dropped) {}

  private RuleShadowing() {}

  static Result reduce(List<ScorpionRule> rulesInOrder) {
    List<ScorpionRule> kept = new ArrayList<>();
    List<Shadowed> dropped = new ArrayList<>();
    for (ScorpionRule rule : rulesInOrder) {
      Optional<ScorpionRule> earlier = kept.stream().filter(k -> rule.prefix().startsWith(k.prefix())).findFirst();
      if (earlier.isPresent()) {
        dropped.add(new Shadowed(rule, earlier.get()));
      } else {
        kept.add(rule);
      }
    }
    return new Result(List.copyOf(kept), List.copyOf(dropped));
  }
}
