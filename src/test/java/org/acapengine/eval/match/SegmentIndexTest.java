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
 * The Aho-Corasick index reports each rule whose segment occurs in the path once, at the end of
 * the segment's first occurrence, as a search of every segment does.
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
    String p = foldCase ? path.toLowerCase(java.util.Locale.ROOT) : path;
    Map<Integer, Integer> out = new TreeMap<>();
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      if (k == null || k.isEmpty()) {
        continue;
      }
      int at = p.indexOf(foldCase ? k.toLowerCase(java.util.Locale.ROOT) : k);
      if (at >= 0) {
        out.put(i, at + k.length());
      }
    }
    return out;
  }

  static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
