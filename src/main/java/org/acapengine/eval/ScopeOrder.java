package org.acapengine.eval;

import java.util.Comparator;

/**
 * A total order of patterns that lays out the narrowest-scope comparison (ACAP 2.4.5, {@link
 * NarrowestScope}) like a trie: patterns are compared character by character, up to ASCII case,
 * with every literal character before {@code *}, {@code *} before {@code $}, and {@code $} before
 * the end of the pattern — best first, in 2.4.5's terms. In this order the patterns sharing a prefix
 * are contiguous, and at each position the first pattern of a run holds the narrowest character
 * class present, so {@link Resolution} finds the rules no other outranks in one pass over their
 * characters instead of comparing every pair (docs/matching.md); {@link ScopeRanks} numbers a
 * file's patterns in this order.
 */
final class ScopeOrder {

  /** The key of the end of a pattern. */
  static final int END = 0x10002;
  static final int DOLLAR = 0x10001;
  static final int STAR = 0x10000;

  private ScopeOrder() {}

  /** The key of the character at {@code i} of {@code pattern} ({@link #END} past its end); literals are below {@link #STAR}. */
  static int key(String pattern, int i) {
    if (i >= pattern.length()) {
      return END;
    }
    char c = pattern.charAt(i);
    if (c == '*') {
      return STAR;
    }
    if (c == '$') {
      return DOLLAR;
    }
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
  }

  static final Comparator<String> ORDER = (a, b) -> {
    int n = Math.max(a.length(), b.length());
    for (int i = 0; i <= n; i++) {
      int ka = key(a, i);
      int kb = key(b, i);
      if (ka != kb) {
        return Integer.compare(ka, kb);
      }
      if (ka == END) {
        return 0;
      }
    }
    return 0;
  };

  /** ASCII lower case, as 2.4.5 compares. */
  static String fold(String s) {
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        if (sb == null) {
          sb = new StringBuilder(s);
        }
        sb.setCharAt(i, (char) (c + 32));
      }
    }
    return sb == null ? s : sb.toString();
  }

  private static final char STAR_MARK = 0xFFF0;
  private static final char DOLLAR_MARK = 0xFFF1;
  private static final char END_MARK = 0xFFF2;

  /**
   * The pattern with ASCII folded, {@code *} and {@code $} as marks above every literal, and an
   * end mark, so that {@link String#compareTo} gives {@link #ORDER} for a percent-normalised
   * pattern (printable ASCII: below the marks).
   */
  static String sortKey(String pattern) {
    char[] k = new char[pattern.length() + 1];
    for (int i = 0; i <= pattern.length(); i++) {
      k[i] = sortChar(pattern, i);
    }
    return new String(k);
  }

  /** Character {@code i} of {@link #sortKey}{@code (pattern)}, without making the key ({@code i} at most the pattern's length). */
  static char sortChar(String pattern, int i) {
    int key = key(pattern, i);
    return key == STAR ? STAR_MARK : key == DOLLAR ? DOLLAR_MARK : key == END ? END_MARK : (char) key;
  }
}
