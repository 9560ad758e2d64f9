package org.acapengine.eval.match;

/**
 * Patterns indexed by their literal prefix (the run before the first {@code *}), so that a path
 * is matched only against the patterns whose prefix is a prefix of it: the prefixes sorted ({@link
 * KeyOrder}), each with its length and the nearest earlier prefix that is a prefix of it. The
 * prefixes of a path are then the greatest prefix not above the path and the chain of its parents
 * (anything sorted between a prefix of the path and the path starts with that prefix), those no
 * longer than what it shares with the path: one binary search and a walk, three values a pattern
 * (held by the {@link PatternIndex}), the keys read from the patterns' own text. The prefix all
 * keys share is compared once, and where the keys' next characters are few for their number, a
 * jump table narrows the search to the keys of the path's next character.
 *
 * <p>The order is one array, the narrowest its values fit ({@link #compact}): {@code byte[]} where
 * every value is below 256 (at most 255 patterns, prefixes of at most 255 characters: a small
 * file's, half the bytes of chars), {@code char[]} where every value fits in a char (fewer than
 * 65 536 patterns, no prefix longer than 65 535 characters: every robots.txt the parser reads),
 * else {@code int[]}; a walk reads any through {@link #get}. Its layout:
 *
 * <ul>
 *   <li>{@link #COUNT}: the number {@code n} of entries; {@link #SHARED}: the length of the prefix
 *       all their keys share;
 *   <li>from {@link #ENTRIES}, per entry, sorted by prefix (a prefix before the keys it is a prefix
 *       of), three values: its pattern, its prefix's length, one more than the nearest earlier
 *       entry whose prefix is a prefix of it (0 for none);
 *   <li>then, if the order has a jump table: the lowest character found at {@code SHARED} (folded
 *       when folding), the number {@code span} of characters from it to the highest and, per
 *       character, where its keys start among the entries, then where the last ones end. The keys
 *       of length {@code SHARED} come first, before every character's;
 *   <li>then, if some character's keys are many ({@link #SUB_KEYS}), per character of that table,
 *       where the character's own table starts (counted from where the first starts; 0 for none),
 *       and those tables, laid out alike, one character further: a character's keys of length
 *       {@code SHARED + 1} come before the table's first start.
 * </ul>
 */
final class PrefixOrder {

  private PrefixOrder() {}

  /** Where the order holds its number of entries. */
  static final int COUNT = 0;
  /** Where the order holds the length of the prefix all its keys share. */
  static final int SHARED = 1;
  /** Where the order's entries start. */
  static final int ENTRIES = 2;
  /** The largest value an order in chars holds. */
  private static final int CHAR_MAX = Character.MAX_VALUE;
  /** The largest value an order in bytes holds (read unsigned). */
  private static final int BYTE_MAX = 0xFF;

  /**
   * The order of the patterns whose {@code prefixLength} is not negative (see the class), in ints,
   * with a jump table when it spans at most half as many characters as there are keys (so that it
   * costs at most a byte a key in chars); null when no pattern has a prefix. {@link #compact} makes
   * it the narrowest array its values fit.
   *
   * @param text the text the prefixes are ranges of
   * @param data pattern i starts at {@code data[at + 2 * i]}
   * @param at where the patterns' pairs start in {@code data}
   * @param prefixLength each pattern's prefix length, or -1 to leave it out
   * @param foldCase whether prefixes compare up to ASCII case
   * @return the order, or null
   */
  static int[] build(String text, int[] data, int at, int[] prefixLength, boolean foldCase) {
    return build(text, data, at, prefixLength, foldCase, -1, SUB_KEYS);
  }

  /** A character's keys in the top jump table get a table of their own from this many. */
  static final int SUB_KEYS = 32;

