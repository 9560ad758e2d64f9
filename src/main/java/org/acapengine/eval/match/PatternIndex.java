package org.acapengine.eval.match;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Path patterns indexed so that a path is matched only against the patterns that could match it,
 * and each of those by the one matcher, every search of the path through the decision's {@link
 * PathSearch}: the low-level engine under every pattern of every source (robots.txt rules and
 * ACAP fields through the evaluator's rule tables, and {@link PathPatternSet} for the others).
 *
 * <p>The patterns are ranges of one text, in their match form ({@link #info}): percent-normalised
 * (the text holds nothing else there), a {@code $} that does not end a pattern written {@code
 * %24}, a final {@code $} kept. They are not copied: the index keeps the caller's text and
 * arrays. A pattern whose literal prefix is longer than one character, or which has no literal run
 * after it, is found by its prefix ({@link PrefixOrder}); one led by at most one character and a
 * {@code *} ({@code /*.pdf$}, {@code /*?sessionid=}) by the last {@value #SEGMENT_KEY} characters
 * of its longest literal run ({@link SegmentIndex}: those keys, or for many an Aho-Corasick
 * automaton), a pattern only being able to match a path that contains its runs. A key more than {@value #CROWDED_KEY}
 * patterns share is replaced, for them, by their whole run, so that where it first occurs can
 * decide the match: a pattern that is a one-character prefix, {@code *} and that run is decided
 * from the occurrence, and one whose run is its last is matched only before it where the rest
 * fits there (docs/matching.md). Up to {@value #UNINDEXED} patterns are matched one by one.
 * Immutable and thread-safe.
 */
public final class PatternIndex {

  /** Flag of {@link #info}: the pattern ends with {@code $}, which its length counts. */
  public static final int ANCHORED = 1 << 31;
  /** Flag of {@link #info}: the pattern has a {@code *}. */
  public static final int WILDCARD = 1 << 30;
  /** Flag of {@link #info}: the pattern matches up to ASCII case. */
  public static final int FOLD = 1 << 29;
  /** Flag of {@link #info}: no ASCII upper-case letter (found up to case where the path has none, found as written). */
  static final int LOWER = 1 << 28;
  /** The bits of {@link #info} that hold the pattern's length. */
  public static final int LENGTH = (1 << 28) - 1;

  /** Up to this many patterns, each is matched; above it, the patterns are indexed. */
  static final int UNINDEXED = 4;

  /**
   * Whether {@link #of} indexes this many patterns; when it does not, a holder may keep no index
   * and match the patterns one by one with {@link #searchEach}, as the index would.
   *
   * @param count how many patterns
   * @return true when they are indexed
   */
  public static boolean indexes(int count) {
    return count > UNINDEXED;
  }
  /** How many characters of a pattern's longest literal run (its last) the segment index keys it by. */
  static final int SEGMENT_KEY = 6;
  /** More patterns than this sharing one segment key are keyed by their whole run instead. */
  static final int CROWDED_KEY = 32;

  /** Receives the patterns a search finds. */
  public interface Visitor {
    /**
     * Pattern {@code pattern} matches the path; called once per pattern and search.
     *
     * @param pattern the pattern's number
     */
    void matched(int pattern);
  }

  private final String text;
  /** Pattern i starts at {@code data[at + 2 * i]}, its info at {@code data[at + 2 * i + 1]} (the caller's array). */
  private final int[] data;
  private final int at;
  private final int count;
  /**
   * The patterns found by prefix ({@link PrefixOrder}): a {@code byte[]}, {@code char[]} or {@code
   * int[]}, the narrowest its values fit ({@link PrefixOrder#compact}); null when no pattern is
   * found by its prefix, or when the patterns are few enough to be matched one by one. (One field
   * for all, and whether the index folds case read from its first pattern's info: the index is 40
   * bytes, not 48.)
   */
  private final Object prefixes;
  private final SegmentIndex segments;
  /**
   * Per pattern found by a segment, where its run is, in one int: the run's offset in the pattern
   * (bits 15-29) and length (bits 0-14), and
   *
   * <ul>
   *   <li>for a pattern keyed by its whole longest run (where the key occurs first, the run does),
   *       {@link #ONLY_RUN} when the pattern after its prefix is {@code *}s and that run;
   *   <li>for a pattern keyed by the last characters of a longer run that is its first after its
   *       prefix (and not the last of an end-anchored pattern), {@link #FIRST_RUN}: where the key
   *       first occurs places the run without searching for it.
   * </ul>
   *
   * 0 for any other pattern, and for a run too long or too far in to pack (matched in full). Held
   * only for the patterns that have one ({@link SegmentRuns#sparse}); null when no pattern has one.
   */
  private final int[] runs;

  /** In {@link #runs}: nothing but {@code *}s besides the prefix and the (whole) run. */
  private static final int ONLY_RUN = 1 << 31;
  /** In {@link #runs}: the run is the pattern's first after its prefix, keyed by its last characters. */
  private static final int FIRST_RUN = 1 << 30;
  /** In {@link #runs}: the run's length; its offset is the 15 bits above. */
  private static final int RUN = (1 << 15) - 1;

  private PatternIndex(String text, int[] data, int at, int count, Object prefixes, SegmentIndex segments, int[] runs) {
    this.text = text;
    this.data = data;
    this.at = at;
    this.count = count;
    this.prefixes = prefixes;
    this.segments = segments;
    this.runs = runs;
  }

  /**
   * A pattern's length in its match form with the flags that say how it matches.
   *
   * @param match the pattern in its match form ({@code $} only at the end)
   * @param foldCase true to match up to ASCII case
   * @return the info to give {@link #of}
   */
  public static int info(String match, boolean foldCase) {
    int n = match.length();
    if (n > LENGTH) {
      throw new IllegalArgumentException("a pattern of " + n + " characters");
    }
    boolean anchored = n > 0 && match.charAt(n - 1) == '$';
    boolean wildcard = match.indexOf('*') >= 0;
    boolean lower = true;
    for (int i = 0; i < n && lower; i++) {
      char c = match.charAt(i);
      lower = c < 'A' || c > 'Z';
    }
    return n | (anchored ? ANCHORED : 0) | (wildcard ? WILDCARD : 0) | (foldCase ? FOLD : 0) | (lower ? LOWER : 0);
  }

  /**
   * Indexes patterns 0 to {@code count - 1}: pattern i is {@code text[start, start + (info &
   * LENGTH))} with {@code start = data[at + 2 * i]} and {@code info = data[at + 2 * i + 1]},
   * matched as the info's flags say (all alike in {@link #FOLD}). A pattern whose info has no
   * {@link #WILDCARD} is one literal, {@code *} included.
   *
   * @param text the text holding the patterns
   * @param data each pattern's start and {@link #info}, in pairs; kept, not copied
   * @param at where the pairs start in {@code data}
   * @param count how many patterns
   * @return the index
   */
  public static PatternIndex of(String text, int[] data, int at, int count) {
    boolean fold = count > 0 && (data[at + 1] & FOLD) != 0;
    if (count <= UNINDEXED) {
      return new PatternIndex(text, data, at, count, null, null, null);
    }
    int[] prefixLength = new int[count];
    int[] runStart = new int[count];
    int[] runLength = new int[count];
    Map<String, Integer> sharing = new HashMap<>();
    List<String> keys = new ArrayList<>(count);
    for (int p = 0; p < count; p++) {
      int start = data[at + 2 * p];
      int info = data[at + 2 * p + 1];
      int end = bodyEnd(start, info);
      int star = (info & WILDCARD) != 0 ? PatternMatcher.star(text, start, end) : end;
      long run = star - start <= 1 && star < end ? SegmentRuns.longest(text, star + 1, end) : -1;
      runStart[p] = (int) (run >>> 32);
      runLength[p] = run < 0 ? -1 : (int) run;
      prefixLength[p] = runLength[p] > 0 ? -1 : star - start;
      String key = runLength[p] > 0 ? fold(text, runStart[p] + Math.max(0, runLength[p] - SEGMENT_KEY), runStart[p] + runLength[p], fold) : null;
      keys.add(key);
      if (key != null) {
        sharing.merge(key, 1, Integer::sum);
      }
    }
    int[] runs = null;
    for (int p = 0; p < count; p++) {
      String key = keys.get(p);
      if (key == null) {
        continue;
      }
      boolean crowded = runLength[p] > SEGMENT_KEY && sharing.get(key) > CROWDED_KEY;
      if (crowded) {
        keys.set(p, fold(text, runStart[p], runStart[p] + runLength[p], fold));
      }
      int start = data[at + 2 * p];
      int info = data[at + 2 * p + 1];
      int offset = runStart[p] - start;
      if (offset > RUN || runLength[p] > RUN) {
        continue; // matched in full
      }
      int end = bodyEnd(start, info);
      if (runLength[p] <= SEGMENT_KEY || crowded) {
        runs = runs != null ? runs : new int[count];
        boolean only = (info & ANCHORED) == 0 && SegmentRuns.onlyStarsBesides(text, PatternMatcher.star(text, start, end), runStart[p], runLength[p], end);
        runs[p] = (only ? ONLY_RUN : 0) | (offset << 15) | runLength[p];
      } else {
        int star = PatternMatcher.star(text, start, end);
        boolean firstAfterPrefix = SegmentRuns.onlyStarsBesides(text, star, runStart[p], 0, runStart[p]);
        boolean anchoredLast = (info & ANCHORED) != 0 && runStart[p] + runLength[p] == end;
        if (firstAfterPrefix && !anchoredLast) {
          runs = runs != null ? runs : new int[count];
          runs[p] = FIRST_RUN | (offset << 15) | runLength[p];
        }
      }
    }
    SegmentIndex segments = SegmentIndex.build(keys, fold);
    Object order = PrefixOrder.compact(PrefixOrder.build(text, data, at, prefixLength, fold));
    return new PatternIndex(text, data, at, count, order, segments.isEmpty() ? null : segments, SegmentRuns.sparse(runs));
  }

  private static int bodyEnd(int start, int info) {
    return start + (info & LENGTH) - ((info & ANCHORED) != 0 ? 1 : 0);
  }

  private static String fold(String text, int from, int to, boolean fold) {
    StringBuilder sb = new StringBuilder(to - from);
    for (int i = from; i < to; i++) {
      sb.append(fold ? PathSearch.fold(text.charAt(i)) : text.charAt(i));
    }
    return sb.toString();
  }

  /**
   * The heap this index holds of its own: its prefix order and segment index, not the text
   * and arrays the patterns were given in (the caller's).
   *
   * @return the bytes
   */
  public long heapBytes() {
    return Heap.object(5, 2, 0) + PrefixOrder.heapBytes(prefixes)
        + (segments == null ? 0 : segments.heapBytes()) + Heap.array(runs);
  }

  /**
   * The number of patterns indexed.
   *
   * @return the count
   */
  public int size() {
    return count;
  }

  /**
   * Calls {@code visitor} once for each pattern that matches the path {@code search} was reset
   * for, in no particular order. O(path) to find the candidates, then each is matched (O(path +
   * pattern), its searches through {@code search}); allocates nothing.
   *
   * @param search the decision's searches, reset for the path
   * @param visitor receives the matching patterns
   */
  public void search(PathSearch search, Visitor visitor) {
    search(search, data, at, visitor);
  }

  /**
   * {@link #search(PathSearch, Visitor)} for patterns given in another array that this index
   * {@linkplain #serves serves}: the same starts and lengths in the same text, each matched as
   * its own info says. An index that folds case finds every pattern that could match up to case,
   * a superset of what a pattern matched case-sensitively can match, and each candidate is
   * matched with its own flags: so one index serves a crawler's conventional rules (RFC 9309,
   * case-sensitive) and the ACAP fields that restate them (ACAP 2.8, up to case).
   *
   * @param search the decision's searches, reset for the path
   * @param data the patterns' starts and infos in pairs ({@link #serves})
   * @param at where the pairs start in {@code data}
   * @param visitor receives the matching patterns
   */
  public void search(PathSearch search, int[] data, int at, Visitor visitor) {
    if (!indexes(count)) {
      searchEach(text, data, at, null, count, search, visitor);
      return;
    }
    CharSequence path = search.path();
    boolean foldCase = foldsCase();
    int[] found = search.candidates(PrefixOrder.size(prefixes));
    int fold = foldCase ? FOLD : 0;
    for (int i = 0, n = PrefixOrder.walk(text, data, at, foldCase, prefixes, search.chars(), path.length(), found); i < n; i++) {
      int p = found[i];
      int info = data[at + 2 * p + 1];
      // The walk found the prefix in the path, as the index folds case: a pattern that is its
      // prefix alone matches (if anchored, where the path ends there) when it matches alike, or
      // when neither it nor the path there has an upper-case letter (then found as written).
      boolean literal = (info & WILDCARD) == 0
          && ((info & FOLD) == fold || (info & LOWER) != 0 && search.lowerBefore(bodyEnd(0, info)));
      boolean matches = literal ? (info & ANCHORED) == 0 || path.length() == (info & LENGTH) - 1
          : PatternMatcher.matches(text, data[at + 2 * p], info, search);
      if (matches) {
        visitor.matched(p);
      }
    }
    if (segments != null) {
      searchSegments(search, data, at, foldCase, visitor);
    }
  }

  /**
   * The patterns found by a segment that match. (Its own method, so that {@link #search} stays
   * small enough for the JIT to inline it into a decision's loop, as it was before the index served
   * two tables: at 409 bytes of bytecode it was called, and conventional literal rules at 10 rules
   * decided about 4 % slower; docs/performance.md.)
   */
  private void searchSegments(PathSearch search, int[] data, int at, boolean foldCase, Visitor visitor) {
    int[] marks = search.nodeMarks(segments.nodes());
    PathSearch.Reports reports = search.reports();
    segments.scan(search.chars(), search.path().length(), reports, marks, search.stamp());
    for (int i = 0; i < reports.count; i++) {
      int p = reports.rules[i];
      if (visitSegment(p, reports.ends[i], data, at, foldCase, search)) {
        visitor.matched(p);
      }
    }
  }

  /**
   * True when this index can search the patterns {@code data} gives from {@code at} ({@link
   * #search(PathSearch, int[], int, Visitor)}): as many as it indexes, in the same text, each
   * starting where the index's does, as long and alike anchored and wildcard, and folding case
   * only where the index does (an index that folds finds what a case-sensitive pattern matches;
   * one that does not would miss what a folding one matches).
   *
   * @param text the text holding the patterns
   * @param data the patterns' starts and infos in pairs
   * @param at where the pairs start in {@code data}
   * @param count how many patterns
   * @return whether {@link #search(PathSearch, int[], int, Visitor)} may be given them
   */
  public boolean serves(String text, int[] data, int at, int count) {
    if (text != this.text || count != this.count) {
      return false;
    }
    int ignored = foldsCase() ? FOLD : 0;
    for (int p = 0; p < count; p++) {
      if (data[at + 2 * p] != this.data[this.at + 2 * p] || ((data[at + 2 * p + 1] ^ this.data[this.at + 2 * p + 1]) & ~ignored) != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the index compares up to ASCII case (its patterns fold).
   *
   * @return true when it folds
   */
  public boolean foldsCase() {
    return count > 0 && (data[at + 1] & FOLD) != 0;
  }

  /**
   * What {@link #search} does for patterns too few to index ({@link #indexes}): matches each,
   * without an index object. Pattern i is {@code patterns[i]} of the pairs in {@code data} from
   * {@code at} (or pattern i itself when {@code patterns} is null).
   *
   * @param text the text holding the patterns
   * @param data each pattern's start and {@link #info}, in pairs
   * @param at where the pairs start in {@code data}
   * @param patterns the pairs' numbers of the patterns searched, or null for the first {@code count}
   * @param count how many patterns
   * @param search the decision's searches, reset for the path
   * @param visitor receives the numbers i of the matching patterns
   */
  public static void searchEach(String text, int[] data, int at, int[] patterns, int count, PathSearch search, Visitor visitor) {
    for (int i = 0; i < count; i++) {
      int p = at + 2 * (patterns == null ? i : patterns[i]);
      if (PatternMatcher.matches(text, data[p], data[p + 1], search)) {
        visitor.matched(i);
      }
    }
  }

  /**
   * True when pattern {@code p} matches the path {@code search} was reset for.
   *
   * @param p the pattern's number
   * @param search the decision's searches, reset for the path
   * @return whether it matches
   */
  public boolean matches(int p, PathSearch search) {
    return PatternMatcher.matches(text, data[at + 2 * p], data[at + 2 * p + 1], search);
  }

  /**
   * A pattern found by its segment, whose key first occurs in the path ending at {@code end}: for
   * a pattern keyed by its whole run that is a prefix of at most one character, {@code *} and
   * that run, the occurrence decides the match (one starting inside the prefix falls back to the
   * matcher); for one whose run is its last, the matcher reads only up to its first occurrence,
   * unless the rest does not fit there. A case-sensitive pattern in an index that folds is placed
   * so only where its run occurs there as written: the first occurrence up to case is then its
   * first (an earlier one would be an earlier one up to case); elsewhere it is matched in full.
   */
  private boolean visitSegment(int p, int end, int[] data, int at, boolean foldCase, PathSearch search) {
    int run = SegmentRuns.get(runs, count, p);
    int start = data[at + 2 * p];
    int info = data[at + 2 * p + 1];
    if (run == 0) {
      return PatternMatcher.matches(text, start, info, search);
    }
    int runLength = run & RUN;
    int runFrom = start + ((run >>> 15) & RUN);
    int prefix = PatternMatcher.star(text, start, runFrom) - start;
    int occurs = end - runLength;
    boolean fold = (info & FOLD) != 0;
    CharSequence path = search.path();
    if (fold != foldCase && !PathSearch.regionMatches(path, occurs, text, runFrom, runLength, false)) {
      return PatternMatcher.matches(text, start, info, search);
    }
    if ((run & FIRST_RUN) != 0) {
      // The key ends the run's first occurrence where the run occurs ending there (an earlier
      // one would end an earlier occurrence of the key): the leftmost place for it.
      if (occurs >= prefix && PathSearch.regionMatches(path, occurs, text, runFrom, runLength, fold)) {
        return PathSearch.regionMatches(path, 0, text, start, prefix, fold)
            && PatternMatcher.matchesAfterRun(text, start, info, runFrom, runLength, occurs, search);
      }
      return PatternMatcher.matches(text, start, info, search);
    }
    if ((run & ONLY_RUN) != 0) {
      return occurs >= prefix ? PathSearch.regionMatches(path, 0, text, start, prefix, fold) : PatternMatcher.matches(text, start, info, search);
    }
    if ((info & ANCHORED) == 0 && runFrom + runLength == bodyEnd(start, info)) {
      return PatternMatcher.headFitsBefore(text, start, info, runFrom, occurs, search) || PatternMatcher.matches(text, start, info, search);
    }
    return PatternMatcher.matches(text, start, info, search);
  }
}
