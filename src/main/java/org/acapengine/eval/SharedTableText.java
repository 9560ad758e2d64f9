package org.acapengine.eval;

import java.util.HashMap;
import java.util.Map;
import org.acapengine.eval.match.PatternIndex;

/**
 * A table built before for the same crawler, whose text a table that keeps no line text may
 * share: where each of its patterns (normalised and match forms) starts in that text, and its
 * sources, shared when equal.
 */
final class SharedTableText {

  final String text;
  final String[] sources;
  /** Its patterns' scope ranks, or null. */
  final int[] ranks;
  private final Map<String, Integer> starts = new HashMap<>();

  SharedTableText(RuleTable t) {
    this.text = t.text;
    this.sources = TableLines.sourceNames(t);
    this.ranks = t.ranks;
    for (int p = 0; p < t.patternCount(); p++) {
      int start = t.patternStart(p);
      starts.putIfAbsent(t.text.substring(start, start + (t.patternInfo(p) & PatternIndex.LENGTH)), start);
      starts.putIfAbsent(t.pattern(p), t.normalStart(p));
    }
  }

  /** Where {@code s} is written in {@link #text}, or -1. */
  int start(String s) {
    Integer at = starts.get(s);
    return at == null ? -1 : at;
  }
}
