package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link PathIndex} answers "first occurrence at or after p" exactly as {@link String#indexOf}
 * does, for every start position, on paths over small alphabets (one letter: the most
 * repetitive path, where suffix sorting takes the most rounds; two to four: overlapping
 * occurrences everywhere) and on literals that occur and that do not; one index is reused for
 * every path, as {@link PathSearch} reuses it.
 */
class PathIndexTest {

  @ParameterizedTest(name = "alphabet {0}, paths up to {1}")
  @CsvSource({"a, 300", "ab, 200", "aab, 200", "abcd, 150", "a/%2F?=, 120", "aAbB, 100", "aé€\u007f, 100", "a\u00fe\u00ff\uffff, 60"})
  void everyAnswerIsStringIndexOfs(String alphabet, int maxLength) {
    Random random = new Random(alphabet.hashCode() * 31L + maxLength);
    PathIndex index = new PathIndex();
    int checked = 0;
    for (int round = 0; round < 300; round++) {
      String path = random(random, alphabet, random.nextInt(maxLength + 1));
      boolean fold = random.nextBoolean();
      String indexed = fold ? path.toLowerCase(Locale.ROOT) : path;
      index.build(path, fold);
      assertThat(index.length()).isEqualTo(path.length());
      for (int q = 0; q < 20; q++) {
        String literal = q % 2 == 0 && !indexed.isEmpty()
            ? substring(random, indexed)
            : random(random, fold ? alphabet.toLowerCase(Locale.ROOT) : alphabet, random.nextInt(6));
        for (int from = -1; from <= path.length() + 1; from++) {
          assertThat(index.indexOf(literal, from))
              .as("%s in %s from %d (fold %s)", literal, path, from, fold)
              .isEqualTo(expected(indexed, literal, from));
          checked++;
        }
      }
    }
    assertThat(checked).isGreaterThan(10_000);
  }

  @ParameterizedTest(name = "{0} in {1} from {2}")
  @CsvSource({
      "a, aaaa, 0, 0",
      "a, aaaa, 3, 3",
      "a, aaaa, 4, -1",
      "aa, aaaa, 3, -1",
      "'', abc, 3, 3",
      "'', abc, 4, -1",
      "ab, abab, 1, 2",
      "abc, ab, 0, -1",
      "b, aaab, 0, 3",
      "x, aaab, 0, -1",
      // Characters from 254 up share a byte of the packed key: a tie there is settled by the text.
      "aa\u00ffa, xaa\u00ffaaa\u00fe\u00fe, 0, 1",
      "aa\uffffa, xaa\uffffaaa\u3000\u3000, 0, 1",
      "aa\u00fe\u00ff, aa\u00ff\u00feaa\u00fe\u00ff, 0, 4"})
  void edgeCases(String literal, String path, int from, int expected) {
    PathIndex index = new PathIndex();
    index.build(path, false);
    assertThat(index.indexOf(literal, from)).isEqualTo(expected);
  }

  /** String.indexOf, except that nothing (not even the empty literal) is found beyond the end. */
  private static int expected(String path, String literal, int from) {
    if (from > path.length()) {
      return -1;
    }
    int found = path.indexOf(literal, Math.max(0, from));
    return found >= 0 && found + literal.length() <= path.length() ? found : -1;
  }

  private static String substring(Random random, String s) {
    int start = random.nextInt(s.length());
    return s.substring(start, start + random.nextInt(Math.min(12, s.length() - start) + 1));
  }

  private static String random(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
