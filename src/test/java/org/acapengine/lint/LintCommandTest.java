package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.cli.LintCommand;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code acap lint} on the command line: options, exit codes, several files, standard input. */
class LintCommandTest {

  @TempDir
  Path dir;

  private Path file(String name, String content) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  private static final String CLEAN = "User-agent: *\nDisallow: /private/\n";
  private static final String ERROR = "##ACAP version=1.0\nACAP-crawler: *\nACAP-alow-crawl: /\nACAP-allow-index: /\n";
  private static final String WARNING = "User-agent: *\nDisallow: /private/\nDisallow: /private/\n";
  private static final String INFO = "User-agent: *\nCrawl-delay: 5\nDisallow: /private/\n";

  @Test
  void aCleanFileExitsZeroWithASummary() throws Exception {
    AcapRun.Result r = AcapRun.run("lint", file("robots.txt", CLEAN).toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).isEqualTo("1 file linted: 0 errors, 0 warnings, 0 info\n");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void anErrorExitsOneAndNamesFileLineAndColumn() throws Exception {
    Path f = file("robots.txt", ERROR);
    AcapRun.Result r = AcapRun.run("lint", f.toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.out()).startsWith(f + ":3:1: error unknown-acap-field 'ACAP-alow-crawl' is no ACAP field")
        .endsWith("1 file linted: 1 error, 0 warnings, 0 info\n");
  }

  @Test
  void warningsFailOnlyWithStrictOrFailOnWarning() throws Exception {
    String f = file("robots.txt", WARNING).toString();
    assertThat(AcapRun.run("lint", f).exitCode()).isZero();
    assertThat(AcapRun.run("lint", "--fail-on", "error", f).exitCode()).isZero();
    assertThat(AcapRun.run("lint", "--strict", f).exitCode()).isEqualTo(1);
    assertThat(AcapRun.run("lint", "--fail-on", "warning", f).exitCode()).isEqualTo(1);
    assertThat(AcapRun.run("lint", "--strict", "--fail-on", "error", f).exitCode()).as("--strict wins").isEqualTo(1);
  }

  @Test
  void infoNeverFails() throws Exception {
    AcapRun.Result r = AcapRun.run("lint", "--strict", file("robots.txt", INFO).toString());
    assertThat(r.out()).contains(" info extension-field ");
    assertThat(r.exitCode()).isZero();
  }

  @Test
  void severalFilesInOneRunInTheOrderGiven() throws Exception {
    String a = file("a.txt", WARNING).toString();
    String b = file("b.txt", ERROR).toString();
    AcapRun.Result r = AcapRun.run("lint", b, a);
    assertThat(r.exitCode()).isEqualTo(1);
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).startsWith(b + ":");
    assertThat(lines.get(lines.size() - 2)).startsWith(a + ":");
    assertThat(lines.get(lines.size() - 1)).isEqualTo("2 files linted: 1 error, 1 warning, 0 info");
  }

  @Test
  void dashReadsStandardInput() throws Exception {
    AcapRun.Result r = AcapRun.runWithInput(ERROR.getBytes(StandardCharsets.UTF_8), "lint", "--format", "json", "-");
    assertThat(r.exitCode()).isEqualTo(1);
    JsonNode findings = Json.MAPPER.readTree(r.out());
    assertThat(findings).hasSize(1);
    assertThat(findings.get(0).get("file").asText()).isEqualTo("-");
    assertThat(findings.get(0).get("code").asText()).isEqualTo("unknown-acap-field");
  }

  @Test
  void standardInputOnlyOnce() {
    AcapRun.Result r = AcapRun.run("lint", "-", "-");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("acap: standard input (-) can be named only once\n");
  }

  @Test
  void anUnreadableFileExitsTwoWithOneLineAndNoOutput() throws Exception {
    String good = file("robots.txt", ERROR).toString();
    String missing = dir.resolve("missing.txt").toString();
    AcapRun.Result r = AcapRun.run("lint", good, missing);
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("acap: cannot read " + missing + ": no such file\n");
    AcapRun.Result d = AcapRun.run("lint", dir.toString());
    assertThat(d.exitCode()).isEqualTo(2);
    assertThat(d.err()).isEqualTo("acap: cannot read " + dir + ": it is a directory\n");
  }

