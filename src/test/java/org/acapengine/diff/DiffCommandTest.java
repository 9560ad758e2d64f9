package org.acapengine.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.testing.AcapRun;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code acap diff}: golden output in every format, the exit codes, and the paths taken from rules. */
class DiffCommandTest {

  static final String DIR = "src/test/resources/diff/";
  static final String OLD = DIR + "old.robots.txt";
  static final String NEW = DIR + "new.robots.txt";
  static final String URLS = DIR + "urls.txt";

  @ParameterizedTest
  @CsvSource({"text, expected.txt", "json, expected.json", "markdown, expected.md"})
  void everyFormatMatchesItsGoldenFile(String format, String golden) throws IOException {
    AcapRun.Result r = AcapRun.run("diff", OLD, NEW, "--urls", URLS, "--usage", "crawl,index", "--purpose", "ai-train", "--format", format);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    Path file = Path.of(DIR, golden);
    if (Goldens.UPDATE) {
      Files.writeString(file, r.out(), StandardCharsets.UTF_8);
    }
    assertThat(r.out()).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }

  @Test
  void failOnChangeExitsOneOnlyWhenAVerdictChanges() {
    assertThat(AcapRun.run("diff", OLD, NEW, "--fail-on-change").exitCode()).isEqualTo(1);
    assertThat(AcapRun.run("diff", OLD, NEW).exitCode()).isZero();
    AcapRun.Result same = AcapRun.run("diff", OLD, OLD, "--fail-on-change", "--format", "json");
    assertThat(same.exitCode()).isZero();
    assertThat(same.out()).contains("\"changed\" : false", "\"changes\" : [ ]");
  }

  @Test
  void aCommentOnlyEditChangesNothing() {
    AcapRun.Result r = AcapRun.runWithInput("# edited\n" + read(OLD), "diff", OLD, "-", "--fail-on-change");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("no verdict changes");
  }

  @Test
  void theDecidingLinesOfBothVersionsAreNamed() {
    AcapRun.Result r = AcapRun.run("diff", OLD, NEW, "--format", "json");
    assertThat(r.out()).contains("\"text\" : \"Allow: /news/\"", "\"text\" : \"Disallow: /\"");
  }

  @Test
  void badArgumentsExitTwoWithOneLine() {
    AcapRun.Result missing = AcapRun.run("diff", OLD, DIR + "no-such.txt");
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.errLines()).hasSize(1).allMatch(l -> l.startsWith("acap: ") && l.contains("no such file"));
    AcapRun.Result usage = AcapRun.run("diff", OLD, NEW, "--usage", "crwal");
    assertThat(usage.exitCode()).isEqualTo(2);
    assertThat(usage.err()).contains("did you mean 'crawl'");
    assertThat(AcapRun.run("diff", "-", "-").exitCode()).isEqualTo(2);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "/private/       | /private/",
      "/drafts/*.pdf$  | /drafts/.pdf",
      "/*/print        | //print",
      "/a$             | /a",
      "*.gif           | ",
      "''              | "})
  void aRulePatternGivesTheShortestPathItMatches(String pattern, String path) {
    assertThat(PolicyDiff.samplePath(pattern)).isEqualTo(path);
  }

  private static String read(String file) {
    try {
      return Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
