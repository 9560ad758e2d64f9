package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;

/**
 * Policy files are untrusted: an ESC sequence in a robots.txt, crawl file or llm-policy.json must
 * not reach a terminal through text output (it could recolour or rewrite what the reader sees).
 * Before, every text view quoted such lines raw.
 */
class ControlCharactersCliTest {

  private static final String ESC = "\u001b";

  @Test
  void checkAndExplainEscapeControlCharactersOfRobotsTxtLines() {
    String robots = "User-agent: *\nDisallow: /a" + ESC + "[2J\n";
    AcapRun.Result check = AcapRun.runWithInput(robots, "check", "--robots", "-", "--crawler", "b", "/a%1B[2J");
    assertThat(check.out()).doesNotContain(ESC).contains("Disallow: /a\\u001B[2J");
    AcapRun.Result explain = AcapRun.runWithInput(robots, "explain", "--robots", "-", "--crawler", "b", "/a%1B[2J");
    assertThat(explain.out()).doesNotContain(ESC).contains("\\u001B[2J");
    AcapRun.Result parse = AcapRun.runWithInput(robots, "parse", "-");
    assertThat(parse.out()).doesNotContain(ESC);
  }

  @Test
  void aCrawlFileLineNotUnderstoodIsQuotedSafely() {
    AcapRun.Result check = AcapRun.runWithInput("\u009b31m\nc/\n", "check", "--scorpion", "-", "--crawler", "b", "/x");
    assertThat(check.out()).doesNotContain("\u009b").contains("prohibited");
    AcapRun.Result explain = AcapRun.runWithInput("c/\n" + ESC + "[31m\n", "explain", "--scorpion", "-", "--crawler", "b", "/x");
    assertThat(explain.out()).doesNotContain(ESC).contains("\\u001B[31m");
  }

  @Test
  void convertDiagnosticsAreQuotedSafely() {
    AcapRun.Result r = AcapRun.runWithInput("{\"profile\":\"evil" + "\\u001b[2J\"}", "convert", "--from", "tct", "-");
    assertThat(r.err()).contains("unknown profile").doesNotContain(ESC);
  }
}
