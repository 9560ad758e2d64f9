package org.acapengine.render;

/**
 * Text output is read on terminals, and its quoted lines come from untrusted policy files: a
 * robots.txt or crawl file could carry ESC sequences that recolour, hide or rewrite what the
 * reader sees. Every C0 control other than the line feed that separates output lines, DEL, every
 * C1 control and the Unicode line and paragraph separators (U+2028, U+2029, which some viewers
 * break lines at) are written {@code \\uXXXX}, as the ACAP converters do in comments.
 */
public final class PlainText {

  private PlainText() {}

  /**
   * {@code text} with every unsafe character escaped; line feeds are kept.
   *
   * @param text any text, possibly hostile
   * @return the escaped text
   */
  public static String safe(String text) {
    return escape(text, false);
  }

  /**
   * {@code text} as one line: as {@link #safe}, and the line feed escaped too. For a value printed
   * inside a line of output (a message, a file name), so that it cannot start a line of its own.
   *
   * @param text any text, possibly hostile
   * @return the escaped text, with no line break
   */
  public static String safeLine(String text) {
    return escape(text, true);
  }

  /**
   * {@code text} fit for one terminal line: cut to its first {@code max} characters (with
   * {@code ...} when it was longer), then escaped as {@link #safeLine} does. For untrusted values
   * quoted inside a message (a URL from a collection, a line of a site's robots.txt); {@code null}
   * is the empty string.
   *
   * @param text any text, possibly hostile
   * @param max the most characters kept before escaping
   * @return the shortened, escaped text
   */
  public static String shorten(String text, int max) {
    if (text == null) {
      return "";
    }
    return safeLine(text.length() > max ? text.substring(0, max) + "..." : text);
  }

  private static String escape(String text, boolean lineFeed) {
    int i = 0;
    while (i < text.length() && !unsafe(text.charAt(i), lineFeed)) {
      i++;
    }
    if (i == text.length()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
    for (; i < text.length(); i++) {
      char c = text.charAt(i);
      if (unsafe(c, lineFeed)) {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean unsafe(char c, boolean lineFeed) {
    return (c < 0x20 && (c != '\n' || lineFeed)) || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029';
  }
}
