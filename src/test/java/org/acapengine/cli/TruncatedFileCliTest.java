package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.parse.ParseOptions;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A robots.txt over the size limit (500 KiB, RFC 9309 2.5) is parsed up to the limit, and nothing
 * is lost silently: every command that reads it says where reading stopped, as a diagnostic with
 * file, line and column: lint among its findings, the others on standard error. The file is a real
 * one made longer: the lines of a corpus file (docs.oracle.com's, one group of Disallow lines)
 * until it is 526 KB, as a site's file that outgrew the limit.
 */
class TruncatedFileCliTest {

  static final Path CORPUS = Path.of("src/test/resources/corpus/real-robots/protego__docs.oracle.com");
  static final int SIZE = 526_000;

  @TempDir
  static Path dir;
  static Path big;
  /** The first line not parsed: the one the limit falls in. */
  static int cutLine;
  /** That line's text, whose rule must not decide. */
  static String cutText;

  @BeforeAll
  static void buildTheFile() throws IOException {
    List<String> lines = Files.readAllLines(CORPUS, StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<String> written = new ArrayList<>();
    for (int i = 0; out.size() < SIZE; i++) {
      byte[] line = (lines.get(i) + "\n").getBytes(StandardCharsets.UTF_8);
      out.write(line);
      written.add(lines.get(i));
    }
    big = dir.resolve("big-robots.txt");
    Files.write(big, out.toByteArray());
    // Where the limit falls, counted here independently of the parser: the first line whose end
    // (its terminator included) is past the limit.
    long end = 0;
    for (int i = 0; i < written.size(); i++) {
      end += written.get(i).getBytes(StandardCharsets.UTF_8).length + 1;
      if (end > ParseOptions.DEFAULT_MAX_BYTES) {
        cutLine = i + 1;
        cutText = written.get(i);
        break;
      }
    }
    assertThat(Files.size(big)).isBetween((long) SIZE, SIZE + 1_000L);
    assertThat(cutLine).as("the line the limit falls in").isGreaterThan(1000).isLessThan(written.size());
  }

  /** The diagnostic every command prints, in lint's form. */
  static String notice() {
    return big + ":" + cutLine + ":1: warning file-truncated the file is over the limit of " + ParseOptions.DEFAULT_MAX_BYTES
        + " bytes: line " + cutLine + " and all after it are not parsed";
  }

  @ParameterizedTest(name = "acap {0}")
  @CsvSource(delimiter = '|', value = {
      "check --robots FILE --crawler examplebot /x",
      "explain --robots FILE --crawler examplebot /x",
      "hints --robots FILE --crawler examplebot",
      "audit --robots FILE --crawler examplebot",
      "parse FILE",
      "report FILE",
      "diff FILE FILE"})
  void theCommandSaysWhereReadingStopped(String command) {
    List<String> args = new ArrayList<>();
    for (String a : command.split(" ")) {
      args.add(a.equals("FILE") ? big.toString() : a);
    }
    AcapRun.Result r = AcapRun.run(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.errLines()).as("standard error").contains(notice());
    // one line per file read (diff reads it twice), nothing else about it
    assertThat(r.errLines().stream().filter(l -> l.contains("file-truncated")))
        .hasSize(command.startsWith("diff") ? 2 : 1);
  }

  @Test
  void lintReportsItAmongItsFindings() {
    AcapRun.Result r = AcapRun.run("lint", big.toString());
    assertThat(r.out()).contains(notice());
  }

  @Test
  void aBatchSaysSoOnceForTheFileAndDecidesOnWhatWasRead() {
    String line = "{\"robots\": \"" + big + "\", \"crawler\": \"examplebot\", \"url\": \"/x\"}\n";
    AcapRun.Result r = AcapRun.runWithInput(line + line + line, "check", "--requests", "-");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.outLines()).hasSize(3);
    assertThat(r.errLines()).containsExactly(notice());
  }

  @Test
  void theLinePastTheLimitDecidesNothing() {
    assertThat(cutText).startsWith("Disallow: /");
    String path = cutText.substring("Disallow: ".length()).strip();
    AcapRun.Result r = AcapRun.run("check", "--robots", big.toString(), "--crawler", "examplebot", "--format", "jsonl", path);
    assertThat(r.out()).contains("\"allowed\":true").doesNotContain("line\":" + cutLine + ",");
    assertThat(r.errLines()).containsExactly(notice());
  }
}
