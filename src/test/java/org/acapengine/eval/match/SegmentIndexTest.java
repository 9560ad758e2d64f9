package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both forms of the index (the keys compared where they end, for a few; the Aho-Corasick automaton)
 * report each rule whose segment occurs in the path once, at the end of the segment's first
 * occurrence, as a search of every segment does, and in the same order.
 */
class SegmentIndexTest {

  @ParameterizedTest(name = "{0} in {1}: {2}")
  @CsvSource(delimiter = '|', value = {
      // segments (comma-separated; ~ left out) | path | rule@end of first occurrence
      ".pdf                | /a.pdf.pdf      | 0@6",
      "?sid=,sid=          | /x?sid=1        | 1@7 0@7",
      "abc,bc,c            | /abcc           | 2@4 1@4 0@4",
      "~,b,~               | /ab             | 1@3",
      "xyz                 | /xy             | ''",
      "aab,ab              | /aaab           | 1@5 0@5",
  })
  void exactRows(String segments, String path, String expected) {
    List<String> keys = new ArrayList<>();
    for (String s : segments.strip().split(",", -1)) {
      keys.add(s.equals("~") ? null : s);
    }
    Map<Integer, Integer> want = new TreeMap<>();
    if (!expected.isBlank()) {
      for (String r : expected.strip().split(" ")) {
        want.put(Integer.valueOf(r.substring(0, r.indexOf('@'))), Integer.valueOf(r.substring(r.indexOf('@') + 1)));
      }
    }
    assertThat(reports(SegmentIndex.build(keys, false), path)).isEqualTo(want);
    assertThat(reports(SegmentAutomaton.build(KeyPool.of(keys, false, true), false), path)).isEqualTo(want);
    assertThat(reports(SegmentKeys.of(KeyPool.of(keys, false, true), false), path)).isEqualTo(want);
  }

  @ParameterizedTest(name = "fold {0}")
  @ValueSource(booleans = {false, true})
  void theKeysReportWhatTheAutomatonReportsInItsOrder(boolean foldCase) {
    Random random = new Random(foldCase ? 23 : 24);
    String alphabet = "abAB/\u00e9\u20ac";
    int found = 0;
    for (int round = 0; round < 3000; round++) {
      List<String> keys = new ArrayList<>();
      int n = random.nextInt(SegmentKeys.MAX_KEYS + 1);
      for (int i = 0; i < n; i++) {
        int kind = random.nextInt(10);
        if (kind == 0) {
          keys.add(null);
        } else if (kind <= 3 && !keys.isEmpty() && keys.get(keys.size() - 1) != null) {
          // Inside another key, or the same key again (one rule's segment within another's).
          String other = keys.get(random.nextInt(keys.size()));
          other = other == null ? "" : other;
          int from = other.isEmpty() ? 0 : random.nextInt(other.length());
          keys.add(other.substring(from, from + random.nextInt(other.length() - from + 1)));
        } else {
          keys.add(word(random, alphabet, random.nextInt(7)));
        }
      }
      KeyPool pool = KeyPool.of(keys, foldCase, true);
      SegmentIndex compact = SegmentKeys.of(pool, foldCase);
      SegmentIndex automaton = SegmentAutomaton.build(pool, foldCase);
      for (int q = 0; q < 20; q++) {
        // Paths made of the keys and noise, so that keys occur, overlap and repeat.
        StringBuilder path = new StringBuilder();
        for (int parts = random.nextInt(6); parts > 0; parts--) {
          String k = keys.isEmpty() ? null : keys.get(random.nextInt(keys.size()));
          path.append(k != null && random.nextBoolean() ? (random.nextBoolean() ? k.toUpperCase(java.util.Locale.ROOT) : k)
              : word(random, alphabet, random.nextInt(4)));
        }
        String p = path.toString();
        List<String> want = inOrder(automaton, p);
        assertThat(inOrder(compact, p)).as("%s in %s", keys, p).isEqualTo(want);
        assertThat(reports(compact, p)).as("%s in %s", keys, p).isEqualTo(search(keys, p, foldCase));
        found += want.size();
      }
    }
    assertThat(found).isGreaterThan(10_000);
  }

