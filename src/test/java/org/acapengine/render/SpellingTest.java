package org.acapengine.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** "Did you mean": one edit (a swap of neighbours counts as one) for short names, two from eight characters, case ignored, first on a tie. */
class SpellingTest {

  private static final List<String> NAMES = List.of("User-agent", "Allow", "Disallow", "Crawl-delay", "crawl", "index", "present-snippet");

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(delimiter = '|', nullValues = "-", value = {
      "Alow            | Allow",
      "user-agnet      | User-agent",
      "Crawldelay      | Crawl-delay",
      "crawll          | crawl",
      "CRAWL           | crawl",
      "indx            | index",
      "idnex           | index",
      "Crawl-dleay     | Crawl-delay",
      "dinex           | -",
      "present-snipet  | present-snippet",
      "presnt-snipet   | present-snippet",
      "z-index         | -",
      "Host            | -",
      "''              | -",
  })
  void theNearestNameWithinTheAllowedDistance(String typed, String expected) {
    assertThat(Spelling.closest(typed, NAMES)).isEqualTo(expected);
    assertThat(Spelling.didYouMean(typed, NAMES)).isEqualTo(expected == null ? "" : " (did you mean '" + expected + "'?)");
  }
}
