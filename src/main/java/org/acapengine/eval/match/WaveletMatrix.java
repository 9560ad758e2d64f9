package org.acapengine.eval.match;

/**
 * A wavelet matrix over a permutation of {@code [0, n)} (Claude, Navarro and Ordóñez, "The
 * wavelet matrix", Information Systems 47, 2015): per bit of the values, from the highest, one
 * row of bits in which the values are stably partitioned by the higher bits, with rank counts
 * per 64-bit word. It answers "the smallest value at least x in positions [lo, hi)" (range
 * successor) in O(log n), which {@link PathIndex} asks of its suffix array: the first occurrence
 * of a literal at or after a position. Reused across builds; not thread-safe.
 */
final class WaveletMatrix {

  private int n;
  private int levels;
  private int words;
  private long[] bits = new long[0];
  /** Per level and word: the one bits before that word in the level's row. */
  private int[] onesBefore = new int[0];
  private int[] zeros = new int[0];

  /**
   * Builds the matrix over {@code values[0, n)}, each in {@code [0, n)}, in O(n log n), using
   * {@code a}, {@code b} and {@code c} (each at least n + 1 long) as work space.
   */
  void build(int[] values, int n, int[] a, int[] b, int[] c) {
    this.n = n;
    levels = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)));
    words = (n >>> 6) + 1;
    if (bits.length < levels * words) {
      bits = new long[Math.max(levels * words, bits.length * 2)];
      onesBefore = new int[Math.max(levels * words, onesBefore.length * 2)];
    }
    if (zeros.length < levels) {
      zeros = new int[32];
    }
    int[] cur = a;
    int[] next = b;
    int[] spill = c;
    System.arraycopy(values, 0, cur, 0, n);
    for (int level = levels - 1; level >= 0; level--) {
      int row = level * words;
      // Without branches: the bits are as good as random, and a mispredicted branch per value and
      // level costs more than the rest of the build. Each word is made in a register.
      int ones = 0;
      for (int w = 0; w < words; w++) {
        long word = 0;
        for (int i = w << 6, end = Math.min(n, i + 64); i < end; i++) {
          word |= (long) ((cur[i] >>> level) & 1) << i;
        }
        bits[row + w] = word;
        onesBefore[row + w] = ones;
        ones += Long.bitCount(word);
      }
      int z = n - ones;
      zeros[level] = z;
      int zi = 0;
      int oi = 0;
      for (int i = 0; i < n; i++) {
        int v = cur[i];
        int bit = (v >>> level) & 1;
        // Written to both lists; only the one whose counter moves keeps it.
        next[zi] = v;
        spill[oi] = v;
        zi += 1 - bit;
        oi += bit;
      }
      System.arraycopy(spill, 0, next, z, oi);
      int[] t = cur;
      cur = next;
      next = t;
    }
  }

  /** The one bits of the level's row before position {@code i}. */
  private int ones(int level, int i) {
    int at = level * words + (i >>> 6);
    return onesBefore[at] + Long.bitCount(bits[at] & ((1L << i) - 1));
  }

  /** The smallest value at least {@code x} among {@code values[lo, hi)}, or -1. O(log n). */
  int successor(int lo, int hi, int x) {
    if (x >= n) {
      return -1; // every value is below n (and x may not fit in the levels' bits)
    }
    return successor(levels - 1, lo, hi, Math.max(0, x), 0);
  }

  /**
   * The smallest value at least {@code x} among the values at {@code [l, r)} of the level's row,
   * whose higher bits are {@code prefix}, or -1: follow x's bits; where x has a 0 and nothing fits
   * below, the smallest value among the 1s is the answer. O(levels).
   */
  private int successor(int level, int l, int r, int x, int prefix) {
    if (l >= r) {
      return -1;
    }
    if (level < 0) {
      return prefix;
    }
    int l1 = ones(level, l);
    int r1 = ones(level, r);
    int z = zeros[level];
    if (((x >>> level) & 1) != 0) {
      return successor(level - 1, z + l1, z + r1, x, prefix | (1 << level));
    }
    int found = successor(level - 1, l - l1, r - r1, x, prefix);
    if (found >= 0 || l1 == r1) {
      return found;
    }
    return minimum(level - 1, z + l1, z + r1, prefix | (1 << level));
  }

  /** The smallest value among the (non-empty) {@code [l, r)} of the level's row. */
  private int minimum(int level, int l, int r, int prefix) {
    for (; level >= 0; level--) {
      int l1 = ones(level, l);
      int r1 = ones(level, r);
      if (l - l1 < r - r1) {
        l -= l1;
        r -= r1;
      } else {
        l = zeros[level] + l1;
        r = zeros[level] + r1;
        prefix |= 1 << level;
      }
    }
    return prefix;
  }
}
