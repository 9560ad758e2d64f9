package org.acapengine.eval.match;

/**
 * Patterns indexed by their literal prefix (the run before the first {@code *}), so that a path
 * is matched only against the patterns whose prefix is a prefix of it: the prefixes sorted ({@link
 * KeyOrder}), each with its length and the nearest earlier prefix that is a prefix of it. The
 * prefixes of a path are then the greatest prefix not above the path and the chain of its parents
 * (anything sorted between a prefix of the path and the path starts with that prefix), those no
 * longer than what it shares with the path: one binary search and a walk, three ints a pattern
 * (held by the {@link PatternIndex}), the keys read from the patterns' own text. The prefix all
 * keys share is compared once, and where the keys' next characters are few for their number, a
 * jump table ({@link #jumps}) narrows the search to the keys of the path's next character.
 */
final class PrefixOrder {

  private PrefixOrder() {}

  /**
   * The order of the patterns whose {@code prefixLength} is not negative: per entry, sorted by
   * prefix (a prefix before the keys it is a prefix of), three ints: its pattern, its prefix's
   * length, the nearest earlier entry whose prefix is a prefix of it (or -1); then, when there is
   * an entry, the length of the prefix all keys share.
   *
   * @param text the text the prefixes are ranges of
   * @param data pattern i starts at {@code data[at + 2 * i]}
   * @param at where the patterns' pairs start in {@code data}
   * @param prefixLength each pattern's prefix length, or -1 to leave it out
   * @param foldCase whether prefixes compare up to ASCII case
   */
  static int[] build(String text, int[] data, int at, int[] prefixLength, boolean foldCase) {
    int[] from = new int[prefixLength.length];
    for (int i = 0; i < from.length; i++) {
      from[i] = data[at + 2 * i];
    }
    KeyPool keys = KeyPool.ofText(text, from, prefixLength, foldCase);
    int[] order = KeyOrder.sortedIndexes(keys);
    int n = order.length;
    if (n == 0) {
      return new int[0];
    }
    int[] entries = new int[3 * n + 1];
    for (int i = 0; i < n; i++) {
      entries[3 * i] = order[i];
      entries[3 * i + 1] = prefixLength[order[i]];
    }
    // In sorted order, the keys that are prefixes of a key are on a stack of nested prefixes.
    int[] stack = new int[n];
    int depth = 0;
    for (int i = 0; i < n; i++) {
      while (depth > 0 && !isPrefix(keys, order[stack[depth - 1]], order[i])) {
        depth--;
      }
      entries[3 * i + 2] = depth > 0 ? stack[depth - 1] : -1;
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
    entries[3 * n] = shared;
    return entries;
  }

  /** Whether key {@code a} of the pool (its characters already folded when folding) is a prefix of key {@code b}. */
  private static boolean isPrefix(KeyPool keys, int a, int b) {
    int la = keys.length[a];
    return la <= keys.length[b] && java.util.Arrays.equals(keys.chars, keys.start[a], keys.start[a] + la, keys.chars, keys.start[b], keys.start[b] + la);
  }

  /**
   * The jump table of the order {@code e} ({@link #build}), or null when it would span more
   * characters than half the order's keys (so it costs at most two bytes a key): the length
   * {@code L} of the prefix all keys share, the lowest character found at {@code L} (folded when
   * folding) and, per character from it to the highest, where its keys start in the order, then
   * where the last ones end. The keys of length {@code L} come first, before every character's.
   * A walk then searches only the keys that share one more character with the path.
   */
  static int[] jumps(String text, int[] data, int at, int[] e, boolean fold) {
    return jumps(text, data, at, e, fold, e.length / 3 / 2);
  }

  /** {@link #jumps}, made when it spans at most {@code maxChars} characters (tests pass more). */
  static int[] jumps(String text, int[] data, int at, int[] e, boolean fold, int maxChars) {
    int n = e.length / 3;
    if (n < 2) {
      return null;
    }
    int shared = e[3 * n];
    int lastFrom = data[at + 2 * e[3 * (n - 1)]];
    int ended = 0;
    while (ended < n && e[3 * ended + 1] == shared) {
      ended++;
    }
    if (ended == n) {
      return null; // every key is the shared prefix
    }
    int low = charAt(text, data[at + 2 * e[3 * ended]] + shared, fold);
    int high = charAt(text, lastFrom + shared, fold);
    int span = high - low + 1;
    if (span > maxChars) {
      return null;
    }
    int[] table = new int[3 + span];
    table[0] = shared;
    table[1] = low;
    int i = ended;
    for (int c = 0; c < span; c++) {
      table[2 + c] = i;
      while (i < n && charAt(text, data[at + 2 * e[3 * i]] + shared, fold) == low + c) {
        i++;
      }
    }
    table[2 + span] = n;
    return table;
  }

  private static int charAt(String text, int index, boolean fold) {
    char c = text.charAt(index);
    return fold ? PathSearch.fold(c) : c;
  }

  /**
   * Writes into {@code out} the patterns of the order {@code e} ({@link #build}) whose prefix is a
   * prefix of {@code path}, the longest prefix first, and returns how many. O(log n + path)
   * comparisons, plus one per pattern written.
   *
   * @param jumps the order's jump table ({@link #jumps}), or null to search all its keys
   * @param path the path's characters in {@code [0, pathLength)} (the decision's copy, {@link
   *     PathSearch#chars}: read from an array, without a string's checks on each character)
   */
  static int walk(String text, int[] data, int at, boolean fold, int[] e, int[] jumps, char[] path, int pathLength, int[] out) {
    int n = e.length / 3;
    if (n == 0) {
      return 0;
    }
    int shared = e[3 * n];
    if (!startsWithShared(text, data, at, fold, e, shared, path, pathLength)) {
      return 0;
    }
    // The greatest key not above the path so far, the range of keys it may yet be among, and how
    // much every key of that range shares with the path.
    int found = -1;
    int lo = 0;
    int hi = n - 1;
    int known = shared;
    if (jumps != null) {
      found = jumps[2] - 1; // the last key that is the shared prefix
      lo = jumps[2];
      hi = lo - 1;
      int c = pathLength > shared ? path[shared] : -1;
      c = (fold && c >= 0 ? PathSearch.fold((char) c) : c) - jumps[1];
      if (pathLength > shared && c >= 0 && c < jumps.length - 3) {
        lo = jumps[2 + c];
        hi = jumps[3 + c] - 1;
        known = shared + 1;
      }
    }
    // What the path shares with the nearest keys below and above the range: every key between
    // them shares the smaller of the two, so a comparison starts there.
    int sharedFound = shared;
    int sharedBelow = known;
    int sharedAbove = known;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int k = compare(text, data[at + 2 * e[3 * mid]], e[3 * mid + 1], fold, path, pathLength, Math.min(sharedBelow, sharedAbove));
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
    for (int i = found; i >= 0; i = e[3 * i + 2]) {
      if (e[3 * i + 1] <= sharedFound) {
        out[count++] = e[3 * i];
      }
    }
    return count;
  }

  /**
   * Whether the path starts with the {@code shared} characters all keys of the order share
   * (compared against the first key, which has them); when it does not, no key is a prefix of the
   * path.
   */
  private static boolean startsWithShared(String text, int[] data, int at, boolean fold, int[] e, int shared, char[] path, int pathLength) {
    return pathLength >= shared && compare(text, data[at + 2 * e[0]], shared, fold, path, pathLength, 0) == shared;
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
