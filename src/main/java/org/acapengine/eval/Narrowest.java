package org.acapengine.eval;

/**
 * ACAP 2.4.5 without comparing every pair: the matching patterns no other matching pattern
 * outranks. The patterns are sorted by {@link ScopeOrder} rank ({@link ScopeRanks}), which lays
 * them out like a trie; then, position by position, each run of patterns sharing a prefix keeps
 * only those with the narrowest character class present (literals, else {@code *}, else {@code
 * $}, else the end), splitting where literals differ (different literals cannot be ranked). Each
 * pattern character is read at most once, so the cost is the sort plus the total length of the
 * patterns, never the square of their number (docs/matching.md).
 */
final class Narrowest {

  private Narrowest() {}

  /** Writes the candidates among the {@code n} items into {@code s.candidates}; returns how many. */
  static int candidates(int[] items, int n, MatchScratch s, DecisionTrace t) {
    int[] cand = s.candidates;
    if (n == 1) {
      cand[0] = items[0];
      return 1;
    }
    long[] order = s.order;
    boolean[] won = s.won;
    int[] stack = s.stack;
    String[] texts = s.itemText;
    int[] starts = s.itemStart;
    int[] lengths = s.itemLength;
    for (int i = 0; i < n; i++) {
      Bucket b = s.buckets[items[i] >>> MatchScratch.SHIFT];
      int p = b.tablePattern(items[i] & MatchScratch.LOW);
      order[i] = ((long) b.table.rank(p) << 32) | i;
      won[i] = false;
      texts[i] = b.table.text;
      starts[i] = b.table.normalStart(p);
      lengths[i] = b.table.rfcLength(p);
    }
    java.util.Arrays.sort(order, 0, n);
    int sp = 0;
    stack[sp++] = 0;
    stack[sp++] = n;
    stack[sp++] = 0;
    while (sp > 0) {
      int d = stack[--sp];
      int hi = stack[--sp];
      int lo = stack[--sp];
      while (true) {
        if (hi - lo == 1) {
          won[(int) order[lo]] = true;
          break;
        }
        // In this order the prefix a run shares is the common prefix of its first and last pattern.
        d = commonPrefix(s, (int) order[lo], (int) order[hi - 1], d);
        int k0 = key(s, order, lo, d);
        if (k0 == ScopeOrder.END) {
          for (int p = lo; p < hi; p++) {
            won[(int) order[p]] = true; // identical up to case: as narrow as each other
          }
          break;
        }
        // The run's keys at d are sorted, narrowest class first: the rest of the run is outranked.
        int k = firstAbove(s, order, lo, hi, d, k0 >= ScopeOrder.STAR ? k0 : ScopeOrder.STAR - 1);
        for (int p = k; p < hi; p++) {
          t.item(items[(int) order[p]], Explanation.Outcome.OUTRANKED, Explanation.Why.NARROWER_SCOPE, items[(int) order[lo]]);
        }
        if (k0 >= ScopeOrder.STAR) {
          hi = k;
          d++;
          continue;
        }
        for (int g = lo; g < k;) {
          int e = firstAbove(s, order, g, k, d, key(s, order, g, d));
          stack[sp++] = g;
          stack[sp++] = e;
          stack[sp++] = d + 1;
          g = e;
        }
        break;
      }
    }
    int nc = 0;
    for (int i = 0; i < n; i++) {
      texts[i] = null;
      if (won[i]) {
        cand[nc++] = items[i];
      }
    }
    return nc;
  }

  /** The key ({@link ScopeOrder#key}) of item {@code i}'s pattern (as laid out in the scratch) at {@code at}. */
  private static int key(MatchScratch s, int i, int at) {
    if (at >= s.itemLength[i]) {
      return ScopeOrder.END;
    }
    char c = s.itemText[i].charAt(s.itemStart[i] + at);
    if (c == '*') {
      return ScopeOrder.STAR;
    }
    if (c == '$') {
      return ScopeOrder.DOLLAR;
    }
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
  }

  /** The first index in [lo, hi) whose key at {@code depth} is above {@code k} (keys sorted there), else hi. */
  private static int firstAbove(MatchScratch s, long[] order, int lo, int hi, int depth, int k) {
    int a = lo;
    int b = hi;
    while (a < b) {
      int mid = (a + b) >>> 1;
      if (key(s, order, mid, depth) <= k) {
        a = mid + 1;
      } else {
        b = mid;
      }
    }
    return a;
  }

  /** The first position at or after {@code from} where items {@code a} and {@code b}'s keys differ, or where both end. */
  private static int commonPrefix(MatchScratch s, int a, int b, int from) {
    int i = from;
    while (true) {
      int ka = key(s, a, i);
      if (ka != key(s, b, i) || ka == ScopeOrder.END) {
        return i;
      }
      i++;
    }
  }

  private static int key(MatchScratch s, long[] order, int at, int depth) {
    return key(s, (int) order[at], depth);
  }
}