  @Test
  void badArgumentsExitTwoWithOneLine() throws Exception {
    String f = file("robots.txt", CLEAN).toString();
    for (String[] args : List.of(
        new String[] {"lint"},
        new String[] {"lint", "--format", "xml", f},
        new String[] {"lint", "--fail-on", "info", f},
        new String[] {"lint", "--today", "2025-13-01", f},
        new String[] {"lint", "--max-bytes", "0", f},
        new String[] {"lint", "--no-such-option", f})) {
      AcapRun.Result r = AcapRun.run(args);
      assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.out()).isEmpty();
      assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).startsWith("acap: ");
    }
  }

  @Test
  void listRulesPrintsEveryCodeWithSeverityTitleAndHelp() throws Exception {
    AcapRun.Result text = AcapRun.run("lint", "--list-rules");
    assertThat(text.exitCode()).isZero();
    for (Rule rule : LintRules.all()) {
      assertThat(text.out()).contains(rule.code()).contains(rule.title()).contains(rule.help());
    }
    assertThat(text.out()).containsPattern("(?m)^unknown-acap-field +error +parser +a line starting 'ACAP-'")
        .containsPattern("(?m)^divergence +warning +lint +");
    AcapRun.Result json = AcapRun.run("lint", "--list-rules", "--format", "json");
    JsonNode rules = Json.MAPPER.readTree(json.out());
    assertThat(rules).hasSize(LintRules.all().size());
    assertThat(rules.get(0).fieldNames()).toIterable().containsExactly("code", "severity", "origin", "title", "help");
  }

  @Test
  void todayComesFromTheClockUnlessGiven() throws Exception {
    String f = file("robots.txt", "##ACAP version=1.0\nACAP-crawler: *\nACAP-allow-preserve: / time-limit=until-2030-01-01\n").toString();
    LintCommand before = new LintCommand(Clock.fixed(Instant.parse("2029-12-31T12:00:00Z"), ZoneOffset.UTC));
    LintCommand after = new LintCommand(Clock.fixed(Instant.parse("2030-01-02T12:00:00Z"), ZoneOffset.UTC));
    assertThat(AcapRun.setup().replace("lint", before).run("lint", f).out()).doesNotContain("past-time-limit");
    assertThat(AcapRun.setup().replace("lint", after).run("lint", f).out()).contains("past-time-limit").contains("today is 2030-01-02");
    assertThat(AcapRun.setup().replace("lint", after).run("lint", "--today", "2029-06-01", f).out()).doesNotContain("past-time-limit");
  }

  @Test
  void referencesAreLoadedOnlyWhenAsked() throws Exception {
    String f = file("robots.txt", "##ACAP version=1.0\nACAP-crawler: newsbot\nACAP-permissions-reference: /newsbot.txt\n").toString();
    assertThat(AcapRun.run("lint", f).out()).doesNotContain("permissions-reference");
    AcapRun.Result missing = AcapRun.run("lint", "--resolve-references", f);
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.out()).contains("error unresolved-permissions-reference");
    file("newsbot.txt", "##ACAP version=1.0\nACAP-crawler: newsbot\nACAP-allow-index: /\n");
    AcapRun.Result loaded = AcapRun.run("lint", "--resolve-references", f);
    assertThat(loaded.exitCode()).isZero();
    assertThat(loaded.out()).isEqualTo("1 file linted: 0 errors, 0 warnings, 0 info\n");
  }

  @Test
  void everyFormatListsTheSameFindings() throws Exception {
    String f = file("robots.txt", "##ACAP version=1.0\nUser-agent: *\nDisallow: /x\nACAP-crawler: *\nACAP-alow-crawl: /\nACAP-allow-index: /\nCrawl-delay: 3\n").toString();
    List<String> perFormat = new ArrayList<>();
    for (String format : List.of("text", "json", "sarif", "github")) {
      AcapRun.Result r = AcapRun.run("lint", "--format", format, f);
      assertThat(r.exitCode()).as(format).isEqualTo(1);
      perFormat.add(r.out());
    }
    assertThat(perFormat.get(0)).contains("error unknown-acap-field").contains("warning conventional-field-in-acap-record");
    assertThat(Json.MAPPER.readTree(perFormat.get(1))).hasSize(3);
    assertThat(Json.MAPPER.readTree(perFormat.get(2)).at("/runs/0/results")).hasSize(3);
    assertThat(perFormat.get(3).lines()).hasSize(3)
        .anyMatch(l -> l.startsWith("::error file=" + f.replace(":", "%3A") + ",line=5,col=1,"))
        .anyMatch(l -> l.startsWith("::warning "))
        .anyMatch(l -> l.startsWith("::notice "));
  }
}
