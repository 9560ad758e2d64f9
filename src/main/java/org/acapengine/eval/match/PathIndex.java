package org.acapengine.eval.match;

import java.util.Arrays;

/**
 * An index of one path that answers "where does this literal first occur at or after position
 * p" in O(m + log n) for most literals of length m (O(m log n) at worst) in a path of length n,
 * however often it is asked:
 *
 * <ul>
 *   <li>the path's suffix array (its suffixes in sorted order), in which the suffixes that start
 *       with a literal are one range: found from a table of the first two characters, then by
 *       binary search on the next four packed into an int ({@link #head}), its end by galloping;
 *   <li>the smallest start at or after p in that range: read directly from a small range, else
 *       from a wavelet matrix over the suffix array (range successor, O(log n)), built the first
 *       time a search needs it.
 * </ul>
 *
 * <p>Built in O(n): the suffixes bucketed by their first two characters, then sorted by up to
 * three rounds of prefix doubling when that is enough (suffixes that differ within 16
 * characters), else by induced sorting ({@link SuffixArray}). For a decision that would otherwise
 * search the same path many times ({@link PathSearch}); reused by the next path, its buffers
 * with it (induced sorting, when needed, allocates its own work arrays). docs/matching.md, "Many rules, each searching the path". Not thread-safe.
 */
final class PathIndex {

  /**
   * Characters below this (less one) have a key of their own in {@link #pairStart}: every
   * character of a normalised path (printable ASCII).
   */
  private static final int PAIR_CHARS = 128;
  private static final int PAIR_KEYS = PAIR_CHARS * (PAIR_CHARS + 1) + 2;
  /**
   * Buffers grow by doubling up to this length, then to the path's length exactly; {@link
   * PathSearch} keeps no index of a longer path.
   */
  static final int KEPT_LENGTH = 1 << 16;
  /** Occurrence ranges up to this many suffixes are read whole; larger ones ask the wavelet matrix. */
  private static final int SCANNED_RANGE = 32;
  /** Rounds of prefix doubling tried before induced sorting: enough for suffixes that differ within 16 characters. */
  private static final int DOUBLING_ROUNDS = 3;

  private char[] text = new char[0];
  private int n;
  /** The suffix array: {@code sa[j]} is the start of the j-th smallest suffix. */
  private int[] sa = new int[1];
  /** Work space for sorting, then for the wavelet matrix's levels. */
  private int[] rank = new int[1];
  private int[] work = new int[1];
  private int[] spill = new int[1];
  /**
   * Per rank of the suffix array, the third to sixth characters of its suffix, one byte each
   * ({@link #code}), so that a binary search among suffixes that share two characters compares
   * ints.
   */
  private int[] head = new int[1];
  /** Per key of a suffix's first two characters ({@link #pairKey}), the rank of its first suffix. */
  private final int[] pairStart = new int[PAIR_KEYS];
  private final int[] pairCursor = new int[PAIR_KEYS];
  /** Over {@link #sa}, for the first start at or after a position in a range of suffixes; built when first needed. */
  private final WaveletMatrix wavelet = new WaveletMatrix();
  private boolean waveletBuilt;

  /** The number of characters of the indexed path. */
  int length() {
    return n;
  }

  /**
   * Indexes {@code path}, ASCII letters lower-cased when {@code foldCase} (the way {@link
   * PathPattern} holds a case-insensitive pattern's segments).
   */
  void build(CharSequence path, boolean foldCase) {
    n = path.length();
    if (text.length < n) {
      int size = Math.max(n, Math.min(text.length * 2, KEPT_LENGTH));
      text = new char[size];
      sa = new int[size + 1];
      rank = new int[size + 1];
      work = new int[size + 1];
      spill = new int[size + 1];
      head = new int[size + 1];
    }
    int max = 0;
    for (int i = 0; i < n; i++) {
      char c = path.charAt(i);
      if (foldCase && c >= 'A' && c <= 'Z') {
        c = (char) (c + ('a' - 'A'));
      }
      text[i] = c;
      max = Math.max(max, c);
    }
    countPairs();
    if (max >= PAIR_CHARS - 1 || !sortByDoubling()) {
      sortSuffixes(max);
    }
    packHeads();
    waveletBuilt = false;
  }

  /** Sorts the suffixes of {@link #text} into {@link #sa} (values shifted by one: 0 is the sentinel). */
  private void sortSuffixes(int maxChar) {
    for (int i = 0; i < n; i++) {
      work[i] = text[i] + 1;
    }
    SuffixArray.sort(work, n, maxChar + 2, sa);
  }

