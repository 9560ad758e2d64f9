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

  private static boolean unsafe(char c) {
    return (c < 0x20 && c != '\n') || (c >= 0x7F && c <= 0x9F);
  }
}
