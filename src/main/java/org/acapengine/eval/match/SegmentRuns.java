package org.acapengine.eval.match;

/**
 * Where the run of a pattern found by a segment is ({@link PatternIndex}): which run a {@code
 * /*}-led pattern is keyed by, and the runs held only for the patterns that have one. A file's
 * few {@code /*}-led patterns among many (jetstar.com: 2 of 36) do not cost an int for every
 * pattern: per 32 patterns, how many of the patterns before them have a run and a bit for each of
 * the 32 that has one, then the runs in pattern order.
 */
final class SegmentRuns {

  private SegmentRuns() {}

  /**
   * The non-zero values of {@code runs} (one per pattern) held sparse, as {@link #get} reads them.
   *
   * @param runs a run per pattern (0 for none), or null
   * @return the sparse form, or null when {@code runs} is null
   */
  static int[] sparse(int[] runs) {
    if (runs == null) {
      return null;
    }
    int words = (runs.length + 31) >>> 5;
    int held = 0;
    for (int r : runs) {
      held += r != 0 ? 1 : 0;
    }
    int[] s = new int[2 * words + held];
    for (int p = 0, n = 0; p < runs.length; p++) {
      if ((p & 31) == 0) {
        s[2 * (p >>> 5)] = n;
      }
      if (runs[p] != 0) {
        s[2 * (p >>> 5) + 1] |= 1 << p;
        s[2 * words + n++] = runs[p];
      }
    }
    return s;
  }

  /**
   * Pattern {@code p}'s run: a bit test, and a bit count when it has one.
   *
   * @param runs the sparse runs ({@link #sparse}) of {@code count} patterns, or null for none
   * @param count how many patterns
   * @param p the pattern
   * @return its run, or 0
   */
  static int get(int[] runs, int count, int p) {
    if (runs == null) {
      return 0;
    }
    int bits = runs[2 * (p >>> 5) + 1];
    int bit = 1 << p;
    if ((bits & bit) == 0) {
      return 0;
    }
    return runs[2 * ((count + 31) >>> 5) + runs[2 * (p >>> 5)] + Integer.bitCount(bits & (bit - 1))];
  }

  /**
   * The longest non-empty run between {@code *}s in [from, end) (the last of equally long ones):
   * its start in the high half and its length in the low half, or -1 when there is none.
   */
  static long longest(String text, int from, int end) {
    long best = -1;
    int bestLength = 0;
    int start = from;
    while (true) {
      int star = PatternMatcher.star(text, start, end);
      int length = star - start;
      if (length > 0 && length >= bestLength) {
        best = ((long) start << 32) | length;
        bestLength = length;
      }
      if (star == end) {
        return best;
      }
      start = star + 1;
    }
  }

  /** True when the pattern after its prefix is {@code *}s and the one run at {@code runFrom}. */
  static boolean onlyStarsBesides(String text, int from, int runFrom, int runLength, int end) {
    for (int i = from; i < end; i++) {
      if (text.charAt(i) != '*' && (i < runFrom || i >= runFrom + runLength)) {
        return false;
      }
    }
    return true;
  }
}