  /**
   * Prefix doubling from the suffixes sorted by their first two characters ({@link #pairStart}):
   * after the round for {@code h}, they are sorted by their first 2h characters. A path without
   * long repeats (most, and those built from many different runs) is sorted in two or three
   * rounds, faster than induced sorting; one with long repeats is not, and is left to {@link
   * SuffixArray} after {@value #DOUBLING_ROUNDS} rounds (false), so that the build stays linear.
   */
  private boolean sortByDoubling() {
    int[] next = pairNext();
    for (int i = 0; i < n; i++) {
      sa[next[pairKey(text[i], i + 1 < n ? text[i + 1] : -1)]++] = i;
    }
    int classes = 0;
    int previousKey = -1;
    for (int j = 0; j < n; j++) {
      int i = sa[j];
      int key = pairKey(text[i], i + 1 < n ? text[i + 1] : -1);
      if (key != previousKey) {
        classes++;
        previousKey = key;
      }
      rank[i] = classes - 1;
    }
    int[] count = spill;
    for (int h = 2, round = 0; classes < n; h <<= 1, round++) {
      // Give up early where doubling will not finish in time: a path of few distinct pairs (one
      // letter repeated, two letters), or one whose 8-character prefixes still leave a quarter
      // of its suffixes tied (long repeats).
      if (round == DOUBLING_ROUNDS || (round == 0 && classes < 16) || (round >= 2 && classes < n - n / 4)) {
        return false;
      }
      // The suffixes in order of their second key (the class h further on; none is smallest).
      int p = 0;
      for (int i = Math.max(0, n - h); i < n; i++) {
        work[p++] = i;
      }
      for (int j = 0; j < n; j++) {
        if (sa[j] >= h) {
          work[p++] = sa[j] - h;
        }
      }
      // Stable by the first key.
      Arrays.fill(count, 0, classes + 1, 0);
      for (int i = 0; i < n; i++) {
        count[rank[i] + 1]++;
      }
      for (int c = 1; c <= classes; c++) {
        count[c] += count[c - 1];
      }
      for (int j = 0; j < n; j++) {
        int suffix = work[j];
        sa[count[rank[suffix]]++] = suffix;
      }
      int[] ranks = work;
      ranks[sa[0]] = 0;
      int c = 0;
      for (int j = 1; j < n; j++) {
        int a = sa[j - 1];
        int b = sa[j];
        if (rank[a] != rank[b] || (a + h < n ? rank[a + h] : -1) != (b + h < n ? rank[b + h] : -1)) {
          c++;
        }
        ranks[b] = c;
      }
      work = rank;
      rank = ranks;
      classes = c + 1;
    }
    return true;
  }

  /** A copy of {@link #pairStart}, to count places off as suffixes are placed. */
  private int[] pairNext() {
    System.arraycopy(pairStart, 0, pairCursor, 0, pairStart.length);
    return pairCursor;
  }

  /**
   * The key of the suffixes that start with {@code c1} and then {@code c2} ({@code c2 == -1}: that
   * end after {@code c1}), both below {@link #PAIR_CHARS} - 1 (larger characters share the last
   * key); keys are in the suffixes' sorted order.
   */
  private static int pairKey(int c1, int c2) {
    return Math.min(c1, PAIR_CHARS - 1) * (PAIR_CHARS + 1) + (c2 < 0 ? 0 : Math.min(c2, PAIR_CHARS - 1) + 1);
  }

  /** {@link #pairStart}: for each key, the rank of the first suffix with that key or a larger one. */
  private void countPairs() {
    int[] start = pairStart;
    Arrays.fill(start, 0);
    for (int i = 0; i < n; i++) {
      start[pairKey(text[i], i + 1 < n ? text[i + 1] : -1) + 1]++;
    }
    for (int k = 1; k < start.length; k++) {
      start[k] += start[k - 1];
    }
  }



  /**
   * The first position at or after {@code from} where {@code literal} occurs in the indexed path
   * (its characters compared as they are: lower-case a case-insensitive literal), or -1.
   */
  int indexOf(CharSequence literal, int from) {
    int m = literal.length();
    if (from < 0) {
      from = 0;
    }
    if (from > n - m) {
      return -1;
    }
    if (m == 0 || occursAt(literal, from)) {
      return from; // as often as not, the literal follows what the pattern matched before it
    }
    int lo;
    int hi;
    char c1 = literal.charAt(0);
    char c2 = m > 1 ? literal.charAt(1) : 0;
    if (c1 < PAIR_CHARS - 1 && (m == 1 || c2 < PAIR_CHARS - 1)) {
      // The suffixes that start with the literal's first one or two characters, from the table.
      int key = pairKey(c1, m > 1 ? c2 : -1);
      lo = pairStart[key];
      hi = pairStart[m > 1 ? key + 1 : key + PAIR_CHARS + 1];
      if (m > 2 && lo < hi) {
        lo = lowerBoundAfterPair(literal, lo, hi);
        hi = endOfMatches(literal, lo, hi, 2);
      }
    } else {
      lo = bound(literal, false, 0, n, 0);
      hi = endOfMatches(literal, lo, n, 0);
    }
    if (hi - lo <= SCANNED_RANGE) {
      int best = -1;
      for (int j = lo; j < hi; j++) {
        int start = sa[j];
        if (start >= from && (best < 0 || start < best)) {
          best = start;
        }
      }
      return best;
    }
    if (!waveletBuilt) {
      wavelet.build(sa, n, rank, work, spill);
      waveletBuilt = true;
    }
    return wavelet.successor(lo, hi, from);
  }

