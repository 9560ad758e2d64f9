package org.acapengine.adapters.aipref;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * AIPREF values (draft-ietf-aipref-vocab): y/n per label; anything else unknown; a value that
 * fails to parse states nothing; unknown and legacy labels are ignored but listed; last wins.
 */
class UsagePreferencesTest {

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      // value                          | train-ai | search  | unknown labels | failed
      "train-ai=n                       | DISALLOW | UNKNOWN | ''             | false",
      "train-ai=y, search=n             | ALLOW    | DISALLOW| ''             | false",
      "train-ai=n, train-ai=y           | ALLOW    | UNKNOWN | ''             | false",
      "train-ai=y, train-ai=maybe       | UNKNOWN  | UNKNOWN | ''             | false",
      "train-ai=\"n\"                   | UNKNOWN  | UNKNOWN | ''             | false",
      "train-ai                         | UNKNOWN  | UNKNOWN | ''             | false",
      "train-ai=N                       | UNKNOWN  | UNKNOWN | ''             | false",
      "Train-ai=n                       | UNKNOWN  | UNKNOWN | ''             | true",
      "train-ai=n,                      | UNKNOWN  | UNKNOWN | ''             | true",
      "genai=n, train-ai=n, bots=y      | DISALLOW | UNKNOWN | genai bots     | false",
      "tdm=n;x=1, ai=n                  | UNKNOWN  | UNKNOWN | tdm ai         | false",
      "''                               | UNKNOWN  | UNKNOWN | ''             | false",
  })
  void reads(String value, Preference trainAi, Preference search, String unknown, boolean failed) {
    UsagePreferences p = UsagePreferences.parse(value);
    assertThat(p.get("train-ai")).isEqualTo(trainAi);
    assertThat(p.get("search")).isEqualTo(search);
    assertThat(p.unknownLabels()).isEqualTo(unknown == null || unknown.isBlank() ? List.of() : List.of(unknown.split(" ")));
    assertThat(p.failure().isPresent()).isEqualTo(failed);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      // value                      | path    | offset | train-ai
      "train-ai=n                   | ''      | 0      | DISALLOW",
      "/ai-ok/ train-ai=y           | /ai-ok/ | 8      | ALLOW",
      "'  /x/*.pdf$   train-ai=n'   | /x/*.pdf$ | 14   | DISALLOW",
      "/only-a-path                 | /only-a-path | 12 | UNKNOWN",
  })
  void readsRobotsTxtRules(String value, String path, int offset, Preference trainAi) {
    ContentUsageRule r = ContentUsageRule.parse(value);
    assertThat(r.path().orElse("")).isEqualTo(path == null ? "" : path);
    assertThat(r.valueOffset()).isEqualTo(offset);
    assertThat(r.preferences().get("train-ai")).isEqualTo(trainAi);
  }
}
