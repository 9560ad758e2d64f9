package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.eval.match.PathPattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A rule's literal prefix, the key of the prefix index: the pattern up to its first {@code *},
 * without a final {@code $}, and with a {@code $} that does not end the pattern read as the
 * literal {@code %24} it matches.
 */
class LiteralPrefixTest {

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', nullValues = "NONE", emptyValue = "", textBlock = """
      /a/b     | /a/b
      /a*b     | /a
      /a$      | /a
      /a$b     | /a%24b
      /a$*     | /a%24
      /a$b$    | /a%24b
      *x       | ''
      /$       | /
      $        | ''
      /a$$     | /a%24
      /a*$     | /a
      /a*b$c   | /a
      """)
  void prefixes(String pattern, String prefix) {
    assertThat(PathPattern.compile(pattern, false).segment(0)).isEqualTo(prefix == null ? "" : prefix);
  }
}
