package org.acapengine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.acapengine.lint.CodeSelection;
import org.acapengine.lint.Finding;
import org.acapengine.lint.LintOptions;
import org.acapengine.lint.Linter;
import org.acapengine.lint.Report;
import org.acapengine.parse.ParseOptions;

/**
 * Lint in every format on robots.txt from the fuzzer: JSON and SARIF output parse as JSON of the
 * expected shape, and text and GitHub output hold no control or line-separator character but the
 * line feed, whatever the file quotes.
 */
class LintFuzzTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Linter LINTER = new Linter(new LintOptions(LocalDate.of(2026, 1, 1), false, new ParseOptions(16 * 1024), CodeSelection.all()));

  @FuzzTest
  void everyFormatIsWellFormed(byte[] content) throws Exception {
    List<Finding> findings = LINTER.lint("fuzz.txt", content, Path.of("."));
    for (String format : List.of("text", "github")) {
      String out = Report.forFormat(format).render(findings, 1);
      for (int i = 0; i < out.length(); i++) {
        char c = out.charAt(i);
        boolean control = (c < 0x20 && c != '\n') || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029';
        assertThat(control).as("%s output, char %d: U+%04X", format, i, (int) c).isFalse();
      }
      assertThat(out.lines().count()).as("%s: at least one line per finding", format).isGreaterThanOrEqualTo(findings.size());
    }
    JsonNode json = JSON.readTree(Report.forFormat("json").render(findings, 1));
    assertThat(json).isNotNull();
    JsonNode sarif = JSON.readTree(Report.forFormat("sarif").render(findings, 1));
    assertThat(sarif.path("version").asText()).isEqualTo("2.1.0");
    assertThat(sarif.path("runs").get(0).path("results").size()).isEqualTo(findings.size());
  }
}
