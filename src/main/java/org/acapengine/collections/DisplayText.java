package org.acapengine.collections;

/**
 * Makes untrusted text (URLs from a collection, lines of a site's robots.txt) safe to print on
 * one terminal line: control characters, including ESC, become {@code ?} and long text is cut.
 */
public final class DisplayText {

  private DisplayText() {}

  /** {@code text} with control characters replaced and cut to {@code max} characters. */
  public static String clean(String text, int max) {
    if (text == null) {
      return "";
    }
    int end = Math.min(text.length(), max);
    StringBuilder b = new StringBuilder(end + 3);
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      b.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? '?' : c);
    }
    if (text.length() > max) {
      b.append("...");
    }
    return b.toString();
  }
}
