package org.acapengine.render;

import java.util.Collection;
import java.util.Locale;

/**
 * "Did you mean …?" for names a person typed: a misspelt lint code, config key, field name or
 * usage name is answered with the nearest name of the vocabulary, when one is near enough.
 */
public final class Spelling {

  private Spelling() {}

  /**
   * The candidate {@code name} is most probably a misspelling of: the nearest by case-insensitive
   * edit distance (Levenshtein, a swap of two neighbouring letters counting as one edit), at most 1 for names shorter than eight characters and at most 2
   * for longer ones; the first in {@code candidates}' order on a tie.
   *
   * @param name the name as typed
   * @param candidates the vocabulary
   * @return the suggestion, or null when no candidate is near enough
   */
  public static String closest(String name, Collection<String> candidates) {
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

  /**
   * {@code " (did you mean 'X'?)"} for the nearest candidate, or the empty string.
   *
   * @param name the name as typed
   * @param candidates the vocabulary
   * @return the hint to append to a message
   */
  public static String didYouMean(String name, Collection<String> candidates) {
    String s = closest(name, candidates);
    return s == null ? "" : " (did you mean '" + s + "'?)";
  }

  /**
   * Optimal string alignment distance (Levenshtein with a swap of two neighbours as one edit, so
   * that {@code idnex} is one edit from {@code index}), or a value over {@code bound} as soon as it
   * must exceed it.
   */
  private static int distance(String a, String b, int bound) {
    if (Math.abs(a.length() - b.length()) > bound) {
      return bound + 1;
    }
    int[] before = new int[b.length() + 1];
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
        int d = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d = Math.min(d, before[j - 2] + 1);
        }
        cur[j] = d;
        rowMin = Math.min(rowMin, d);
      }
      if (rowMin > bound) {
        return bound + 1;
      }
      int[] t = before;
      before = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
