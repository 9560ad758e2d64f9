package org.acapengine.adapters.tdmrep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.tdmrep.TdmRule.Reservation;
import org.acapengine.model.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** tdmrep.json as the TDMRep report's examples write it, and as hostile or careless files do. */
class TdmRepReaderTest {

  /** The report's own example: the whole site reserved with a policy, one folder not reserved. */
  static final String EXAMPLE = """
      [
        {
          "location": "/",
          "tdm-reservation": 1,
          "tdm-policy": "https://provider.com/policies/policy.json"
        },
        {
          "location": "/images/*",
          "tdm-reservation": 0
        }
      ]
      """;

  /** A prefix matcher standing in for the engine's RFC 9309 one: only '*' at the end. */
  static final TdmRepFile.LocationMatcher PREFIX = (loc, path) -> loc.endsWith("*")
      ? path.startsWith(loc.substring(0, loc.length() - 1)) : path.startsWith(loc);

  @Test
  void readsTheReportsExample() {
    TdmRepFile f = TdmRepReader.read("tdmrep.json", EXAMPLE);
    assertThat(f.diagnostics()).isEmpty();
    assertThat(f.rules()).extracting(TdmRule::location, TdmRule::reservation, TdmRule::policy).containsExactly(
        org.assertj.core.groups.Tuple.tuple("/", Reservation.RESERVED, Optional.of("https://provider.com/policies/policy.json")),
        org.assertj.core.groups.Tuple.tuple("/images/*", Reservation.NOT_RESERVED, Optional.empty()));
    assertThat(f.rules().get(1).span().line()).isEqualTo(7);
  }

  /** The first matching rule in array order decides, even when a later one is more specific. */
  @ParameterizedTest
  @CsvSource({"/a.html, RESERVED", "/images/x.png, RESERVED"})
  void firstMatchInArrayOrder(String path, Reservation expected) {
    assertThat(TdmRepReader.read("t", EXAMPLE).ruleFor(path, PREFIX).map(TdmRule::reservation)).contains(expected);
  }

  @Test
  void laterRulesDecideWhenEarlierOnesDoNotMatch() {
    TdmRepFile f = TdmRepReader.read("t", "[{\"location\":\"/images/*\",\"tdm-reservation\":0},{\"location\":\"/\",\"tdm-reservation\":1}]");
    assertThat(f.ruleFor("/images/a.png", PREFIX).map(TdmRule::reservation)).contains(Reservation.NOT_RESERVED);
    assertThat(f.ruleFor("/a", PREFIX).map(TdmRule::reservation)).contains(Reservation.RESERVED);
    assertThat(TdmRepReader.read("t", "[{\"location\":\"/x/\",\"tdm-reservation\":1}]").ruleFor("/y", PREFIX)).isEmpty();
  }

  /** input → codes of the diagnostics (line:column), number of rules kept. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "``                                                  | tdmrep-not-an-array@1:1                                   | 0",
      "{}                                                  | tdmrep-not-an-array@1:1                                   | 0",
      "[1, {\"location\":\"/\"}]                           | tdmrep-rule-not-an-object@1:2                             | 1",
      "[{\"tdm-reservation\":1}]                           | tdmrep-rule-without-location@1:2                          | 0",
      "[{\"location\":\"x\"}]                              | tdmrep-bad-location@1:14 tdmrep-rule-without-location@1:2 | 0",
      "[{\"location\":\"/\",\"tdm-reservation\":\"1\"}]    | tdmrep-bad-reservation@1:36                               | 1",
      "[{\"location\":\"/\",\"tdm-reservation\":2}]        | tdmrep-bad-reservation@1:36                               | 1",
      "[{\"location\":\"/\",\"tdm-policy\":5}]             | tdmrep-bad-policy@1:31                                    | 1",
      "[{\"location\":\"/\",\"other\":[1,2]}]              | tdmrep-unknown-member@1:18                                | 1",
      "[{\"location\":\"/\"},                              | tdmrep-malformed-json@1:19                                | 1",
      "[{\"location\":\"/\"}] x                            | tdmrep-malformed-json@1:21                                | 1",
      "[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]            | tdmrep-rule-not-an-object@1:2 tdmrep-malformed-json@1:18  | 0",
  })
  void badInputGivesDiagnosticsNotExceptions(String json, String codes, int rules) {
    TdmRepFile f = TdmRepReader.read("t", json == null ? "" : json);
    List<Diagnostic> d = f.diagnostics();
    assertThat(String.join(" ", d.stream().map(x -> x.code() + "@" + x.span().line() + ":" + x.span().column()).toList()))
        .isEqualTo(codes == null ? "" : codes);
    assertThat(f.rules()).hasSize(rules);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"1|RESERVED", "' 0 '|NOT_RESERVED", "true|UNSET", "''|UNSET", "01|UNSET"})
  void headerValues(String value, Reservation expected) {
    assertThat(Reservation.of(value)).isEqualTo(expected);
  }

  /**
   * More rules than are read: one warning, and no false "malformed JSON" after it; what follows
   * the array is still checked.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "''    | tdmrep-too-many-rules",
      "' x'  | tdmrep-too-many-rules tdmrep-malformed-json",
      "' []' | tdmrep-too-many-rules tdmrep-malformed-json",
  })
  void tooManyRulesIsOneWarning(String after, String codes) {
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < TdmRepReader.MAX_RULES + 5; i++) {
      json.append(i == 0 ? "" : ",").append("{\"location\": \"/p").append(i).append("\", \"tdm-reservation\": 1}");
    }
    json.append("]").append(after);
    TdmRepFile f = TdmRepReader.read("tdmrep.json", json.toString());
    assertThat(f.rules()).hasSize(TdmRepReader.MAX_RULES);
    assertThat(f.diagnostics()).extracting(Diagnostic::code).containsExactly(codes.split(" "));
  }
}
