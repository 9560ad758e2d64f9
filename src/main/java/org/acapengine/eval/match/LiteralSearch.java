package org.acapengine.eval.match;

/**
 * Direct searches of one literal in a path, for {@link PathPattern}: a region compared in place,
 * and a search from a position, by Knuth-Morris-Pratt for literals with a failure table and
 * directly for short ones. Up to ASCII case when asked (the literal is then lower-case).
 */
final class LiteralSearch {

  /** The failure table of a literal no prefix of which has a proper border: all zeros, not held. */
  static final int[] NO_BORDERS = new int[0];

  private LiteralSearch() {}

  /**
   * The KMP failure table: f[k] is the length of the longest proper border of the first k+1
   * characters; {@link #NO_BORDERS} when every entry is 0, as for most real segments
   * ({@code ?sessionid=}), so that they hold no table.
   */
  static int[] failureTable(String s) {
    int[] f = new int[s.length()];
    int k = 0;
    boolean border = false;
    for (int i = 1; i < s.length(); i++) {
      while (k > 0 && s.charAt(i) != s.charAt(k)) {
        k = f[k - 1];
      }
      if (s.charAt(i) == s.charAt(k)) {
        k++;
        border = true;
      }
      f[i] = k;
    }
    return border ? f : NO_BORDERS;
  }

  /** True when {@code literal} occurs in {@code path} at {@code offset} (up to ASCII case when {@code caseInsensitive}; the literal lower-case). */
  static boolean regionMatches(CharSequence path, int offset, String literal, boolean caseInsensitive) {
    final int len = literal.length();
    if (offset + len > path.length()) {
      return false;
    }
    if (!caseInsensitive && path instanceof String s) {
      return s.startsWith(literal, offset);
    }
    for (int k = 0; k < len; k++) {
      char c = path.charAt(offset + k);
      if ((caseInsensitive ? foldAscii(c) : c) != literal.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The first index at or after {@code from} where {@code literal} occurs in {@code path}, or -1
   * (or an index whose occurrence ends after {@code limit}, which callers treat as -1). Linear in
   * the characters read: with its failure table {@code f}, by Knuth-Morris-Pratt, which never
   * reads a path character twice; without (a short literal), directly.
   */
  static int indexOf(CharSequence path, String literal, int[] f, boolean caseInsensitive, int from, int limit) {
    if (f != null) {
      final int m = literal.length();
      int k = 0;
      for (int p = from; p < limit; p++) {
        char c = path.charAt(p);
        if (caseInsensitive) {
          c = foldAscii(c);
        }
        while (k > 0 && c != literal.charAt(k)) {
          k = f == NO_BORDERS ? 0 : f[k - 1];
        }
        if (c == literal.charAt(k)) {
          k++;
          if (k == m) {
            return p - m + 1;
          }
        }
      }
      return -1;
    }
    if (!caseInsensitive && path instanceof String s) {
      return s.indexOf(literal, from);
    }
    final int lastStart = limit - literal.length();
    if (literal.isEmpty()) {
      return from <= path.length() ? from : -1;
    }
    final char head = literal.charAt(0);
    for (int p = from; p <= lastStart; p++) {
      char c = path.charAt(p);
      if ((caseInsensitive ? foldAscii(c) : c) == head && regionMatches(path, p, literal, caseInsensitive)) {
        return p;
      }
    }
    return -1;
  }

  static char foldAscii(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
  }
}
