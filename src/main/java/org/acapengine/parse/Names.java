package org.acapengine.parse;

/** The ABNF's name rules (section 3), checked without regular expressions. */
final class Names {
  private Names() {}

  /** name = name-start-char *name-char; name-start-char = ALPHA; name-char = ALPHA / DIGIT / "-" / "_" / "." */
  static boolean isName(String s) {
    if (s.isEmpty() || !isAlpha(s.charAt(0))) {
      return false;
    }
    for (int i = 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(isAlpha(c) || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  /** The text shortened for a one-line message. */
  static String shorten(String s) {
    String t = s.strip();
    return t.length() <= 80 ? t : t.substring(0, 77) + "...";
  }
}
