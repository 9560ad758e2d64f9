package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sort keys that rank rules at compile time order patterns exactly as {@link
 * ScopeOrder#ORDER} does: literals (ASCII case folded) before {@code *}, {@code *} before {@code
 * $}, {@code $} before the end.
 */
class ScopeOrderTest {

  @ParameterizedTest(name = "[{index}] {0} before {1}")
  @CsvSource(delimiter = '|', textBlock = """
      /ab     | /a*
      /a*     | /a$
      /a$     | /a
      /ab     | /a
      /A      | /b
      /a/x    | /a*x
      /%2F    | /*
      """)
  void theKeysOrderAsTheComparator(String first, String second) {
    assertThat(ScopeOrder.ORDER.compare(first, second)).isNegative();
    assertThat(ScopeOrder.sortKey(first).compareTo(ScopeOrder.sortKey(second))).isNegative();
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void randomPatternsOrderAlike(long seed) {
    Random rnd = new Random(seed);
    String alphabet = "aAbB/*$%2F.-";
    List<String> patterns = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      StringBuilder sb = new StringBuilder("/");
      for (int j = rnd.nextInt(6); j > 0; j--) {
        sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
      }
      patterns.add(sb.toString());
    }
    for (String a : patterns) {
      for (String b : patterns) {
        assertThat(Integer.signum(ScopeOrder.sortKey(a).compareTo(ScopeOrder.sortKey(b))))
            .as("%s vs %s", a, b).isEqualTo(Integer.signum(ScopeOrder.ORDER.compare(a, b)));
      }
    }
  }
}
