package org.acapengine.eval.match;

/**
 * Patterns indexed by their literal prefix (the run before the first {@code *}), so that a path
 * is matched only against the patterns whose prefix is a prefix of it: the prefixes sorted ({@link
 * KeyOrder}), each with its length and the nearest earlier prefix that is a prefix of it. The
 * prefixes of a path are then the greatest prefix not above the path and the chain of its parents
 * (anything sorted between a prefix of the path and the path starts with that prefix), those no
 * longer than what it shares with the path: one binary search and a walk, three ints a pattern,
 * the keys read from the patterns' own text.
 */
final class PrefixOrder {

  private final String text;
  private final boolean foldCase;
  /** The patterns, sorted by prefix (a prefix before the keys it is a prefix of). */
  private final int[] order;
  /** Per entry of {@link #order}: where its prefix starts in {@link #text}, and its length. */
  private final int[] start;
  private final int[] length;
  /** Per entry of {@link #order}: the nearest earlier entry whose prefix is a prefix of this one's, or -1. */
  private final int[] parent;

  private PrefixOrder(String text, boolean foldCase, int[] order, int[] start, int[] length, int[] parent) {
    this.text = text;
    this.foldCase = foldCase;
    this.order = order;
    this.start = start;
    this.length = length;
    this.parent = parent;
  }

  /**
   * The order of the patterns whose {@code prefixLength} is not negative.
   *
   * @param text the text the prefixes are ranges of
   * @param from each pattern's start in {@code text}
   * @param prefixLength each pattern's prefix length, or -1 to leave it out
   * @param foldCase whether prefixes compare up to ASCII case
   */
  static PrefixOrder build(String text, int[] from, int[] prefixLength, boolean foldCase) {
    int[] order = KeyOrder.sortedIndexes(KeyPool.ofText(text, from, prefixLength, foldCase));
    int n = order.length;
    int[] start = new int[n];
    int[] length = new int[n];
    int[] parents = new int[n];
    int[] stack = new int[n];
    int depth = 0;
    for (int i = 0; i < n; i++) {
      start[i] = from[order[i]];
      length[i] = prefixLength[order[i]];
    }
    PrefixOrder built = new PrefixOrder(text, foldCase, order, start, length, parents);
    // In sorted order, the keys that are prefixes of a key are on a stack of nested prefixes.
    for (int i = 0; i < n; i++) {
      while (depth > 0 && !built.isPrefix(stack[depth - 1], i)) {
        depth--;
      }
      parents[i] = depth > 0 ? stack[depth - 1] : -1;
      stack[depth++] = i;
    }
    return built;
  }

  private boolean isPrefix(int a, int b) {
    if (length[a] > length[b]) {
      return false;
    }
    for (int k = 0; k < length[a]; k++) {
      if (key(a, k) != key(b, k)) {
        return false;
      }
    }
    return true;
  }

  private char key(int entry, int k) {
    char c = text.charAt(start[entry] + k);
    return foldCase ? PathSearch.fold(c) : c;
  }

  /** How many characters key {@code entry} shares with the path from the start. */
  private int shared(CharSequence path, int entry) {
    int limit = Math.min(length[entry], path.length());
    int common = 0;
    while (common < limit && key(entry, common) == (foldCase ? PathSearch.fold(path.charAt(common)) : path.charAt(common))) {
      common++;
    }
    return common;
  }

  /** True when key {@code entry}, which shares {@code common} characters with the path, is not above it. */
  private boolean notAbove(CharSequence path, int entry, int common) {
    if (common == length[entry]) {
      return true;
    }
    if (common == path.length()) {
      return false;
    }
    return key(entry, common) < (foldCase ? PathSearch.fold(path.charAt(common)) : path.charAt(common));
  }

  /** The number of patterns in the order. */
  int size() {
    return order.length;
  }

  /**
   * Writes into {@code out} the patterns whose prefix is a prefix of {@code path}, the longest
   * prefix first, and returns how many. O(log n + path) comparisons, plus one per pattern written.
   */
  int walk(CharSequence path, int[] out) {
    String t = text;
    boolean fold = foldCase;
    int n = order.length;
    if (n == 0) {
      return 0;
    }
    int pathLength = path.length();
    // What the path shares with the nearest keys below and above the range: every key between
    // them shares the smaller of the two, so a comparison starts there. The first and last keys
    // are compared first, so that keys that share a long prefix (/section1/, /section2/, …) are
    // compared from its end.
    int first = shared(path, 0);
    int last = shared(path, n - 1);
    int at;
    int shared;
    int lo = 1;
    int hi = n - 2;
    if (!notAbove(path, 0, first)) {
      return 0; // below every key
    }
    if (notAbove(path, n - 1, last)) {
      at = n - 1;
      shared = last;
      lo = n;
    } else {
      at = 0;
      shared = first;
    }
    int sharedBelow = first;
    int sharedAbove = last;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int len = length[mid];
      int from = start[mid];
      int common = Math.min(sharedBelow, sharedAbove);
      int limit = Math.min(len, pathLength);
      int k = 0;
      int c = 0;
      while (common < limit) {
        k = t.charAt(from + common);
        c = path.charAt(common);
        if (fold) {
          k = k >= 'A' && k <= 'Z' ? k + 32 : k;
          c = c >= 'A' && c <= 'Z' ? c + 32 : c;
        }
        if (k != c) {
          break;
        }
        common++;
      }
      if (common == len || (common < limit && k < c)) {
        at = mid;
        shared = common;
        sharedBelow = common;
        lo = mid + 1;
      } else {
        sharedAbove = common;
        hi = mid - 1;
      }
    }
    int count = 0;
    for (int i = at; i >= 0; i = parent[i]) {
      if (length[i] <= shared) {
        out[count++] = order[i];
      }
    }
    return count;
  }

}
