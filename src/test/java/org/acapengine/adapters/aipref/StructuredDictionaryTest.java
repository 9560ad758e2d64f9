package org.acapengine.adapters.aipref;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 9651 4.2.2 Dictionaries: what parses, what fails, and what AIPREF keeps of each member. */
class StructuredDictionaryTest {

  /** value → members as key=token (or key=? for a non-token item), in order. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      "train-ai=n                          | train-ai=n",
      "train-ai=n, search=y                | train-ai=n,search=y",
      "train-ai=n,search=y                 | train-ai=n,search=y",
      "'train-ai=n ,\tsearch=y'            | train-ai=n,search=y",
      "'  train-ai=y  '                    | train-ai=y",
      "train-ai                            | train-ai=?",
      "train-ai;x=1                        | train-ai=?",
      "train-ai=n;note=\"a, b\"            | train-ai=n",
      "a=1, b=-2.5, c=?0, d=\"s\", e=:aGk=:  | a=?,b=?,c=?,d=?,e=?",
      "a=(y n), b=()                       | a=?,b=?",
      "a=@1700000000, b=%\"caf%c3%a9\"     | a=?,b=?",
      "train-ai=n, train-ai=y              | train-ai=y",
      "*x=tok/en:1                         | *x=tok/en:1",
      "''                                  | ''",
  })
  void parses(String value, String expected) {
    StructuredDictionary.Parsed p = StructuredDictionary.parse(value);
    assertThat(p.failure()).isEmpty();
    Map<String, String> got = new LinkedHashMap<>();
    p.members().forEach((k, m) -> got.put(k, m.token().orElse("?")));
    assertThat(String.join(",", got.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()))
        .isEqualTo(expected == null ? "" : expected);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      "Train-ai=n                | 0 | a key must be lower case",
      "train-ai=n,               | 11 | a trailing comma",
      "train-ai=n search=y       | 11 | expected a comma between members",
      "train-ai=                 | 9 | expected an item",
      "1a=y                      | 0 | expected a key",
      "a=\"open                  | 7 | a String without its closing quote",
      "a=\"x\\y\"                | 5 | only a quote or a backslash may be escaped in a String",
      "a=?2                      | 3 | a Boolean is ?0 or ?1",
      "a=1234567890123456        | 2 | not a valid Integer or Decimal",
      "a=1.2345                  | 2 | not a valid Integer or Decimal",
      "a=(y n                    | 6 | an inner list without its closing parenthesis",
      "a=:a*b:                   | 4 | a Byte Sequence holds base64 only",
      "a=y,\u00e9=n              | 4 | a character outside visible ASCII",
      "'\ta=y'                   | 0 | expected a key",
  })
  void failsWhole(String value, int offset, String reason) {
    StructuredDictionary.Parsed p = StructuredDictionary.parse(value);
    assertThat(p.members()).isEmpty();
    assertThat(p.failure()).isEqualTo(Optional.of(new StructuredDictionary.Failure(offset, reason)));
  }
}