  /**
   * {@link #build}, with a jump table when it spans at most {@code maxJumpChars} characters (-1:
   * half the keys; tests pass more, or 0 for none), and a second level for the keys of a
   * character when they are at least {@code minSubKeys}.
   */
  static int[] build(String text, int[] data, int at, int[] prefixLength, boolean foldCase, int maxJumpChars, int minSubKeys) {
    int[] from = new int[prefixLength.length];
    for (int i = 0; i < from.length; i++) {
      from[i] = data[at + 2 * i];
    }
    KeyPool keys = KeyPool.ofText(text, from, prefixLength, foldCase);
    int[] order = KeyOrder.sortedIndexes(keys);
    int n = order.length;
    if (n == 0) {
      return null;
    }
    // In sorted order, the keys that are prefixes of a key are on a stack of nested prefixes.
    int[] parent = new int[n];
    int[] stack = new int[n];
    int depth = 0;
    for (int i = 0; i < n; i++) {
      while (depth > 0 && !isPrefix(keys, order[stack[depth - 1]], order[i])) {
        depth--;
      }
      parent[i] = depth > 0 ? stack[depth - 1] + 1 : 0;
      stack[depth++] = i;
    }
    // Sorted keys: what the first and the last share, all share.
    int first = order[0];
    int last = order[n - 1];
    int shared = 0;
    int limit = Math.min(keys.length[first], keys.length[last]);
    while (shared < limit && keys.chars[keys.start[first] + shared] == keys.chars[keys.start[last] + shared]) {
      shared++;
    }
    // The jump tables: past the keys that are the shared prefix, the keys of each next character;
    // and within a character's keys, when they are many, the same one character further.
    int ended = 0;
    while (ended < n && keys.length[order[ended]] == shared) {
      ended++;
    }
    int maxSpan = maxJumpChars < 0 ? n / 2 : maxJumpChars;
    int[] top = n >= 2 ? jumpTable(keys, order, ended, n, shared, maxSpan) : null;
    int[][] sub = null;
    int subLength = 0;
    if (top != null) {
      int span = top[1];
      for (int c = 0; c < span; c++) {
        int longer = top[2 + c];
        int to = top[3 + c];
        while (longer < to && keys.length[order[longer]] == shared + 1) {
          longer++;
        }
        int[] t = to - longer >= minSubKeys ? jumpTable(keys, order, longer, to, shared + 1, maxJumpChars < 0 ? (to - longer) / 2 : maxJumpChars) : null;
        if (t != null) {
          sub = sub != null ? sub : new int[span][];
          sub[c] = t;
          subLength += t.length;
        }
      }
    }
    int jumps = ENTRIES + 3 * n;
    int[] e = new int[jumps + (top == null ? 0 : top.length) + (sub == null ? 0 : top[1] + subLength)];
    e[COUNT] = n;
    e[SHARED] = shared;
    for (int i = 0; i < n; i++) {
      e[ENTRIES + 3 * i] = order[i];
      e[ENTRIES + 3 * i + 1] = prefixLength[order[i]];
      e[ENTRIES + 3 * i + 2] = parent[i];
    }
    if (top != null) {
      System.arraycopy(top, 0, e, jumps, top.length);
      if (sub != null) {
        // Per character of the top table, where its own table starts, from the top table's start (0: none).
        int offsets = jumps + top.length;
        int next = offsets + top[1];
        for (int c = 0; c < top[1]; c++) {
          if (sub[c] != null) {
            e[offsets + c] = next - jumps;
            System.arraycopy(sub[c], 0, e, next, sub[c].length);
            next += sub[c].length;
          }
        }
      }
    }
    return e;
  }

  /**
   * The jump table of the keys {@code order[from, to)} (sorted, every one longer than {@code
   * depth}, all sharing their first {@code depth} characters): the lowest character at {@code
   * depth}, the number of characters from it to the highest, and per character where its keys start
   * in the order, then {@code to}; null when it would span more than {@code maxSpan} characters.
   */
  private static int[] jumpTable(KeyPool keys, int[] order, int from, int to, int depth, int maxSpan) {
    if (from >= to) {
      return null;
    }
    int low = keys.chars[keys.start[order[from]] + depth];
    int span = keys.chars[keys.start[order[to - 1]] + depth] - low + 1;
    if (span > maxSpan) {
      return null;
    }
    int[] t = new int[3 + span];
    t[0] = low;
    t[1] = span;
    int i = from;
    for (int c = 0; c < span; c++) {
      t[2 + c] = i;
      while (i < to && keys.chars[keys.start[order[i]] + depth] == low + c) {
        i++;
      }
    }
    t[2 + span] = to;
    return t;
  }

