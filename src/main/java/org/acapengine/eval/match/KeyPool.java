package org.acapengine.eval.match;

import java.util.List;

/**
 * The keys an index is built from, copied into one character array (ASCII-case-folded when asked):
 * sorting and building read a key's characters from there, not through a string object each time,
 * which kept the sort of a large file's keys waiting on memory.
 */
final class KeyPool {

  final char[] chars;
  /** Where key i starts in {@link #chars}. */
  final int[] start;
  /** Key i's length, or -1 for an index left out. */
  final int[] length;
  /** The number of keys not left out. */
  final int present;

  private KeyPool(char[] chars, int[] start, int[] length, int present) {
    this.chars = chars;
    this.start = start;
    this.length = length;
    this.present = present;
  }

  /**
   * Keys that are ranges of one text (ASCII-case-folded when asked; empty keys kept).
   *
   * @param text the text the keys are ranges of
   * @param from each key's start in {@code text}
   * @param length each key's length, or -1 to leave the key out
   * @param foldCase whether to ASCII-lower-case the keys
   * @return the pool
   */
  static KeyPool ofText(String text, int[] from, int[] length, boolean foldCase) {
    int n = from.length;
    int total = 0;
    int present = 0;
    for (int i = 0; i < n; i++) {
      if (length[i] >= 0) {
        total += length[i];
        present++;
      }
    }
    char[] chars = new char[total];
    int[] start = new int[n];
    int at = 0;
    for (int i = 0; i < n; i++) {
      if (length[i] < 0) {
        continue;
      }
      start[i] = at;
      if (!foldCase) {
        text.getChars(from[i], from[i] + length[i], chars, at); // one copy of the range, not a call per character
        at += length[i];
        continue;
      }
      for (int k = 0; k < length[i]; k++) {
        chars[at++] = PathSearch.fold(text.charAt(from[i] + k));
      }
    }
    return new KeyPool(chars, start, length.clone(), present);
  }

  /**
   * The pool of {@code keys}; a null key, or an empty one when {@code emptyLeftOut}, is left out.
   *
   * @param keys the keys by index
   * @param foldCase whether to ASCII-lower-case the keys
   * @param emptyLeftOut whether an empty key is left out
   * @return the pool
   */
  static KeyPool of(List<String> keys, boolean foldCase, boolean emptyLeftOut) {
    int n = keys.size();
    int total = 0;
    for (String k : keys) {
      if (k != null) {
        total += k.length();
      }
    }
    char[] chars = new char[total];
    int[] start = new int[n];
    int[] length = new int[n];
    int at = 0;
    int present = 0;
    for (int i = 0; i < n; i++) {
      String k = keys.get(i);
      if (k == null || (emptyLeftOut && k.isEmpty())) {
        length[i] = -1;
        continue;
      }
      start[i] = at;
      length[i] = k.length();
      k.getChars(0, k.length(), chars, at);
      if (foldCase) {
        for (int j = at, end = at + k.length(); j < end; j++) {
          chars[j] = PathSearch.fold(chars[j]);
        }
      }
      at += k.length();
      present++;
    }
    return new KeyPool(chars, start, length, present);
  }

  /** Character {@code d} of key {@code key}, or -1 past its end. */
  int charAt(int key, int d) {
    return d < length[key] ? chars[start[key] + d] : -1;
  }

  /** Compares two keys, shorter first when one is a prefix of the other, then by index. */
  int compare(int a, int b) {
    return compare(a, b, 0);
  }

  /** {@link #compare(int, int)} for keys known to share their first {@code from} characters. */
  int compare(int a, int b, int from) {
    int la = length[a];
    int lb = length[b];
    int sa = start[a];
    int sb = start[b];
    for (int k = from, n = Math.min(la, lb); k < n; k++) {
      char x = chars[sa + k];
      char y = chars[sb + k];
      if (x != y) {
        return x - y;
      }
    }
    return la != lb ? la - lb : Integer.compare(a, b);
  }
}
