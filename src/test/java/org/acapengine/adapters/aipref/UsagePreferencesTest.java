package org.acapengine.adapters.aipref;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.acapengine.model.Purpose;
import org.acapengine.model.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * AIPREF values (draft-ietf-aipref-vocab-08): y/n per label; anything else unknown; a value that
 * fails to parse states nothing; unknown and legacy labels are ignored but listed; last wins; and
 * what the three labels say for each purpose of the one vocabulary.
 */
class UsagePreferencesTest {

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      // value                            | train-ai   | ai-use     | search     | unknown labels | failed
      "train-ai=n                         | PROHIBITED | NO_OPINION | NO_OPINION | ''             | false",
      "train-ai=y, search=n               | ALLOWED    | NO_OPINION | PROHIBITED | ''             | false",
      "train-ai=n, train-ai=y             | ALLOWED    | NO_OPINION | NO_OPINION | ''             | false",
      "train-ai=y, train-ai=maybe         | NO_OPINION | NO_OPINION | NO_OPINION | ''             | false",
      "train-ai=\"n\"                     | NO_OPINION | NO_OPINION | NO_OPINION | ''             | false",
      "train-ai                           | NO_OPINION | NO_OPINION | NO_OPINION | ''             | false",
      "train-ai=N                         | NO_OPINION | NO_OPINION | NO_OPINION | ''             | false",
      "Train-ai=n                         | NO_OPINION | NO_OPINION | NO_OPINION | ''             | true",
      "train-ai=n,                        | NO_OPINION | NO_OPINION | NO_OPINION | ''             | true",
      "genai=n, train-ai=n, bots=y        | PROHIBITED | NO_OPINION | NO_OPINION | genai bots     | false",
      "tdm=n;x=1, ai=n                    | NO_OPINION | NO_OPINION | NO_OPINION | tdm ai         | false",
      "''                                 | NO_OPINION | NO_OPINION | NO_OPINION | ''             | false",
      // vocab-08 6.5.1: 'train-ai=y, train-ai, search=n, search="n"': every preference is unknown
      "'train-ai=y, train-ai, search=n, search=\"n\"' | NO_OPINION | NO_OPINION | NO_OPINION | '' | false",
      // vocab-08 brings back ai-use
      "ai-use=n, search=y                 | NO_OPINION | PROHIBITED | ALLOWED    | ''             | false",
      "train-genai=n                      | NO_OPINION | NO_OPINION | NO_OPINION | train-genai    | false",
  })
  void reads(String value, Verdict trainAi, Verdict aiUse, Verdict search, String unknown, boolean failed) {
    UsagePreferences p = UsagePreferences.parse(value);
    assertThat(p.get("train-ai")).isEqualTo(trainAi);
    assertThat(p.get("ai-use")).isEqualTo(aiUse);
    assertThat(p.get("search")).isEqualTo(search);
    assertThat(p.unknownLabels()).isEqualTo(unknown == null || unknown.isBlank() ? List.of() : List.of(unknown.split(" ")));
    assertThat(p.failure().isPresent()).isEqualTo(failed);
  }

  /** Each label's purpose: an n refuses the purposes overlapping it, a y allows those inside it; search is decided by search alone. */
  @ParameterizedTest(name = "[{index}] {0} for {1}")
  @CsvSource(delimiter = '|', textBlock = """
      # value                        | query purpose | verdict    | deciding
      train-ai=n                     | train-ai      | PROHIBITED | train-ai=n
      train-ai=n                     | ai-train      | PROHIBITED | train-ai=n
      train-ai=n                     | ai-all        | PROHIBITED | train-ai=n
      train-ai=n                     | all           | PROHIBITED | train-ai=n
      train-ai=n                     | ai-input      | NO_OPINION |
      train-ai=n                     | search        | NO_OPINION |
      train-ai=y                     | train-ai      | ALLOWED    | train-ai=y
      train-ai=y                     | ai-train      | NO_OPINION |
      ai-use=n                       | ai-use        | PROHIBITED | ai-use=n
      ai-use=n                       | ai-input      | PROHIBITED | ai-use=n
      ai-use=n                       | train-ai      | NO_OPINION |
      ai-use=y                       | ai-input      | NO_OPINION |
      'train-ai=n, ai-use=n, search=y' | search      | ALLOWED    | search=y
      'train-ai=y, ai-use=y, search=n' | search      | PROHIBITED | search=n
      'train-ai=y, ai-use=y, search=n' | ai-use      | ALLOWED    | ai-use=y
      'search=y'                     | all           | NO_OPINION |
      'search=n'                     | all           | PROHIBITED | search=n
      """)
  void eachLabelSpeaksToItsPurpose(String value, String purpose, Verdict verdict, String deciding) {
    UsagePreferences p = UsagePreferences.parse(value);
    Purpose q = Purpose.of(purpose).orElseThrow();
    assertThat(p.verdict(q)).isEqualTo(verdict);
    assertThat(p.deciding(q)).isEqualTo(deciding == null ? List.of() : List.of(deciding));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      // value                      | path    | offset | train-ai
      "train-ai=n                   | ''      | 0      | PROHIBITED",
      "/ai-ok/ train-ai=y           | /ai-ok/ | 8      | ALLOWED",
      "'  /x/*.pdf$   train-ai=n'   | /x/*.pdf$ | 14   | PROHIBITED",
      "/only-a-path                 | /only-a-path | 12 | NO_OPINION",
  })
  void readsRobotsTxtRules(String value, String path, int offset, Verdict trainAi) {
    ContentUsageRule r = ContentUsageRule.parse(value);
    assertThat(r.path().orElse("")).isEqualTo(path == null ? "" : path);
    assertThat(r.valueOffset()).isEqualTo(offset);
    assertThat(r.preferences().get("train-ai")).isEqualTo(trainAi);
  }
}
