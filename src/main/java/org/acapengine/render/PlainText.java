package org.acapengine.render;

/**
 * Text output is read on terminals, and its quoted lines come from untrusted policy files: a
 * robots.txt or crawl file could carry ESC sequences that recolour, hide or rewrite what the
 * reader sees. Every C0 control other than the line feed that separates output lines, DEL and
 * every C1 control is written {@code \\uXXXX}, as the ACAP converters do in comments.
 */
public final class PlainText {

  private PlainText() {}

  public static String safe(String text) {
    int i = 0;
    while (i < text.length() && !unsafe(text.charAt(i))) {
      i++;
    }
    if (i == text.length()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
    for (; i < text.length(); i++) {
      char c = text.charAt(i);
      if (unsafe(c)) {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * {@code text} fit for one terminal line: cut to its first {@code max} characters (with
   * {@code ...} when it was longer), then every control character written {@code \\uXXXX} as
   * {@link #safe} does, the line feed and the Unicode line and paragraph separators included.
   * For untrusted values quoted inside a message (a URL from a collection, a line of a site's
   * robots.txt); {@code null} is the empty string.
   */
  public static String shorten(String text, int max) {
    if (text == null) {
      return "";
    }
    String cut = text.length() > max ? text.substring(0, max) + "..." : text;
    StringBuilder out = new StringBuilder(cut.length() + 8);
    for (int i = 0; i < cut.length(); i++) {
      char c = cut.charAt(i);
      if (unsafe(c) || c == '\n' || c == '\u2028' || c == '\u2029') {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean unsafe(char c) {
    return (c < 0x20 && c != '\n') || (c >= 0x7F && c <= 0x9F);
  }
}
