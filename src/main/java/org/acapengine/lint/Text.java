package org.acapengine.lint;

import java.util.List;
import java.util.Locale;

/** Small text helpers for one-line messages. */
final class Text {

  private Text() {}

  /** {@code s} stripped, cut to at most {@code max} characters with "..." where cut. */
  static String shorten(String s, int max) {
    String t = s.strip();
    return t.length() <= max ? t : t.substring(0, Math.max(0, max - 3)) + "...";
  }

  /**
   * The candidate {@code name} is most probably a misspelling of (case-insensitive edit distance
   * 1, or 2 for names of eight characters or more), or null.
   */
  static String closest(String name, List<String> candidates) {
    String n = name.toLowerCase(Locale.ROOT);
    int allowed = n.length() >= 8 ? 2 : 1;
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d = distance(n, c.toLowerCase(Locale.ROOT), allowed);
      if (d <= allowed && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance, or a value over {@code bound} as soon as it must exceed it. */
  private static int distance(String a, String b, int bound) {
    if (Math.abs(a.length() - b.length()) > bound) {
      return bound + 1;
    }
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      int rowMin = cur[0];
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (rowMin > bound) {
        return bound + 1;
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
