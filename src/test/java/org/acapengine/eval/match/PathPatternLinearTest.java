package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The linear-time matcher (Knuth-Morris-Pratt for segments longer than {@link
 * PathPattern#SHORT_SEGMENT}) answers exactly as the matcher it replaced, which searched every
 * segment naively ({@link #oldMatches}, kept here verbatim in substance): on random patterns long
 * enough to take the KMP path, over a tiny alphabet so that segments overlap themselves, and on
 * every pattern and URL of the RFC 9309 conformance table.
 */
class PathPatternLinearTest {

  @Test
  void agreesWithTheOldMatcherOnRandomLongSegments() {
    Random random = new Random(14);
    for (int round = 0; round < 100_000; round++) {
      String pattern = "/" + randomString(random, "aaab*", 40) + (random.nextInt(4) == 0 ? "$" : "");
      String path = "/" + randomString(random, "aAab", 80);
      boolean caseInsensitive = random.nextBoolean();
      assertThat(PathPattern.compile(pattern, caseInsensitive).matches(path))
          .as("pattern %s path %s ci %s", pattern, path, caseInsensitive)
          .isEqualTo(oldMatches(PercentEncoding.normalise(pattern), caseInsensitive, path));
    }
  }

  /** Every (rule pattern, URL) pair of the conformance table, both ways of matching case. */
  static Stream<Object[]> conformancePairs() {
    List<Object[]> out = new ArrayList<>();
    for (ConformanceTable.Row row : ConformanceTable.load()) {
      String path = RequestPath.of(row.url());
      for (String line : row.robots().split("\r\n|\r|\n")) {
        String l = line.strip();
        int hash = l.indexOf('#');
        l = hash >= 0 ? l.substring(0, hash).strip() : l;
        String lower = l.toLowerCase(Locale.ROOT);
        if ((lower.startsWith("allow") || lower.startsWith("disallow")) && l.indexOf(':') > 0) {
          String pattern = l.substring(l.indexOf(':') + 1).strip();
          out.add(new Object[] {row.id(), pattern, path});
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}: {1} on {2}")
  @MethodSource("conformancePairs")
  void agreesWithTheOldMatcherOnTheConformanceTable(String id, String pattern, String path) {
    for (boolean ci : new boolean[] {false, true}) {
      assertThat(PathPattern.compile(pattern, ci).matches(path)).as("%s ci %s", id, ci)
          .isEqualTo(oldMatches(PercentEncoding.normalise(pattern), ci, path));
    }
  }

  /** The matcher before issue 14: leftmost-greedy segments, each found by a naive search. */
  static boolean oldMatches(String pattern, boolean ci, String path) {
    boolean anchored = !pattern.isEmpty() && pattern.endsWith("$");
    String body = anchored ? pattern.substring(0, pattern.length() - 1) : pattern;
    List<String> segs = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    for (char c : body.toCharArray()) {
      if (c == '*') {
        segs.add(cur.toString());
        cur.setLength(0);
      } else if (c == '$') {
        cur.append("%24");
      } else {
        cur.append(ci ? fold(c) : c);
      }
    }
    segs.add(cur.toString());
    String p = ci ? foldAll(path) : path;
    int n = p.length();
    int last = segs.size() - 1;
    if (last == 0) {
      return (!anchored || n == segs.get(0).length()) && p.startsWith(segs.get(0));
    }
    if (!p.startsWith(segs.get(0))) {
      return false;
    }
    int pos = segs.get(0).length();
    for (int i = 1; i < last; i++) {
      int found = naiveIndexOf(p, segs.get(i), pos);
      if (found < 0) {
        return false;
      }
      pos = found + segs.get(i).length();
    }
    String tail = segs.get(last);
    if (anchored) {
      int start = n - tail.length();
      return start >= pos && p.startsWith(tail, start);
    }
    return tail.isEmpty() || naiveIndexOf(p, tail, pos) >= 0;
  }

  private static int naiveIndexOf(String s, String lit, int from) {
    for (int i = from; i + lit.length() <= s.length(); i++) {
      if (s.startsWith(lit, i)) {
        return i;
      }
    }
    return -1;
  }

  private static char fold(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
  }

  private static String foldAll(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      sb.append(fold(c));
    }
    return sb.toString();
  }

  private static String randomString(Random random, String alphabet, int maxLength) {
    int length = random.nextInt(maxLength + 1);
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
