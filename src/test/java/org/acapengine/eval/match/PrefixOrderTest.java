package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sorted prefix index proposes exactly the patterns whose prefix is a prefix of the path, as
 * a scan of every pattern does, each once, up to ASCII case when folding.
 */
class PrefixOrderTest {

  @ParameterizedTest(name = "{0} | {1} -> {2}")
  @CsvSource(delimiter = '|', value = {
      // prefixes (comma-separated; ^ is the empty prefix, ~ a pattern left out) | path | patterns proposed
      "/                     | /a            | 0",
      "/a,/a                 | /a/b          | 0 1",
      "/ab,/a,/              | /abc          | 0 1 2",
      "/ab,/ac               | /ad           | ''",
      "/abc                  | /ab           | ''",
      "^,/x                  | /x            | 0 1",
      "~,/x,~                | /xy           | 1",
      "/Private,/private     | /PRIVATE/a    | ''",
      "/section1/,/section2/,/section3/ | /section2/a | 1",
      "/b,/c                 | /a            | ''",
      "/b,/c                 | /d            | ''",
  })
  void exactRows(String prefixes, String path, String expected) {
    List<String> keys = new ArrayList<>();
    for (String p : prefixes.strip().split(",", -1)) {
      keys.add(p.equals("~") ? null : p.equals("^") ? "" : p);
    }
    TreeSet<Integer> want = expected.isBlank() ? new TreeSet<>() : new TreeSet<>(Arrays.stream(expected.strip().split(" ")).map(Integer::valueOf).toList());
    assertThat(proposed(keys, path, false, false)).isEqualTo(want);
    assertThat(proposed(keys, path, false, true)).as("through the jump table").isEqualTo(want);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void randomPrefixesAgreeWithAScan(boolean foldCase) {
    Random random = new Random(foldCase ? 11 : 12);
    String alphabet = "/abAB.$";
    for (int round = 0; round < 4000; round++) {
      List<String> keys = new ArrayList<>();
      int n = random.nextInt(40);
      for (int i = 0; i < n; i++) {
        keys.add(random.nextInt(10) == 0 ? null : word(random, alphabet, random.nextInt(7)));
      }
      for (int q = 0; q < 20; q++) {
        String path = word(random, alphabet, random.nextInt(9));
        TreeSet<Integer> want = scan(keys, path, foldCase);
        assertThat(proposed(keys, path, foldCase, false)).as("%s on %s", keys, path).isEqualTo(want);
        assertThat(proposed(keys, path, foldCase, true)).as("%s on %s, through the jump table", keys, path).isEqualTo(want);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void sharedPrefixesAgreeWithAScan(boolean foldCase) {
    // Keys that share a long prefix, with some the prefix itself: what the jump table is for.
    Random random = new Random(foldCase ? 13 : 14);
    for (int round = 0; round < 4000; round++) {
      String common = "/" + word(random, "sS", random.nextInt(4));
      List<String> keys = new ArrayList<>();
      int n = 1 + random.nextInt(30);
      for (int i = 0; i < n; i++) {
        keys.add(random.nextInt(10) == 0 ? null : common + word(random, "/abAB.$", random.nextInt(4)));
      }
      for (int q = 0; q < 20; q++) {
        String path = (random.nextInt(4) == 0 ? "" : common) + word(random, "/abAB.$sS", random.nextInt(6));
        TreeSet<Integer> want = scan(keys, path, foldCase);
        assertThat(proposed(keys, path, foldCase, false)).as("%s on %s", keys, path).isEqualTo(want);
        assertThat(proposed(keys, path, foldCase, true)).as("%s on %s, through the jump table", keys, path).isEqualTo(want);
      }
    }
  }

  /**
   * The patterns the walk proposes (each at most once: a set would hide a repeat, so the list is
   * checked first), through the jump table whenever one can be made ({@code jumps}) or without.
   */
  private static TreeSet<Integer> proposed(List<String> keys, String path, boolean foldCase, boolean jumps) {
    StringBuilder text = new StringBuilder();
    int[] data = new int[2 * keys.size()];
    int[] length = new int[keys.size()];
    for (int i = 0; i < keys.size(); i++) {
      data[2 * i] = text.length();
      length[i] = keys.get(i) == null ? -1 : keys.get(i).length();
      text.append(keys.get(i) == null ? "" : keys.get(i));
    }
    int[] order = PrefixOrder.build(text.toString(), data, 0, length, foldCase, jumps ? Integer.MAX_VALUE : 0, Integer.MAX_VALUE);
    char[] narrow = PrefixOrder.narrow(order);
    byte[] small = PrefixOrder.bytes(order);
    assertThat(narrow == null).as("an order of small values in chars").isEqualTo(order == null);
    assertThat(small == null).as("an order of values below 256 in bytes").isEqualTo(order == null);
    if (order != null) {
      assertThat(PrefixOrder.compact(order)).as("at most 40 keys of at most 9 characters: the narrowest, bytes").isInstanceOf(byte[].class);
    }
    char[] chars = java.util.Arrays.copyOf(path.toCharArray(), path.length() + 2);
    TreeSet<Integer> wide = walked(text.toString(), data, foldCase, order, chars, path.length(), keys.size());
    assertThat(walked(text.toString(), data, foldCase, narrow, chars, path.length(), keys.size())).as("in chars").isEqualTo(wide);
    assertThat(walked(text.toString(), data, foldCase, small, chars, path.length(), keys.size())).as("in bytes").isEqualTo(wide);
    if (jumps) {
      // A second level of tables for every character's keys, from two of them.
      int[] twoLevels = PrefixOrder.build(text.toString(), data, 0, length, foldCase, Integer.MAX_VALUE, 2);
      // (In bytes only where the tables' offsets fit: a table a character spanning most of the alphabet may not.)
      for (Object form : new Object[] {twoLevels, PrefixOrder.narrow(twoLevels), PrefixOrder.bytes(twoLevels)}) {
        if (form == null && twoLevels != null) {
          continue;
        }
        assertThat(walked(text.toString(), data, foldCase, form, chars, path.length(), keys.size()))
            .as("through two levels of jump tables, in %s", form == null ? null : form.getClass().getSimpleName()).isEqualTo(wide);
      }
    }
    return wide;
  }

  private static TreeSet<Integer> walked(String text, int[] data, boolean foldCase, Object order, char[] path, int pathLength, int keys) {
    int[] out = new int[keys];
    int n = PrefixOrder.walk(text, data, 0, foldCase, order, path, pathLength, out);
    TreeSet<Integer> set = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      assertThat(set.add(out[i])).as("pattern %d proposed twice", out[i]).isTrue();
    }
    return set;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      // what does not fit in a char: a prefix longer than 65 535 characters, or more than 65 536 patterns
      "a long prefix in ints, 70000, 3, int",
      "many patterns in ints, 3, 70000, int",
      // what fits in a char but not in a byte: a prefix longer than 255 characters, or more than 255 patterns
      "a long prefix in chars, 300, 3, char",
      "many patterns in chars, 3, 300, char",
  })
  void anOrderIsHeldInTheNarrowestArrayItsValuesFit(String what, int prefixLength, int patterns, String form) {
    StringBuilder text = new StringBuilder();
    int[] data = new int[2 * patterns];
    int[] length = new int[patterns];
    for (int i = 0; i < patterns; i++) {
      data[2 * i] = text.length();
      String key = "/" + Integer.toString(i, 36) + "/";
      key = key + "x".repeat(Math.max(0, prefixLength - key.length()));
      length[i] = key.length();
      text.append(key);
    }
    int[] order = PrefixOrder.build(text.toString(), data, 0, length, false);
    assertThat(PrefixOrder.bytes(order)).isNull();
    if (form.equals("int")) {
      assertThat(PrefixOrder.narrow(order)).isNull();
      assertThat(PrefixOrder.compact(order)).isSameAs(order);
    } else {
      assertThat(PrefixOrder.compact(order)).isInstanceOf(char[].class);
    }
    int last = patterns - 1;
    String path = text.substring(data[2 * last], data[2 * last] + length[last]) + "/page";
    int[] out = new int[patterns];
    assertThat(PrefixOrder.walk(text.toString(), data, 0, false, PrefixOrder.compact(order), path.toCharArray(), path.length(), out)).isEqualTo(1);
    assertThat(out[0]).isEqualTo(last);
  }

  private static TreeSet<Integer> scan(List<String> keys, String path, boolean foldCase) {
    String p = foldCase ? fold(path) : path;
    TreeSet<Integer> out = new TreeSet<>();
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      if (k != null && p.startsWith(foldCase ? fold(k) : k)) {
        out.add(i);
      }
    }
    return out;
  }

  private static String fold(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      sb.append(PathSearch.fold(c));
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
