package org.acapengine.lint;

/** Small text helpers for one-line messages. */
final class Text {

  private Text() {}

  /** {@code s} stripped, cut to at most {@code max} characters with "..." where cut. */
  static String shorten(String s, int max) {
    String t = s.strip();
    return t.length() <= max ? t : t.substring(0, Math.max(0, max - 3)) + "...";
  }
}
