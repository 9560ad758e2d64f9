package org.acapengine.eval;

import java.util.Arrays;
import java.util.List;

/**
 * Rules indexed by the literal prefix of their pattern, so that a query tests only the rules
 * whose prefix is a prefix of the path: the cost of a decision depends on the path and the rules
 * that could match it, not on how many rules the file has.
 *
 * <p>A radix tree laid out in flat arrays: a node per branching point or rule end, not per
 * character, and no object per node, so that a compiled policy holds a few arrays where it held
 * an object graph the size of its rules' text. Node 0 is the root; each node's children are
 * numbered consecutively ({@code [childStart[n], childStart[n + 1])}) in the order of their first
 * character, its edge label is {@code labels[labelStart[n], labelStart[n + 1])} and its rules
 * {@code ruleIds[ruleStart[n], ruleStart[n + 1])}.
 */
final class PrefixTrie {

  /** Receives the rules a walk finds. */
  interface Visitor {
    void visit(int rule);

    /** Rule {@code rule}'s indexed segment first occurs in the path ending at {@code end} ({@link SegmentIndex}). */
    default void visitSegment(int rule, int end) {
      visit(rule);
    }
  }

  private static final PrefixTrie EMPTY_FOLDED = new PrefixTrie(true, new char[0], new char[0], new int[] {0, 0}, new int[] {0, 0},
      new int[] {0, 0}, new int[0]);
  private static final PrefixTrie EMPTY_EXACT = new PrefixTrie(false, new char[0], new char[0], new int[] {0, 0}, new int[] {0, 0},
      new int[] {0, 0}, new int[0]);

  private final boolean foldCase;
  /** Each node's first label character (unused for the root), for the binary search among siblings. */
  private final char[] firstChar;
  private final char[] labels;
  private final int[] labelStart;
  private final int[] childStart;
  private final int[] ruleStart;
  private final int[] ruleIds;

  private PrefixTrie(boolean foldCase, char[] firstChar, char[] labels, int[] labelStart, int[] childStart, int[] ruleStart, int[] ruleIds) {
    this.foldCase = foldCase;
    this.firstChar = firstChar;
    this.labels = labels;
    this.labelStart = labelStart;
    this.childStart = childStart;
    this.ruleStart = ruleStart;
    this.ruleIds = ruleIds;
  }

  /**
   * Calls {@code visitor} with every rule whose prefix is a prefix of {@code path}: shorter
   * prefixes first, rules of equal prefix in rule order.
   */
  void walk(String path, Visitor visitor) {
    int n = 0;
    visit(n, visitor);
    int i = 0;
    int len = path.length();
    while (i < len) {
      int lo = childStart[n];
      int hi = childStart[n + 1] - 1;
      char c = foldCase ? fold(path.charAt(i)) : path.charAt(i);
      int child = -1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        char k = firstChar[mid];
        if (k < c) {
          lo = mid + 1;
        } else if (k > c) {
          hi = mid - 1;
        } else {
          child = mid;
          break;
        }
      }
      if (child < 0) {
        return;
      }
      int from = labelStart[child];
      int to = labelStart[child + 1];
      if (to - from > len - i) {
        return;
      }
      for (int j = from + 1, p = i + 1; j < to; j++, p++) {
        char pc = foldCase ? fold(path.charAt(p)) : path.charAt(p);
        if (labels[j] != pc) {
          return;
        }
      }
      i += to - from;
      n = child;
      visit(n, visitor);
    }
  }

  private void visit(int n, Visitor visitor) {
    for (int r = ruleStart[n], end = ruleStart[n + 1]; r < end; r++) {
      visitor.visit(ruleIds[r]);
    }
  }

  /** The number of nodes, the root included. */
  int nodes() {
    return childStart.length - 1;
  }

  static char fold(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
  }

  /**
   * Builds a trie; rule i has prefix {@code prefixes.get(i)}, or is left out when that is null.
   * The prefixes are sorted first; then nodes are made breadth first, each from a range of the
   * sorted prefixes that share its path: the rules whose prefix ends there come first in the range,
   * the rest split by their next character, and each part's edge runs as far as its first and last
   * prefix agree (in sorted order, as far as all of them agree).
   */
  static PrefixTrie build(List<String> prefixes, boolean foldCase) {
    KeyPool keys = KeyPool.of(prefixes, foldCase, false);
    int m = keys.present;
    if (m == 0) {
      return foldCase ? EMPTY_FOLDED : EMPTY_EXACT;
    }
    int[] order = KeyOrder.sortedIndexes(keys);
    char[] pool = keys.chars;
    // At most one node per rule end and one per branching point: under 2m + 1 in all.
    int cap = 2 * m + 1;
    int[] rangeFrom = new int[cap];
    int[] rangeTo = new int[cap];
    int[] depth = new int[cap];
    char[] first = new char[cap];
    int[] labelStart = new int[cap + 1];
    int[] childStart = new int[cap + 1];
    int[] ruleStart = new int[cap + 1];
    int[] ruleIds = new int[m];
    StringBuilder labels = new StringBuilder();
    rangeTo[0] = m;
    int count = 1;
    int rulesOut = 0;
    for (int n = 0; n < count; n++) {
      int from = rangeFrom[n];
      int to = rangeTo[n];
      int d = depth[n];
      ruleStart[n] = rulesOut;
      childStart[n] = count;
      while (from < to && keys.length[order[from]] == d) {
        ruleIds[rulesOut++] = order[from++];
      }
      while (from < to) {
        char c = pool[keys.start[order[from]] + d];
        int end = from + 1;
        while (end < to && pool[keys.start[order[end]] + d] == c) {
          end++;
        }
        int a = keys.start[order[from]];
        int b = keys.start[order[end - 1]];
        int shared = d + 1;
        int max = Math.min(keys.length[order[from]], keys.length[order[end - 1]]);
        while (shared < max && pool[a + shared] == pool[b + shared]) {
          shared++;
        }
        rangeFrom[count] = from;
        rangeTo[count] = end;
        depth[count] = shared;
        first[count] = c;
        labelStart[count] = labels.length();
        labels.append(pool, a + d, shared - d);
        count++;
        from = end;
      }
    }
    labelStart[count] = labels.length();
    childStart[count] = count;
    ruleStart[count] = rulesOut;
    char[] flat = new char[labels.length()];
    labels.getChars(0, flat.length, flat, 0);
    return new PrefixTrie(foldCase, Arrays.copyOf(first, count), flat, Arrays.copyOf(labelStart, count + 1), Arrays.copyOf(childStart, count + 1),
        Arrays.copyOf(ruleStart, count + 1), ruleIds);
  }
}