  /**
   * The order {@code e} in the narrowest array its values fit: bytes ({@link #bytes}), chars
   * ({@link #narrow}), or {@code e} itself.
   *
   * @param e an order ({@link #build}), or null
   * @return a {@code byte[]}, {@code char[]} or {@code int[]} of the same values, or null
   */
  static Object compact(int[] e) {
    byte[] b = bytes(e);
    if (b != null) {
      return b;
    }
    char[] c = narrow(e);
    return c != null ? c : e;
  }

  /**
   * The order {@code e} in chars, or null when some value of it does not fit in one.
   *
   * @param e an order ({@link #build}), or null
   * @return the same values as chars, or null
   */
  static char[] narrow(int[] e) {
    if (e == null || !fits(e, CHAR_MAX)) {
      return null;
    }
    char[] c = new char[e.length];
    for (int i = 0; i < e.length; i++) {
      c[i] = (char) e[i];
    }
    return c;
  }

  /**
   * The order {@code e} in bytes (read unsigned), or null when some value of it is above 255.
   *
   * @param e an order ({@link #build}), or null
   * @return the same values as bytes, or null
   */
  static byte[] bytes(int[] e) {
    if (e == null || !fits(e, BYTE_MAX)) {
      return null;
    }
    byte[] b = new byte[e.length];
    for (int i = 0; i < e.length; i++) {
      b[i] = (byte) e[i];
    }
    return b;
  }

  private static boolean fits(int[] e, int max) {
    for (int v : e) {
      if (v < 0 || v > max) {
        return false;
      }
    }
    return true;
  }

  /**
   * The heap an order takes.
   *
   * @param order a {@code byte[]}, {@code char[]} or {@code int[]} order ({@link #compact}), or null
   * @return its bytes
   */
  static long heapBytes(Object order) {
    return order instanceof byte[] b ? Heap.array(b) : order instanceof char[] c ? Heap.array(c) : Heap.array((int[]) order);
  }

  /** Whether key {@code a} of the pool (its characters already folded when folding) is a prefix of key {@code b}. */
  private static boolean isPrefix(KeyPool keys, int a, int b) {
    int la = keys.length[a];
    return la <= keys.length[b] && java.util.Arrays.equals(keys.chars, keys.start[a], keys.start[a] + la, keys.chars, keys.start[b], keys.start[b] + la);
  }

  /** Value {@code i} of the order, held in {@code small}, or else in {@code narrow}, or else in {@code wide}. */
  private static int get(byte[] small, char[] narrow, int[] wide, int i) {
    return small != null ? small[i] & BYTE_MAX : narrow != null ? narrow[i] : wide[i];
  }

  /**
   * The number of entries of an order.
   *
   * @param order a {@code byte[]}, {@code char[]} or {@code int[]} order ({@link #compact}), or null
   * @return the number, 0 for null
   */
  static int size(Object order) {
    return order instanceof byte[] b ? b[COUNT] & BYTE_MAX : order instanceof char[] c ? c[COUNT] : order == null ? 0 : ((int[]) order)[COUNT];
  }

  /**
   * Writes into {@code out} the patterns of the order whose prefix is a prefix of {@code path}, the
   * longest prefix first, and returns how many. O(log n + path) comparisons, plus one per pattern
   * written.
   *
   * @param order the order ({@link #build}) as a {@code byte[]}, {@code char[]} or {@code int[]}
   *     ({@link #compact}), or null for none
   * @param path the path's characters in {@code [0, pathLength)} (the decision's copy, {@link
   *     PathSearch#chars}: read from an array, without a string's checks on each character)
   */
  static int walk(String text, int[] data, int at, boolean fold, Object order, char[] path, int pathLength, int[] out) {
    byte[] small = order instanceof byte[] b ? b : null;
    char[] narrow = order instanceof char[] c ? c : null;
    int[] wide = order instanceof int[] w ? w : null;
    return small == null && narrow == null && wide == null ? 0 : walk(text, data, at, fold, small, narrow, wide, path, pathLength, out);
  }

