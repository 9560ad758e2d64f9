package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code acap parse}, run in-process against in-memory streams. */
class ParseCommandTest {

  @TempDir
  Path dir;

  static AcapRun.Result run(byte[] stdin, String... args) {
    return AcapRun.runWithInput(stdin, args);
  }

  static AcapRun.Result run(String... args) {
    return AcapRun.run(args);
  }

  private static JsonNode json(AcapRun.Result r) throws IOException {
    return Json.MAPPER.readTree(r.out());
  }

  private Path file(String name, byte[] content) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, content);
    return p;
  }

  private static final String ROBOTS = "User-agent: *\nDisallow: /private/\n\nACAP-crawler: *\nACAP-disallow-crawl: /private/\n";

  @Test
  void textFormatIsTheDefault() throws IOException {
    Path f = file("robots.txt", ROBOTS.getBytes(StandardCharsets.UTF_8));
    AcapRun.Result r = run("parse", f.toString());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).startsWith(f + ": 5 lines, " + ROBOTS.length() + " bytes\n");
    assertThat(r.out()).contains("conventional groups: 1").contains("line 5: disallow crawl /private/").contains("diagnostics: 0");
    assertThat(run("parse", "--format", "text", f.toString()).out()).isEqualTo(r.out());
  }

  @Test
  void jsonFormat() throws IOException {
    Path f = file("robots.txt", ROBOTS.getBytes(StandardCharsets.UTF_8));
    AcapRun.Result r = run("parse", "--format", "json", f.toString());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(r.err()).isEmpty();
    JsonNode json = json(r);
    assertThat(json.at("/source/name").asText()).isEqualTo(f.toString());
    assertThat(json.at("/source/bytes").asLong()).isEqualTo(ROBOTS.length());
    assertThat(json.at("/conventionalGroups/0/rules/0/pattern").asText()).isEqualTo("/private/");
    assertThat(json.at("/acapRecords/0/fields/0/kind").asText()).isEqualTo("prohibition");
    assertThat(json.at("/diagnostics").size()).isZero();
    assertThat(run("parse", "--format", "JSON", f.toString()).out()).isEqualTo(r.out());
  }

  @Test
  void dashReadsStandardInput() throws IOException {
    AcapRun.Result r = run(ROBOTS.getBytes(StandardCharsets.UTF_8), "parse", "--format", "json", "-");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(json(r).at("/source/name").asText()).isEqualTo("-");
    assertThat(json(r).at("/acapRecords/0/anyCrawler").asBoolean()).isTrue();
    AcapRun.Result text = run(ROBOTS.getBytes(StandardCharsets.UTF_8), "parse", "-");
    assertThat(text.out()).startsWith("-: 5 lines");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"empty", "html", "binary", "bom", "cr-only", "acap-junk"})
  void anyContentExitsZero(String kind) throws IOException {
    byte[] content = switch (kind) {
      case "empty" -> new byte[0];
      case "html" -> "<!DOCTYPE html>\n<html><body>Not found</body></html>\n".getBytes(StandardCharsets.UTF_8);
      case "binary" -> new byte[] {0, (byte) 0xFF, (byte) 0xFE, '\r', 0x7F, (byte) 0x80, '\n', ':', '#'};
      case "bom" -> new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'A', 'C', 'A', 'P', '-', ':', '\n'};
      case "cr-only" -> "User-agent: *\rDisallow: /\r".getBytes(StandardCharsets.US_ASCII);
      default -> "ACAP-crawler:\nACAP-allow-(: x\nACAP-alow-crawl /\n".getBytes(StandardCharsets.US_ASCII);
    };
    Path f = file(kind + ".txt", content);
    for (String format : new String[] {"text", "json"}) {
      AcapRun.Result r = run("parse", "--format", format, f.toString());
      assertThat(r.exitCode()).as(format).isEqualTo(ExitCodes.OK);
      assertThat(r.err()).as(format).isEmpty();
      assertThat(r.out()).as(format).isNotEmpty();
    }
    assertThat(run(content, "parse", "--format", "json", "-").exitCode()).isEqualTo(ExitCodes.OK);
  }

  @Test
  void maxBytesCutsTheInput() throws IOException {
    Path f = file("robots.txt", ROBOTS.getBytes(StandardCharsets.UTF_8));
    AcapRun.Result r = run("parse", "--format", "json", "--max-bytes", "20", f.toString());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(json(r).at("/source/truncated").asBoolean()).isTrue();
    assertThat(json(r).at("/source/lines").asInt()).isEqualTo(1);
    assertThat(json(r).at("/diagnostics/0/code").asText()).isEqualTo("file-truncated");
  }

  @Test
  void aMissingFileIsOneLineAndExitTwo() {
    AcapRun.Result r = run("parse", dir.resolve("nope.txt").toString());
    assertOneLineError(r, "no such file");
  }

  @Test
  void aDirectoryIsOneLineAndExitTwo() {
    AcapRun.Result r = run("parse", dir.toString());
    assertOneLineError(r, "directory");
  }

  @Test
  void aBadFormatIsOneLineAndExitTwo() throws IOException {
    Path f = file("robots.txt", ROBOTS.getBytes(StandardCharsets.UTF_8));
    AcapRun.Result r = run("parse", "--format", "yaml", f.toString());
    assertOneLineError(r, "yaml");
  }

  @Test
  void noArgumentsIsOneLineAndExitTwo() {
    assertOneLineError(run("parse"), "FILE");
    assertOneLineError(run(), "command");
  }

  @Test
  void aBadMaxBytesIsOneLineAndExitTwo() throws IOException {
    Path f = file("robots.txt", ROBOTS.getBytes(StandardCharsets.UTF_8));
    assertOneLineError(run("parse", "--max-bytes", "0", f.toString()), "max-bytes");
    assertOneLineError(run("parse", "--max-bytes", "lots", f.toString()), "lots");
  }

  @Test
  void helpExitsZero() {
    AcapRun.Result r = run("parse", "--help");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(r.out()).contains("--format").contains("FILE");
  }

  private static void assertOneLineError(AcapRun.Result r, String mentions) {
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).hasSize(1);
    assertThat(r.err()).endsWith("\n");
    assertThat(r.err().strip().split("\\R")).hasSize(1);
    assertThat(r.err()).startsWith("acap: ").containsIgnoringCase(mentions);
  }
}
