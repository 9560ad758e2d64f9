package org.acapengine.eval.match;

/**
 * The one matcher of path patterns (RFC 9309 2.2.2 and 2.2.3, ACAP 2.8), over a pattern held as a
 * range of a text in its match form ({@link PatternIndex}: percent-normalised, a {@code $} that
 * does not end it written {@code %24}, a final {@code $} kept): {@link PathPattern} holds one such
 * range, a {@link PatternIndex} many. Every search of the path goes through {@link PathSearch#find}.
 *
 * <p>It places each literal run between two {@code *} at its earliest occurrence after the
 * previous one, which is optimal for prefix matching (a later placement only leaves less room for
 * what follows), so nothing is ever retried; an end-anchored last run is compared once, where it
 * would end the path. Each search starts where the previous run ended, so one match is O(path +
 * pattern) (docs/matching.md). Allocates nothing.
 */
final class PatternMatcher {

  private PatternMatcher() {}

  /**
   * True when the pattern {@code text[start, start + length)} (flags {@code info}: {@link
   * PatternIndex#ANCHORED}, {@link PatternIndex#WILDCARD}, {@link PatternIndex#FOLD}) matches a
   * prefix of the path {@code search} was reset for (all of it when anchored).
   */
  static boolean matches(String text, int start, int info, PathSearch search) {
    CharSequence path = search.path();
    int n = path.length();
    boolean fold = (info & PatternIndex.FOLD) != 0;
    boolean anchored = (info & PatternIndex.ANCHORED) != 0;
    int end = start + (info & PatternIndex.LENGTH) - (anchored ? 1 : 0);
    if ((info & PatternIndex.WILDCARD) == 0) {
      int length = end - start;
      return (!anchored || n == length) && PathSearch.regionMatches(path, 0, text, start, length, fold);
    }
    int star = star(text, start, end);
    if (!PathSearch.regionMatches(path, 0, text, start, star - start, fold)) {
      return false;
    }
    return rest(text, star + 1, end, anchored, fold, star - start, search);
  }

  /**
   * For a pattern whose run {@code text[runFrom, runFrom + runLength)} is its first after a
   * literal prefix and a {@code *}, placed (leftmost-greedy, as an index found it) at {@code at}
   * in the path: true when the rest of the pattern matches after it. {@code at} must be at or
   * after the prefix's end, and the run must not be the last of an end-anchored pattern.
   */
  static boolean matchesAfterRun(String text, int start, int info, int runFrom, int runLength, int at, PathSearch search) {
    boolean anchored = (info & PatternIndex.ANCHORED) != 0;
    int end = start + (info & PatternIndex.LENGTH) - (anchored ? 1 : 0);
    int after = runFrom + runLength;
    return after == end || rest(text, after + 1, end, anchored, (info & PatternIndex.FOLD) != 0, at + runLength, search);
  }

  /** The runs of {@code text[from, end)} (from just after a {@code *}) placed leftmost-greedy from {@code pos} in the path. */
  private static boolean rest(String text, int from, int end, boolean anchored, boolean fold, int pos, PathSearch search) {
    CharSequence path = search.path();
    int n = path.length();
    while (true) {
      int next = star(text, from, end);
      if (next == end) {
        int tail = end - from;
        if (anchored) {
          int at = n - tail;
          return at >= pos && PathSearch.regionMatches(path, at, text, from, tail, fold);
        }
        return tail == 0 || search.find(text, from, end, pos, n, fold) >= 0;
      }
      int found = search.find(text, from, next, pos, n, fold);
      if (found < 0) {
        return false;
      }
      pos = found + (next - from);
      from = next + 1;
    }
  }

  /**
   * For a pattern of at least two runs, not end-anchored, whose last run (starting at {@code
   * tail} in the text, after the last {@code *}) first occurs in the path at {@code at} (as an index
   * found it): true when the runs before it fit, leftmost-greedy, before {@code at}, which proves
   * that the pattern matches. False proves nothing (a later occurrence may still do). Reads the
   * path only up to {@code at}, and the pattern only up to its last run.
   */
  static boolean headFitsBefore(String text, int start, int info, int tail, int at, PathSearch search) {
    boolean fold = (info & PatternIndex.FOLD) != 0;
    if ((info & (PatternIndex.ANCHORED | PatternIndex.WILDCARD)) != PatternIndex.WILDCARD || at < 0) {
      return false;
    }
    int star = star(text, start, tail);
    if (star - start > at || !PathSearch.regionMatches(search.path(), 0, text, start, star - start, fold)) {
      return false;
    }
    int pos = star - start;
    int from = star + 1;
    while (from < tail) {
      int next = star(text, from, tail);
      int found = search.find(text, from, next, pos, at, fold);
      if (found < 0) {
        return false;
      }
      pos = found + (next - from);
      from = next + 1;
    }
    return true; // the last run: it occurs at 'at', after pos
  }

  /** The first {@code *} in {@code text[from, end)}, or {@code end}. */
  static int star(String text, int from, int end) {
    for (int i = from; i < end; i++) {
      if (text.charAt(i) == '*') {
        return i;
      }
    }
    return end;
  }
}