  private boolean occursAt(CharSequence literal, int at) {
    for (int k = 0, m = literal.length(); k < m; k++) {
      if (text[at + k] != literal.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The end of the run of suffixes from {@code lo} (the first not below the literal) that start
   * with the literal, galloping: most literals of a pattern occur a few times, so this reads a
   * suffix or two where a second binary search would read log n.
   */
  private int endOfMatches(CharSequence literal, int lo, int hi, int shared) {
    if (lo == hi || !startsWith(sa[lo], literal, shared)) {
      return lo;
    }
    int inside = lo; // starts with the literal
    int step = 1;
    while (inside + step < hi && startsWith(sa[inside + step], literal, shared)) {
      inside += step;
      step <<= 1;
    }
    return bound(literal, true, inside + 1, Math.min(hi, inside + step), shared);
  }

  /** True when the suffix at {@code start}, which shares {@code shared} characters with the literal, starts with it. */
  private boolean startsWith(int start, CharSequence literal, int shared) {
    int m = literal.length();
    if (n - start < m) {
      return false;
    }
    for (int k = shared; k < m; k++) {
      if (text[start + k] != literal.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@link #bound} for a literal of three characters or more within the suffixes that share its
   * first two: compares {@link #head}s (the next four characters, packed) and reads the text only
   * where they tie, so that most steps read one int array and not the suffix array and the text.
   */
  private int lowerBoundAfterPair(CharSequence literal, int lo, int hi) {
    int m = literal.length();
    int take = Math.min(4, m - 2);
    for (int k = 0; k < take; k++) {
      if (literal.charAt(2 + k) >= 254) {
        // Characters from 254 up share one byte: a tie there must go to the text, so the key
        // stops at it (a later byte could otherwise decide the wrong way).
        take = k + 1;
        break;
      }
    }
    int key = 0;
    for (int k = 0; k < 4; k++) {
      key = (key << 8) | (k < take ? code(literal.charAt(2 + k)) : 0);
    }
    int mask = -1 << (32 - 8 * take);
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int cmp = Integer.compareUnsigned(head[mid] & mask, key);
      if (cmp == 0) {
        cmp = compareFrom(sa[mid], literal, 2);
      }
      if (cmp < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** A character's byte in a {@link #head}: order-preserving up to 253, 0 for past the end. */
  private static int code(char c) {
    return Math.min(c, 254) + 1;
  }

  /** {@link #head}s for every rank of the suffix array. */
  private void packHeads() {
    for (int j = 0; j < n; j++) {
      int start = sa[j] + 2;
      int h = 0;
      for (int k = 0; k < 4; k++) {
        h = (h << 8) | (start + k < n ? code(text[start + k]) : 0);
      }
      head[j] = h;
    }
  }

  /**
   * The suffix at {@code start} against the literal, over the literal's length, from character
   * {@code k}: negative when below (a suffix that ends inside an equal prefix is below), 0 when
   * it starts with the literal, positive when above.
   */
  private int compareFrom(int start, CharSequence literal, int k) {
    int m = literal.length();
    int available = n - start;
    for (int end = Math.min(m, available); k < end; k++) {
      int d = text[start + k] - literal.charAt(k);
      if (d != 0) {
        return d;
      }
    }
    return available < m ? -1 : 0;
  }

  /**
   * The first suffix rank in {@code [lo, hi)} whose suffix is, over the literal's length, not below
   * it ({@code after}: above it), or hi, by binary search; a suffix that ends inside an equal
   * prefix is below. Every suffix in the range shares its first {@code shared} characters with the
   * literal. The
   * suffixes between the two bounds share with the literal at least what both bounds share with
   * it, so each comparison starts there (O(m + log n) in all for most literals).
   */
  private int bound(CharSequence literal, boolean after, int lo, int hi, int shared) {
    int m = literal.length();
    int sharedLo = shared;
    int sharedHi = shared;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int start = sa[mid];
      int available = n - start;
      int end = Math.min(m, available);
      int k = Math.min(sharedLo, sharedHi);
      while (k < end && text[start + k] == literal.charAt(k)) {
        k++;
      }
      int cmp = k == m ? 0 : k == available ? -1 : text[start + k] - literal.charAt(k);
      if (cmp < 0 || (after && cmp == 0)) {
        lo = mid + 1;
        sharedLo = k;
      } else {
        hi = mid;
        sharedHi = k;
      }
    }
    return lo;
  }
}
