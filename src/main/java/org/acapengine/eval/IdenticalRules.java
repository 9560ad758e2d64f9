package org.acapengine.eval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.model.SourceLine;

/** Identical rules of a crawler view decided as one (docs/matching.md). */
final class IdenticalRules {

  private IdenticalRules() {}

  /**
   * The rules with identical rules after the first dropped (docs/matching.md): 4 000 copies of
   * {@code Allow: /} decide as one, so that no decision grows with the number of copies. The
   * first keeps its line for the decision and the explanation.
   */
  static List<CompiledRule> collapse(List<CompiledRule> rules) {
    int n = rules.size();
    Map<Object, Integer> firstByIdentity = new HashMap<>(Math.max(16, n * 2));
    // firstOf[i]: the first rule identical to rule i when that is another rule; made on the first
    // copy found, as most files have none.
    int[] firstOf = null;
    for (int i = 0; i < n; i++) {
      Integer prior = firstByIdentity.putIfAbsent(rules.get(i).identity(), i);
      if (prior != null) {
        if (firstOf == null) {
          firstOf = new int[n];
          java.util.Arrays.fill(firstOf, -1);
        }
        firstOf[i] = prior;
      }
    }
    if (firstOf == null) {
      return List.copyOf(rules);
    }
    Map<Integer, java.util.TreeSet<SourceLine>> copies = new HashMap<>();
    for (int i = 0; i < n; i++) {
      if (firstOf[i] >= 0) {
        copies.computeIfAbsent(firstOf[i], first -> {
          java.util.TreeSet<SourceLine> lines = new java.util.TreeSet<>(CrawlerView.BY_LINE);
          lines.add(rules.get(first).evidence);
          return lines;
        }).add(rules.get(i).evidence);
      }
    }
    List<CompiledRule> out = new ArrayList<>(firstByIdentity.size());
    for (int i = 0; i < n; i++) {
      if (firstOf[i] < 0) {
        java.util.TreeSet<SourceLine> lines = copies.get(i);
        out.add(lines == null ? rules.get(i) : rules.get(i).standingFor(List.copyOf(lines)));
      }
    }
    return List.copyOf(out);
  }
}
