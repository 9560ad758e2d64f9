package org.acapengine.eval.match;

/**
 * The {@link SegmentIndex} of a few keys: the keys themselves in one character array, which a
 * scan compares where the path has the last character of one of them. At most {@value #MAX_KEYS}
 * keys of {@value #MAX_KEY_CHARS} characters in all, so a scan reads each path character once and
 * at most {@value #MAX_KEY_CHARS} characters of keys more at each, linear in the path; an
 * automaton over the same keys ({@link SegmentAutomaton}) holds its edges, failure and dictionary
 * links and rule starts for every character of every key, several times these bytes, and finds
 * the same rules no faster for so few (docs/performance.md).
 */
final class SegmentKeys extends SegmentIndex {

  /** At most this many keys (a scan's reported keys are the bits of one long). */
  static final int MAX_KEYS = 16;
  /** At most this many characters in the keys together. */
  static final int MAX_KEY_CHARS = 96;

  /**
   * The keys grouped by their last character: first, per ASCII character that ends some key (in
   * ascending order), then for the keys that end outside ASCII, and for the end, one character
   * each: where the group starts in this array (bits 0-9) and the number of its first key (bits
   * 10-14; for the end, the number of keys), and in the end's, {@link #FOLDS} when the index folds
   * case (so that the object holds no count and no flag beside the array and the two words: 32
   * bytes, not 40); then per key, by group, longest first, then by rule: its rule, its length, its
   * characters (ASCII-folded when the index folds). Where several keys end, they are one group's,
   * so they are reported in the automaton's order.
   */
  private final char[] keys;
  /**
   * The ASCII characters that end a key, a bit each (0–63, 64–127): most path characters end
   * none, and one bit test says so; the bits below a character count its group.
   */
  private final long lastLow;
  private final long lastHigh;

  private static final int OFFSET = (1 << 10) - 1;
  private static final int FIRST_KEY = 10;
  /** A key's number, above {@link #FIRST_KEY}: at most {@value #MAX_KEYS}. */
  private static final int KEY_NUMBER = (1 << 5) - 1;
  /** In the end's entry: the keys are ASCII-folded, and so is the path as a scan reads it. */
  private static final int FOLDS = 1 << 15;

  private SegmentKeys(char[] keys, long lastLow, long lastHigh) {
    this.keys = keys;
    this.lastLow = lastLow;
    this.lastHigh = lastHigh;
  }

  /** True when the pool's keys are few and short enough for this form, and their rules fit a character. */
  static boolean fits(KeyPool pool) {
    return pool.present <= MAX_KEYS && pool.chars.length <= MAX_KEY_CHARS && pool.length.length < 0xFFFF;
  }

  /** The index of the pool's keys ({@link #fits}); rule i is key i, or left out when the pool leaves it out. */
  static SegmentKeys of(KeyPool pool, boolean foldCase) {
    int n = pool.length.length;
    Integer[] order = new Integer[pool.present];
    int total = 0;
    long low = 0;
    long high = 0;
    for (int i = 0, j = 0; i < n; i++) {
      if (pool.length[i] >= 0) {
        order[j++] = i;
        total += 2 + pool.length[i];
        int c = last(pool, i);
        if (c < 64) {
          low |= 1L << c;
        } else if (c < 128) {
          high |= 1L << (c - 64);
        }
      }
    }
    // By group (an ASCII last character's, then the others'), longest first, then by rule.
    java.util.Arrays.sort(order, (a, b) -> {
      int ga = Math.min(last(pool, a), 128);
      int gb = Math.min(last(pool, b), 128);
      return ga != gb ? ga - gb : pool.length[a] != pool.length[b] ? pool.length[b] - pool.length[a] : a - b;
    });
    int groups = Long.bitCount(low) + Long.bitCount(high);
    char[] keys = new char[groups + 2 + total];
    int[] at = new int[order.length + 1];
    at[0] = groups + 2;
    for (int e = 0; e < order.length; e++) {
      int rule = order[e];
      int length = pool.length[rule];
      keys[at[e]] = (char) rule;
      keys[at[e] + 1] = (char) length;
      System.arraycopy(pool.chars, pool.start[rule], keys, at[e] + 2, length);
      at[e + 1] = at[e] + 2 + length;
    }
    // Per group (and for the end), its first key: the first whose group is not below it.
    int e = 0;
    for (int g = 0; g <= groups + 1; g++) {
      int group = g < groups ? nthBit(low, high, g) : g == groups ? 128 : Integer.MAX_VALUE;
      while (e < order.length && Math.min(last(pool, order[e]), 128) < group) {
        e++;
      }
      keys[g] = (char) (at[e] | e << FIRST_KEY | (g == groups + 1 && foldCase ? FOLDS : 0));
    }
    return new SegmentKeys(keys, low, high);
  }

