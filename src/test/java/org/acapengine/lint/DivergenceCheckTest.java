package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;

/** The divergence search: its witnesses, its findings, and its bounds. */
class DivergenceCheckTest {

  private static final Linter LINTER = new Linter(new LintOptions(LocalDate.of(2025, 6, 1), false, ParseOptions.defaults()));

  private static PolicyDocument parse(String text) {
    return new RobotsTxtParser().parse(text, "robots.txt");
  }

  private static List<Diagnostic> divergences(String text) {
    return LINTER.lint(parse(text), Path.of("")).stream().filter(d -> d.code().equals("divergence")).toList();
  }

  @Test
  void witnessesArePrefixesWildcardlessPatternsAndChildren() {
    List<String> w = DivergenceCheck.witnesses(parse("User-agent: *\nDisallow: /a*b$\nAllow: /c/\n"));
    assertThat(w).containsExactly("/", "/a", "/ab", "/c/", "/a/x", "/c/x");
  }

  @Test
  void findsTheAnyCrawlerDivergenceWhenStarHasBothKindsOfRecord() {
    List<Diagnostic> d = divergences("User-agent: *\nDisallow: /private/\n\nACAP-crawler: *\nACAP-allow-crawl: /private/press/\n");
    assertThat(d).hasSize(1);
    assertThat(d.get(0).message()).isEqualTo("a crawler not named in the file (*) on /private/press/: legacy crawlers are prohibited"
        + " (line 2: Disallow: /private/), ACAP crawlers are allowed (line 5: ACAP-allow-crawl: /private/press/)");
    assertThat(d.get(0).span().line()).isEqualTo(5);
  }

  @Test
  void aCrawlerNamedInOnlyOneKindOfRecordIsNotCompared() {
    assertThat(divergences("User-agent: *\nDisallow: /private/\n\nACAP-crawler: newsbot\nACAP-allow-crawl: /private/\n")).isEmpty();
    assertThat(divergences("ACAP-crawler: *\nACAP-disallow-crawl: /private/\n")).as("no conventional * group").isEmpty();
  }

  @Test
  void caseDiffersBetweenTheReadings() {
    List<Diagnostic> d = divergences("User-agent: bot\nDisallow: /Private/\n\nACAP-crawler: bot\nACAP-disallow-crawl: /Private/\n");
    assertThat(d).hasSize(1);
    assertThat(d.get(0).message()).startsWith("'bot' on /private/: legacy crawlers are allowed (no rule matches), ACAP crawlers are prohibited");
  }

  @Test
  void theSearchIsBoundedOnALargeFile() {
    StringBuilder sb = new StringBuilder("##ACAP version=1.0\n");
    int crawlers = 80;
    for (int c = 0; c < crawlers; c++) {
      sb.append("User-agent: bot").append((char) ('a' + c % 26)).append((char) ('a' + c / 26)).append('\n');
      for (int i = 0; i < 100; i++) {
        sb.append("Disallow: /c").append(c).append("/p").append(i).append("/\n");
      }
    }
    for (int c = 0; c < crawlers; c++) {
      sb.append("ACAP-crawler: bot").append((char) ('a' + c % 26)).append((char) ('a' + c / 26)).append('\n');
      for (int i = 0; i < 100; i++) {
        sb.append("ACAP-allow-crawl: /c").append(c).append("/p").append(i).append("/\n");
      }
    }
    PolicyDocument doc = parse(sb.toString());
    assertThat(DivergenceCheck.witnesses(doc)).hasSize(DivergenceCheck.MAX_WITNESSES);
    long start = System.nanoTime();
    List<Diagnostic> d = LINTER.lint(doc, Path.of("")).stream().filter(x -> x.code().equals("divergence")).toList();
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(d).hasSizeLessThanOrEqualTo(DivergenceCheck.MAX_CRAWLERS).isNotEmpty();
    assertThat(millis).as("lint of a %d-line file, ms", doc.source().lines().size()).isLessThan(10_000);
  }
}
