package org.acapengine.eval.match;

import java.util.Arrays;

/**
 * Suffix sorting in linear time by induced sorting (SA-IS: Nong, Zhang and Chan, "Two Efficient
 * Algorithms for Linear Time Suffix Array Construction", IEEE Transactions on Computers 60(10),
 * 2011). Prefix doubling takes log n rounds on a path of one repeated character (13 for 8 000
 * a's, about 1 ms here); induced sorting reads such a path a fixed number of times.
 *
 * <p>The idea: type each suffix S (smaller than the next) or L (larger); the leftmost S of each run
 * (LMS) starts an LMS substring. Placing the LMS positions at the ends of their first character's
 * buckets and inducing L-types left to right, then S-types right to left, sorts the LMS
 * substrings; naming them gives a string at most half as long whose suffix order is the LMS
 * suffixes' order (recursively, when two names repeat); a last induction from the sorted LMS
 * suffixes sorts every suffix.
 */
final class SuffixArray {

  private SuffixArray() {}

  /**
   * Sorts the suffixes of {@code s[0, n)}, whose values are in {@code [1, alphabet)}.
   *
   * @param s the string; {@code s[n]} must exist and is set to 0, the sentinel
   * @param n its length
   * @param alphabet one more than its largest value
   * @param sa receives the starts of the suffixes in sorted order, at {@code [0, n)}; at least
   *     n + 1 long
   */
  static void sort(int[] s, int n, int alphabet, int[] sa) {
    s[n] = 0;
    sais(s, sa, n + 1, alphabet);
    // sa[0] is the sentinel's own suffix, the smallest.
    System.arraycopy(sa, 1, sa, 0, n);
  }

  /** SA-IS on {@code s[0, n)} whose last value, 0, occurs nowhere else. */
  private static void sais(int[] s, int[] sa, int n, int alphabet) {
    boolean[] sType = new boolean[n];
    sType[n - 1] = true;
    for (int i = n - 2; i >= 0; i--) {
      sType[i] = s[i] < s[i + 1] || (s[i] == s[i + 1] && sType[i + 1]);
    }
    int[] bucket = new int[alphabet];
    int[] counts = new int[alphabet];
    for (int i = 0; i < n; i++) {
      counts[s[i]]++;
    }

    // 1. The LMS positions at their buckets' ends, then induce: the LMS substrings come out sorted.
    bucketEnds(counts, bucket);
    Arrays.fill(sa, 0, n, -1);
    for (int i = 1; i < n; i++) {
      if (isLms(sType, i)) {
        sa[--bucket[s[i]]] = i;
      }
    }
    induce(s, sa, n, sType, counts, bucket);

    // 2. Name the sorted LMS substrings; equal ones get equal names.
    int lmsCount = 0;
    for (int i = 0; i < n; i++) {
      if (isLms(sType, sa[i])) {
        sa[lmsCount++] = sa[i];
      }
    }
    Arrays.fill(sa, lmsCount, n, -1);
    int names = 0;
    int previous = -1;
    for (int i = 0; i < lmsCount; i++) {
      int position = sa[i];
      if (previous < 0 || !sameLmsSubstring(s, sType, previous, position, n)) {
        names++;
        previous = position;
      }
      // Two LMS positions are at least two apart, so position / 2 is a free slot of its own.
      sa[lmsCount + position / 2] = names - 1;
    }
    int[] reduced = new int[lmsCount + 1];
    for (int i = lmsCount, j = 0; i < n; i++) {
      if (sa[i] >= 0) {
        reduced[j++] = sa[i];
      }
    }

    // 3. The order of the LMS suffixes: recursively when names repeat, directly when they do not.
    int[] reducedSa = new int[lmsCount + 1];
    if (names < lmsCount) {
      sais(reduced, reducedSa, lmsCount, names);
    } else {
      for (int i = 0; i < lmsCount; i++) {
        reducedSa[reduced[i]] = i;
      }
    }

    // 4. Induce every suffix from the sorted LMS suffixes, placed at their buckets' ends.
    for (int i = 1, j = 0; i < n; i++) {
      if (isLms(sType, i)) {
        reduced[j++] = i; // the LMS positions, in text order
      }
    }
    bucketEnds(counts, bucket);
    Arrays.fill(sa, 0, n, -1);
    for (int i = lmsCount - 1; i >= 0; i--) {
      int position = reduced[reducedSa[i]];
      sa[--bucket[s[position]]] = position;
    }
    induce(s, sa, n, sType, counts, bucket);
  }

  /** L-types left to right from the bucket starts, then S-types right to left from the ends. */
  private static void induce(int[] s, int[] sa, int n, boolean[] sType, int[] counts, int[] bucket) {
    bucketStarts(counts, bucket);
    for (int i = 0; i < n; i++) {
      int j = sa[i] - 1;
      if (j >= 0 && !sType[j]) {
        sa[bucket[s[j]]++] = j;
      }
    }
    bucketEnds(counts, bucket);
    for (int i = n - 1; i >= 0; i--) {
      int j = sa[i] - 1;
      if (j >= 0 && sType[j]) {
        sa[--bucket[s[j]]] = j;
      }
    }
  }

  private static boolean isLms(boolean[] sType, int i) {
    return i > 0 && sType[i] && !sType[i - 1];
  }

  /** True when the LMS substrings at {@code a} and {@code b} are equal in values and types. */
  private static boolean sameLmsSubstring(int[] s, boolean[] sType, int a, int b, int n) {
    for (int d = 0; ; d++) {
      if (a + d >= n || b + d >= n || s[a + d] != s[b + d] || sType[a + d] != sType[b + d]) {
        return false;
      }
      if (d > 0 && (isLms(sType, a + d) || isLms(sType, b + d))) {
        return isLms(sType, a + d) && isLms(sType, b + d);
      }
    }
  }

  private static void bucketStarts(int[] counts, int[] bucket) {
    for (int c = 0, sum = 0; c < counts.length; c++) {
      bucket[c] = sum;
      sum += counts[c];
    }
  }

  private static void bucketEnds(int[] counts, int[] bucket) {
    for (int c = 0, sum = 0; c < counts.length; c++) {
      sum += counts[c];
      bucket[c] = sum;
    }
  }
}
