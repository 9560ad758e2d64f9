package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.acapengine.parse.ParseOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Inline suppressions ({@link Suppressions}): which findings each directive form switches off, and
 * when a directive is reported as unused. Each row is a robots.txt ({@code |} for a line end) and
 * the findings left, as {@code line:code} in the order lint lists them.
 */
class SuppressionTest {

  private static final Linter LINTER = new Linter(new LintOptions(LocalDate.of(2025, 6, 1), false, ParseOptions.defaults()));

  /** The findings of a robots.txt written with {@code |} for line ends. */
  static List<Finding> lintFindings(String robots) {
    return LINTER.lint("robots.txt", robots.replace('|', '\n').getBytes(StandardCharsets.UTF_8), Path.of(""));
  }

  static String findings(String robots) {
    List<Finding> found = lintFindings(robots);
    return String.join(" ", found.stream().map(f -> f.diagnostic().span().line() + ":" + f.diagnostic().code()).toList());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "nothing suppressed; User-agent: *|Disallow: /a|Disallow: /a|; 3:duplicate-field",
    "disable at the end of the line; User-agent: *|Disallow: /a|Disallow: /a # acap-lint: disable=duplicate-field|; ''",
    "disable on another line is unused; User-agent: *|Disallow: /a # acap-lint: disable=duplicate-field|Disallow: /a|; 2:unused-suppression 3:duplicate-field",
    "disable alone on a line covers that line only; User-agent: *|Disallow: /a|# acap-lint: disable=duplicate-field|Disallow: /a|; 3:unused-suppression 4:duplicate-field",
    "disable-next-line; User-agent: *|Disallow: /a|# acap-lint: disable-next-line=duplicate-field|Disallow: /a|; ''",
    "disable-next-line skips blank and comment lines; User-agent: *|Disallow: /a|# acap-lint: disable-next-line=duplicate-field||# why|Disallow: /a|; ''",
    "stacked disable-next-line; User-agent: *|Disallow: /a|# acap-lint: disable-next-line=duplicate-field|# acap-lint: disable-next-line=extension-field|Disallow: /a|Crawl-delay: 5|; 4:unused-suppression 6:extension-field",
    "disable-next-line at the end of the file; User-agent: *|Disallow: /a|# acap-lint: disable-next-line=duplicate-field|; 3:unused-suppression",
    "disable-file; # acap-lint: disable-file=duplicate-field,extension-field|User-agent: *|Disallow: /a|Disallow: /a|Crawl-delay: 5|Crawl-delay: 5|; ''",
    "one code of two unused; # acap-lint: disable-file=duplicate-field,extension-field|User-agent: *|Disallow: /a|Disallow: /a|; 1:unused-suppression",
    "spaces, case and a reason; User-agent: *|Disallow: /a|Disallow: /a #ACAP-LINT : Disable = Duplicate-Field , extension-field  because|Crawl-delay: 5 # acap-lint: disable=extension-field; 3:unused-suppression",
    "an unknown code; User-agent: *|Disallow: /a # acap-lint: disable=duplicate-feild|; 2:unused-suppression",
    "no directive; User-agent: *|Disallow: /a # acap-lint: enable=duplicate-field|; 2:unused-suppression",
    "no codes; User-agent: *|Disallow: /a # acap-lint: disable=|; 2:unused-suppression",
    "no colon; User-agent: *|Disallow: /a # acap-lint disable=duplicate-field|; 2:unused-suppression",
    "another word is no directive; User-agent: *|Disallow: /a # acap-linter: whatever|; ''",
    "a comment that only mentions it; User-agent: *|Disallow: /a # see acap-lint: disable=x|; ''",
    "unused-suppression suppressed file-wide; # acap-lint: disable-file=unused-suppression|User-agent: *|Disallow: /a # acap-lint: disable=duplicate-field|; ''",
    "parser errors can be suppressed; ##ACAP version=1.0|ACAP-crawler: *|ACAP-alow-crawl: / # acap-lint: disable=unknown-acap-field|ACAP-allow-index: /|; ''",
  })
  void directives(String name, String robots, String expected) {
    assertThat(findings(robots)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "a used code; User-agent: *|Disallow: /a|Disallow: /a # acap-lint: disable=duplicate-field; ''",
    "on its line; User-agent: *|Disallow: /a # acap-lint: disable=duplicate-field; there is no duplicate-field finding on line 2",
    "file-wide; # acap-lint: disable-file=divergence|User-agent: *; there is no divergence finding in the file",
    "no line after it; User-agent: *|# acap-lint: disable-next-line=duplicate-field; no line follows it",
    "misspelt; User-agent: *|Disallow: /a # acap-lint: disable=dupliate-field; it is no finding code (did you mean 'duplicate-field'?)",
  })
  void unusedSuppressionsSayWhy(String name, String robots, String why) {
    List<Finding> found = LINTER.lint("robots.txt", robots.replace('|', '\n').getBytes(StandardCharsets.UTF_8), Path.of(""));
    List<String> messages = found.stream().filter(f -> f.diagnostic().code().equals("unused-suppression")).map(f -> f.diagnostic().message()).toList();
    if (why.isEmpty()) {
      assertThat(messages).isEmpty();
    } else {
      assertThat(messages).singleElement().asString().endsWith(": " + why);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "the code of a line directive; 'Disallow: /a # acap-lint: disable=duplicate-field'; 2; 35; 49",
    "a malformed directive; 'Disallow: /a # acap-lint: off'; 2; 14; 29",
  })
  void theUnusedFindingPointsAtTheCodeOrTheComment(String name, String line, int lineNumber, int column, int endColumn) {
    List<Finding> found = LINTER.lint("robots.txt", ("User-agent: *\n" + line + "\n").getBytes(StandardCharsets.UTF_8), Path.of(""));
    assertThat(found).singleElement().satisfies(f -> {
      assertThat(f.diagnostic().span().line()).isEqualTo(lineNumber);
      assertThat(f.diagnostic().span().column()).isEqualTo(column);
      assertThat(f.diagnostic().span().endColumn()).isEqualTo(endColumn);
    });
  }

  @org.junit.jupiter.api.Test
  void aHostileFileCannotFloodTheOutputWithUnusedSuppressions() {
    StringBuilder robots = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 1500; i++) {
      robots.append("Disallow: /a").append(i).append(" # acap-lint: disable=divergence\n");
    }
    List<Finding> found = LINTER.lint("robots.txt", robots.toString().getBytes(StandardCharsets.UTF_8), Path.of(""));
    assertThat(found).hasSize(Suppressions.MAX_REPORTED + 1); // the cap and its summary
    assertThat(found.stream().filter(f -> f.diagnostic().message().startsWith("500 more unused suppressions"))).hasSize(1);
  }
}
