package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The usage names outside the ACAP dictionary a file speaks to: what makes {@code --usage train}
 * a question the file can answer, where {@code --usage crawll} is a typing error.
 */
class UsageNamesTest {

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "ACAP-crawler: a\\nACAP-allow-index: /                                   | ''",
      "ACAP-crawler: a\\nACAP-disallow-train: /                                | train",
      "ACAP-crawler: a\\nACAP-allow-TRAIN: /\\nACAP-allow-present-banana: /x   | present-banana train",
      "ACAP-crawler: a\\nACAP-usage-purpose: p\\nACAP-disallow-summarise: /      | summarise",
      "ACAP-disallow-stray: /                                                   | stray",
      "ACAP-qualified-usage: q summarise time-limit=7-days\\nACAP-crawler: a\\nACAP-allow-(q): / | summarise",
      "ACAP-composite-usage: c index translate\\nACAP-crawler: a\\nACAP-allow-(c): /  | translate",
      "ACAP-crawler: a\\nACAP-allow-(undefined): /                              | ''",
      "User-agent: *\\nDisallow: /train                                         | ''",
  })
  void namesOutsideTheDictionaryAreCollectedFromFieldsAndDefinitions(String robots, String expected) {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(robots.replace("\\n", "\n"), "robots.txt"));
    String[] names = expected.isEmpty() ? new String[0] : expected.split(" ");
    assertThat(policy.usageNames()).containsExactly(names);
    assertThat(policy.usageNames()).isSameAs(policy.usageNames());
    assertThat(Arrays.asList(names)).allMatch(n -> !n.equals("index"));
  }
}
