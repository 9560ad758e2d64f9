package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Induced sorting gives the suffix order that sorting the suffixes as strings gives: on strings
 * of one repeated value (no LMS position but the sentinel), of two or three values (deep
 * recursion: LMS substrings repeat), and of many (no recursion), from length 0 up.
 */
class SuffixArrayTest {

  @ParameterizedTest(name = "alphabet {0}, lengths up to {1}")
  @CsvSource({"1, 200", "2, 300", "3, 300", "16, 300", "200, 100"})
  void sortsAsStringComparisonDoes(int alphabet, int maxLength) {
    Random random = new Random(alphabet * 1_000L + maxLength);
    for (int round = 0; round < 300; round++) {
      int n = round < 3 ? round : random.nextInt(maxLength + 1);
      int[] s = new int[n + 1];
      for (int i = 0; i < n; i++) {
        s[i] = 1 + random.nextInt(alphabet);
      }
      int[] copy = Arrays.copyOf(s, n);
      int[] sa = new int[n + 1];
      SuffixArray.sort(s, n, alphabet + 1, sa);
      assertThat(Arrays.copyOf(sa, n)).as("%s", Arrays.toString(copy)).containsExactly(naive(copy));
    }
  }

  private static int[] naive(int[] s) {
    Integer[] order = new Integer[s.length];
    for (int i = 0; i < s.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Arrays.compare(Arrays.copyOfRange(s, a, s.length), Arrays.copyOfRange(s, b, s.length)));
    return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
  }
}