  /** Key {@code i}'s last character (folded when the pool is), or -1 for an empty key. */
  private static int last(KeyPool pool, int i) {
    return pool.length[i] > 0 ? pool.chars[pool.start[i] + pool.length[i] - 1] : -1;
  }

  /** The character of the {@code n}th bit set in the two words. */
  private static int nthBit(long low, long high, int n) {
    int inLow = Long.bitCount(low);
    long w = n < inLow ? low : high;
    int skip = n < inLow ? n : n - inLow;
    for (int k = 0; k < skip; k++) {
      w &= w - 1;
    }
    return Long.numberOfTrailingZeros(w) + (n < inLow ? 0 : 64);
  }

  @Override
  long heapBytes() {
    return Heap.object(1, 4, 0) /* the array and two longs */ + Heap.array(keys);
  }

  @Override
  boolean isEmpty() {
    return (end() >>> FIRST_KEY & KEY_NUMBER) == 0;
  }

  /** The end's entry: where the keys end, their number, {@link #FOLDS}. */
  private int end() {
    return keys[Long.bitCount(lastLow) + Long.bitCount(lastHigh) + 1];
  }

  /** None: the scan keeps its reported keys in a long. */
  @Override
  int nodes() {
    return 0;
  }

  /**
   * At each path character that ends some key (one bit test for ASCII), compares backwards the
   * keys of its group not yet reported; stops once every key is.
   */
  @Override
  void scan(char[] path, int length, Visitor visitor, int[] marks, int stamp) {
    char[] k = keys;
    long low = lastLow;
    long high = lastHigh;
    int lowGroups = Long.bitCount(low);
    int wideGroup = lowGroups + Long.bitCount(high);
    int end = k[wideGroup + 1];
    boolean fold = (end & FOLDS) != 0;
    boolean wide = (k[wideGroup] & OFFSET) != (end & OFFSET);
    long all = (1L << (end >>> FIRST_KEY & KEY_NUMBER)) - 1;
    long reported = 0;
    for (int i = 0; i < length; i++) {
      char c = path[i];
      if (fold && c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      int g;
      if (c < 64) {
        if ((low >>> c & 1) == 0) {
          continue; // no key ends with c
        }
        g = Long.bitCount(low & ((1L << c) - 1));
      } else if (c < 128) {
        if ((high >>> (c - 64) & 1) == 0) {
          continue;
        }
        g = lowGroups + Long.bitCount(high & ((1L << (c - 64)) - 1));
      } else if (wide) {
        g = wideGroup;
      } else {
        continue;
      }
      int from = k[g];
      int to = k[g + 1] & OFFSET;
      for (int o = from & OFFSET, e = from >>> FIRST_KEY; o < to; e++) {
        int n = k[o + 1];
        int last = o + 1 + n;
        if ((reported & (1L << e)) == 0 && n <= i + 1 && k[last] == c && endsAt(path, i - 1, k, last - 1, n - 1, fold)) {
          reported |= 1L << e;
          visitor.visitSegment(k[o], i + 1);
        }
        o = last + 1;
      }
      if (reported == all) {
        return;
      }
    }
  }

  /** True when {@code path} ending at {@code at} (inclusive) reads as the {@code n} key characters ending at {@code k[to]}. */
  private static boolean endsAt(char[] path, int at, char[] k, int to, int n, boolean fold) {
    for (int j = 0; j < n; j++) {
      char c = path[at - j];
      if (fold && c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (c != k[to - j]) {
        return false;
      }
    }
    return true;
  }
}