  private static int walk(String text, int[] data, int at, boolean fold, byte[] small, char[] narrow, int[] wide, char[] path, int pathLength, int[] out) {
    int n = get(small, narrow, wide, COUNT);
    if (n == 0) {
      return 0;
    }
    int shared = get(small, narrow, wide, SHARED);
    // Whether the path starts with what all keys share (compared against the first key, which
    // has it); when it does not, no key is a prefix of the path.
    if (pathLength < shared || compare(text, data[at + 2 * get(small, narrow, wide, ENTRIES)], shared, fold, path, pathLength, 0) != shared) {
      return 0;
    }
    // The greatest key not above the path so far, the range of keys it may yet be among, and how
    // much every key of that range shares with the path.
    int found = -1;
    int sharedFound = shared;
    int lo = 0;
    int hi = n - 1;
    int known = shared;
    int jumps = ENTRIES + 3 * n;
    int length = small != null ? small.length : narrow != null ? narrow.length : wide.length;
    if (length > jumps) {
      int span = get(small, narrow, wide, jumps + 1);
      int first = get(small, narrow, wide, jumps + 2);
      found = first - 1; // the last key that is the shared prefix
      lo = first;
      hi = lo - 1;
      if (pathLength > shared) {
        int c = (fold ? PathSearch.fold(path[shared]) : path[shared]) - get(small, narrow, wide, jumps);
        if (c >= 0 && c < span) {
          lo = get(small, narrow, wide, jumps + 2 + c);
          hi = get(small, narrow, wide, jumps + 3 + c) - 1;
          known = shared + 1;
          int sub = length > jumps + 3 + span ? get(small, narrow, wide, jumps + 3 + span + c) : 0;
          if (sub != 0 && pathLength > known) {
            // The character's own table, one character further: its keys of length known first.
            int t = jumps + sub;
            int subFirst = get(small, narrow, wide, t + 2);
            if (subFirst > lo) {
              found = subFirst - 1;
              sharedFound = known;
            }
            lo = subFirst;
            hi = lo - 1;
            int c2 = (fold ? PathSearch.fold(path[known]) : path[known]) - get(small, narrow, wide, t);
            if (c2 >= 0 && c2 < get(small, narrow, wide, t + 1)) {
              lo = get(small, narrow, wide, t + 2 + c2);
              hi = get(small, narrow, wide, t + 3 + c2) - 1;
              known++;
            }
          }
        }
      }
    }
    // What the path shares with the nearest keys below and above the range: every key between
    // them shares the smaller of the two, so a comparison starts there.
    int sharedBelow = known;
    int sharedAbove = known;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int entry = ENTRIES + 3 * mid;
      int k = compare(text, data[at + 2 * get(small, narrow, wide, entry)], get(small, narrow, wide, entry + 1), fold, path, pathLength,
          Math.min(sharedBelow, sharedAbove));
      if ((k & ABOVE) == 0) {
        found = mid;
        sharedFound = k;
        sharedBelow = k;
        lo = mid + 1;
      } else {
        sharedAbove = k & ~ABOVE;
        hi = mid - 1;
      }
    }
    int count = 0;
    for (int i = found; i >= 0; i = get(small, narrow, wide, ENTRIES + 3 * i + 2) - 1) {
      if (get(small, narrow, wide, ENTRIES + 3 * i + 1) <= sharedFound) {
        out[count++] = get(small, narrow, wide, ENTRIES + 3 * i);
      }
    }
    return count;
  }

  /** In what {@link #compare} returns: the key is above the path. */
  private static final int ABOVE = 1 << 31;

  /**
   * How many characters the key {@code text[from, from + length)} shares with the path, known to
   * share the first {@code common}; with {@link #ABOVE} when the key sorts above the path (it is
   * not a prefix of it, and differs from it by a greater character or by going on where it ends).
   */
  private static int compare(String text, int from, int length, boolean fold, char[] path, int pathLength, int common) {
    int limit = Math.min(length, pathLength);
    int k = common;
    if (fold) {
      while (k < limit) {
        int a = text.charAt(from + k);
        int b = path[k];
        if (a != b) {
          a = a >= 'A' && a <= 'Z' ? a + 32 : a;
          b = b >= 'A' && b <= 'Z' ? b + 32 : b;
          if (a != b) {
            return a < b ? k : k | ABOVE;
          }
        }
        k++;
      }
    } else {
      while (k < limit) {
        char a = text.charAt(from + k);
        char b = path[k];
        if (a != b) {
          return a < b ? k : k | ABOVE;
        }
        k++;
      }
    }
    return k == length ? k : k | ABOVE;
  }
}
