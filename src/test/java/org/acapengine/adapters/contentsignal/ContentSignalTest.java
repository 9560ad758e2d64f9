package org.acapengine.adapters.contentsignal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.acapengine.adapters.contentsignal.ContentSignal.ProblemKind;
import org.acapengine.adapters.contentsignal.ContentSignal.Signal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Content-Signal values as Cloudflare's managed robots.txt writes them, and as people mistype them. */
class ContentSignalTest {

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      // value                                   | search | ai-input | ai-train | use       | problems
      "search=yes,ai-train=no                    | yes    | -        | no       | -         | ''",
      "search=yes, ai-input=yes, ai-train=no     | yes    | yes      | no       | -         | ''",
      "' Search = YES ,AI-Train=No '             | yes    | -        | no       | -         | ''",
      "ai-train=no, use=reference                | -      | -        | no       | reference | ''",
      "ai-train=maybe                            | -      | -        | -        | -         | BAD_VALUE@0",
      "search=yes, ai-trian=no                   | yes    | -        | -        | -         | UNKNOWN_KEY@12",
      "search yes                                | -      | -        | -        | -         | MALFORMED_PAIR@0",
      "search=yes,,ai-train=no,                  | yes    | -        | no       | -         | ''",
      "use=later, =no                            | -      | -        | -        | -         | BAD_VALUE@0 MALFORMED_PAIR@11",
      "''                                        | -      | -        | -        | -         | ''",
  })
  void reads(String value, String search, String aiInput, String aiTrain, String use, String problems) {
    ContentSignal s = ContentSignal.parse(value == null ? "" : value);
    assertThat(s.get(Signal.SEARCH)).isEqualTo(expect(search));
    assertThat(s.get(Signal.AI_INPUT)).isEqualTo(expect(aiInput));
    assertThat(s.get(Signal.AI_TRAIN)).isEqualTo(expect(aiTrain));
    assertThat(s.use()).isEqualTo(use.equals("-") ? Optional.empty() : Optional.of(use));
    assertThat(String.join(" ", s.problems().stream().map(p -> p.kind() + "@" + p.offset()).toList()))
        .isEqualTo(problems == null ? "" : problems);
  }

  @org.junit.jupiter.api.Test
  void problemsNameTheirKindAndText() {
    assertThat(ContentSignal.parse("ai-train=nope").problems())
        .containsExactly(new ContentSignal.Problem(ProblemKind.BAD_VALUE, 0, "ai-train=nope"));
  }

  private static Optional<Boolean> expect(String v) {
    return v.equals("-") ? Optional.empty() : Optional.of(v.equals("yes"));
  }
}
