package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Severity;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;

/** Files meant to be clean lint without an error. */
class LintCleanFileTest {

  private static final Linter LINTER = new Linter(new LintOptions(LocalDate.of(2025, 6, 1), false, ParseOptions.defaults()));

  /**
   * The worked example of ACAP 1.0 section 2.1, in its intended order (the extraction's artefacts
   * repaired, ACAP-crawler: named-crawler before that record's fields). One warning is justified:
   * the named crawler's conventional group only allows (so a legacy named-crawler may crawl all
   * of the site), while the ACAP records let it crawl only the resource set and leave the rest to
   * the any-crawler record's ACAP-disallow-crawl: / — legacy and ACAP crawlers diverge on /.
   */
  @Test
  void theSpecWorkedExampleHasNoErrorAndOnlyTheDivergenceItReallyHas() throws IOException {
    Path file = Path.of("src", "test", "resources", "lint", "clean", "spec-2-1-worked-example.txt");
    List<Finding> findings = LINTER.lint(file.toString(), Files.readAllBytes(file), file.getParent());
    assertThat(findings).hasSize(1);
    Diagnostic d = findings.get(0).diagnostic();
    assertThat(d.code()).isEqualTo("divergence");
    assertThat(d.message()).startsWith("'named-crawler' on /: legacy crawlers are allowed (no rule matches), ACAP crawlers are prohibited (line 33: ACAP-disallow-crawl: /)");
  }

  /**
   * The repository's grammar samples (grammars-samples/, where present) that parse without an
   * error lint without one too: lint adds warnings and notes, never errors of its own.
   */
  @Test
  void grammarSamplesThatParseCleanLintWithoutError() throws IOException {
    Path dir = Path.of("grammars-samples");
    assumeTrue(Files.isDirectory(dir), "no grammars-samples/ in this checkout");
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".robots.txt")).sorted().toList()) {
        byte[] bytes = Files.readAllBytes(f);
        PolicyDocument doc = new RobotsTxtParser().parse(bytes, f.toString());
        if (doc.diagnostics().stream().anyMatch(d -> d.severity() == Severity.ERROR)) {
          continue;
        }
        assertThat(LINTER.lint(doc, dir)).as(f.toString()).noneMatch(d -> d.severity() == Severity.ERROR);
      }
    }
  }
}
