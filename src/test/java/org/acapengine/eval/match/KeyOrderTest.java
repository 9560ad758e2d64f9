package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The radix quicksort orders keys as a stable comparison sort does, on every kind of input. */
class KeyOrderTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "random short keys over a small alphabet, 0",
      "one key repeated, 1",
      "long shared prefixes, 2",
      "each key a prefix of the next, 3",
      "sorted descending, 4",
      "nulls among the keys, 5",
  })
  void agreesWithAStableComparisonSort(String kind, int shape) {
    Random random = new Random(31 + shape);
    for (int round = 0; round < 300; round++) {
      int n = random.nextInt(round < 10 ? 40 : 600);
      String[] keys = new String[n];
      for (int i = 0; i < n; i++) {
        keys[i] = key(shape, random, i, n);
      }
      int[] expected = IntStream.range(0, n).filter(i -> keys[i] != null).boxed()
          .sorted(Comparator.comparing((Integer i) -> keys[i]).thenComparing(i -> i)).mapToInt(Integer::intValue).toArray();
      KeyPool pool = KeyPool.of(Arrays.asList(keys), false, false);
      assertThat(KeyOrder.sortedIndexes(pool)).as(Arrays.toString(keys)).containsExactly(expected);
      for (int splits = 0; splits <= 2; splits++) {
        assertThat(KeyOrder.sortedIndexes(pool, splits)).as("falling back after %d splits", splits).containsExactly(expected);
      }
    }
  }

  private static String key(int shape, Random random, int i, int n) {
    return switch (shape) {
      case 0 -> word(random, "/ab", random.nextInt(6));
      case 1 -> "/same";
      case 2 -> "/section/".repeat(20) + word(random, "ab/", random.nextInt(4));
      case 3 -> "a".repeat(i % 50);
      case 4 -> String.format("/%05d", n - i);
      default -> random.nextInt(3) == 0 ? null : word(random, "xY/", random.nextInt(5));
    };
  }

  static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