  @ParameterizedTest(name = "{0} keys")
  @ValueSource(ints = {SegmentKeys.MAX_KEYS, SegmentKeys.MAX_KEYS + 1})
  void fewShortKeysAreKeptAsKeys(int n) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add("k" + i);
    }
    assertThat(SegmentIndex.build(keys, false)).isInstanceOf(n <= SegmentKeys.MAX_KEYS ? SegmentKeys.class : SegmentAutomaton.class);
    keys.set(0, "x".repeat(SegmentKeys.MAX_KEY_CHARS));
    assertThat(SegmentIndex.build(keys.subList(0, 2), false)).isInstanceOf(SegmentAutomaton.class);
    assertThat(SegmentIndex.build(keys.subList(0, 1), false)).isInstanceOf(SegmentKeys.class);
  }

  /**
   * What each form holds is what its {@link SegmentIndex#heapBytes} counts (JOL's walk): the keys
   * form is its array and two words (32 bytes an object: its number of keys and whether it folds
   * are in the array), empty or not, folding or not.
   */
  @ParameterizedTest(name = "{0} keys, fold {1}")
  @CsvSource({"0, false", "1, true", "5, false", "16, true", "17, false", "40, true"})
  void heapBytesIsWhatJolMeasures(int n, boolean foldCase) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      keys.add("Key" + i + (i % 3 == 0 ? "é" : ""));
    }
    SegmentIndex index = SegmentIndex.build(keys, foldCase);
    assertThat(index.heapBytes()).isEqualTo(org.openjdk.jol.info.GraphLayout.parseInstance(index).totalSize());
    assertThat(index.isEmpty()).isEqualTo(n == 0);
    if (index instanceof SegmentKeys) {
      assertThat(org.openjdk.jol.info.ClassLayout.parseInstance(index).instanceSize()).isEqualTo(32);
    }
    if (n > 0) {
      String path = "/a/" + (foldCase ? "KEY0" : "Key0") + "é/b";
      assertThat(inOrder(index, path)).as("%s, fold %s", path, foldCase).contains("0@" + (path.indexOf("é") + 1));
    }
  }

  /** The reports in order, as rule@end. */
  private static List<String> inOrder(SegmentIndex index, String path) {
    List<String> out = new ArrayList<>();
    int[] marks = new int[index.nodes()];
    index.scan(path.toCharArray(), path.length(), (rule, end) -> out.add(rule + "@" + end), marks, 1);
    return out;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void randomSegmentsAgreeWithASearch(boolean foldCase) {
    Random random = new Random(foldCase ? 21 : 22);
    String alphabet = "abAB/";
    for (int round = 0; round < 2000; round++) {
      List<String> keys = new ArrayList<>();
      int n = random.nextInt(30);
      for (int i = 0; i < n; i++) {
        keys.add(random.nextInt(10) == 0 ? null : word(random, alphabet, random.nextInt(5)));
      }
      SegmentIndex index = SegmentIndex.build(keys, foldCase);
      for (int q = 0; q < 20; q++) {
        String path = word(random, alphabet, random.nextInt(12));
        assertThat(reports(index, path)).as("%s in %s", keys, path).isEqualTo(search(keys, path, foldCase));
      }
    }
  }


  /** Rule to the end of its reported occurrence; a rule reported twice fails. */
  private static Map<Integer, Integer> reports(SegmentIndex index, String path) {
    Map<Integer, Integer> out = new TreeMap<>();
    int[] marks = new int[index.nodes()];
    index.scan(path.toCharArray(), path.length(), (rule, end) -> assertThat(out.put(rule, end)).as("rule %d reported twice", rule).isNull(), marks, 1);
    return out;
  }

  private static Map<Integer, Integer> search(List<String> keys, String path, boolean foldCase) {
    String p = foldCase ? asciiLower(path) : path;
    Map<Integer, Integer> out = new TreeMap<>();
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      if (k == null || k.isEmpty()) {
        continue;
      }
      int at = p.indexOf(foldCase ? asciiLower(k) : k);
      if (at >= 0) {
        out.put(i, at + k.length());
      }
    }
    return out;
  }

  /** ASCII letters in lower case, nothing else changed (as the index folds). */
  private static String asciiLower(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      sb.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
    }
    return sb.toString();
  }

  static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
