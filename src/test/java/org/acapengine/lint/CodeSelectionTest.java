package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * --select/--ignore and the configuration's select/ignore ({@link CodeSelection}), and "did you
 * mean" for misspelt ACAP names ({@link Suggestions}).
 */
class CodeSelectionTest {

  private static Optional<List<String>> list(String s) {
    return s.equals("-") ? Optional.empty() : Optional.of(s.isEmpty() ? List.of() : Arrays.asList(s.split(",")));
  }

  /** Rows: the file's select and ignore, the command line's, a code, whether it is reported ({@code -}: not given). */
  @ParameterizedTest(name = "file {0}/{1}, command line {2}/{3}: {4} -> {5}")
  @CsvSource({
    "-, '', -, '', divergence, true",
    "divergence, '', -, '', divergence, true",
    "divergence, '', -, '', duplicate-field, false",
    "undefined, '', -, '', undefined-local-usage, true",
    "undefined-, '', -, '', undefined-resource-set, true",
    "undef, '', -, '', undefined-resource-set, false", // a prefix ends at a '-' of the code
    "duplicate, '', -, '', duplicate-definition, true",
    "-, extension-field, -, '', extension-field, false",
    "-, extension-field, -, '', unknown-field, true",
    "-, extension-field, -, duplicate-field, extension-field, false", // the command line's ignore adds to the file's
    "-, extension-field, -, duplicate-field, duplicate-field, false",
    "-, extension-field, extension-field, '', extension-field, true", // the command line's select starts afresh
    "divergence, '', all, '', duplicate-field, true",
    "-, '', all, unknown, unknown-field, false",
    "-, '', ALL, '', unknown-field, true",
    "-, '', ' Divergence ', '', divergence, true",
  })
  void selection(String fileSelect, String fileIgnore, String cliSelect, String cliIgnore, String code, boolean reported) {
    CodeSelection s = CodeSelection.all().then(list(fileSelect), list(fileIgnore).orElse(List.of()))
        .then(list(cliSelect), list(cliIgnore).orElse(List.of()));
    assertThat(s.reports(code)).isEqualTo(reported);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "divergence; ''",
    "undefined; ''",
    "all; ''",
    "undef; 'undef' is no finding code and no prefix of one",
    "divergense; 'divergense' is no finding code and no prefix of one (did you mean 'divergence'?)",
  })
  void entriesThatMatchNoCodeAreRefused(String entry, String problem) {
    assertThat(CodeSelection.problem(entry).orElse("")).isEqualTo(problem);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "ACAP-dissallow-crawl: /; unknown-acap-field; (did you mean 'ACAP-disallow-crawl'?)",
    "ACAP-alow-index: /; unknown-acap-field; (did you mean 'ACAP-allow-index'?)",
    "acap-crawlr: x; unknown-acap-field; (did you mean 'ACAP-crawler'?)",
    "ACAP-usage-purpse: news; unknown-acap-field; (did you mean 'ACAP-usage-purpose'?)",
    "ACAP-frobnicate: /; unknown-acap-field; ''",
    "ACAP-allow-indx: /; unknown-usage; (did you mean 'index'?)",
    "ACAP-disallow-presnt-snippet: /; unknown-usage; (did you mean 'present-snippet'?)",
    "ACAP-disallow-present-snipet: /; invalid-usage-combination; (did you mean 'present-snippet'?)",
    "ACAP-allow-crawl-original: /; invalid-usage-combination; ''",
    "ACAP-allow-train: /; unknown-usage; ''",
  })
  void misspeltAcapNamesGetASuggestion(String line, String code, String suggestion) {
    String robots = "##ACAP version=1.0|ACAP-crawler: *|" + line + "|ACAP-allow-follow: /";
    String message = SuppressionTest.lintFindings(robots).stream().filter(f -> f.diagnostic().code().equals(code))
        .map(f -> f.diagnostic().message()).findFirst().orElseThrow();
    if (suggestion.isEmpty()) {
      assertThat(message).doesNotContain("did you mean");
    } else {
      assertThat(message).endsWith(" " + suggestion);
    }
  }
}
