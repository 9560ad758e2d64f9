package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The flat radix tree visits exactly the rules whose prefix is a prefix of the path, shorter
 * prefixes first and equal prefixes in rule order, as a scan of every rule does.
 */
class PrefixTrieTest {

  @ParameterizedTest(name = "{0} | {1} -> {2}")
  @CsvSource(delimiter = '|', nullValues = "null", value = {
      // prefixes (comma-separated; ^ is the empty prefix, ~ a rule left out) | path | rules visited
      "/                     | /a            | 0",
      "/a,/a                 | /a/b          | 0 1",
      "/ab,/a,/              | /abc          | 2 1 0",
      "/ab,/ac               | /ad           | ''",
      "/abc                  | /ab           | ''",
      "^,/x                  | /x            | 0 1",
      "~,/x,~                | /xy           | 1",
      "/Private,/private     | /PRIVATE/a    | ''",
  })
  void exactRows(String prefixes, String path, String expected) {
    List<String> keys = new ArrayList<>();
    for (String p : prefixes.strip().split(",", -1)) {
      keys.add(p.equals("~") ? null : p.equals("^") ? "" : p);
    }
    assertThat(visits(PrefixTrie.build(keys, false), path)).isEqualTo(expected.isBlank() ? List.of() : Arrays.stream(expected.strip().split(" ")).map(Integer::valueOf).toList());
  }

  @ParameterizedTest
  @CsvSource({"/Private,/PRIVATE/a,0", "/a/B,/A/b/c,0"})
  void foldedRows(String prefix, String path, int rule) {
    assertThat(visits(PrefixTrie.build(List.of(prefix), true), path)).containsExactly(rule);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void randomPrefixesAgreeWithAScan(boolean foldCase) {
    Random random = new Random(foldCase ? 11 : 12);
    String alphabet = "/abAB.$";
    for (int round = 0; round < 2000; round++) {
      List<String> keys = new ArrayList<>();
      int n = random.nextInt(40);
      for (int i = 0; i < n; i++) {
        keys.add(random.nextInt(10) == 0 ? null : RandomPolicies.word(random, alphabet, random.nextInt(7)));
      }
      PrefixTrie trie = PrefixTrie.build(keys, foldCase);
      assertThat(trie.nodes()).isLessThanOrEqualTo(2 * n + 1);
      for (int q = 0; q < 20; q++) {
        String path = RandomPolicies.word(random, alphabet, random.nextInt(9));
        assertThat(visits(trie, path)).as("%s on %s", keys, path).isEqualTo(scan(keys, path, foldCase));
      }
    }
  }


  private static List<Integer> visits(PrefixTrie trie, String path) {
    List<Integer> out = new ArrayList<>();
    trie.walk(path, out::add);
    return out;
  }

  private static List<Integer> scan(List<String> keys, String path, boolean foldCase) {
    String p = foldCase ? fold(path) : path;
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      if (k != null && p.startsWith(foldCase ? fold(k) : k)) {
        out.add(i);
      }
    }
    out.sort(Comparator.comparingInt(i -> keys.get(i).length())); // stable: rule order within a length
    return out;
  }

  private static String fold(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      sb.append(PrefixTrie.fold(c));
    }
    return sb.toString();
  }
}
