package org.acapengine.cli;

import static org.acapengine.testing.AcapRun.LLM;
import static org.acapengine.testing.AcapRun.NOW;
import static org.acapengine.testing.AcapRun.SCORPION;
import static org.acapengine.testing.AcapRun.run;
import static org.acapengine.testing.AcapRun.runWithInput;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.acapengine.model.Obligation;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code acap convert --from tct|scorpion}: ACAP text that decides as the source does, through the CLI. */
class ConvertCliTest {

  @TempDir
  Path dir;

  /** The non-comment, non-blank lines; every converted text starts with the version line. */
  static List<String> fields(String acap) {
    assertThat(acap).startsWith("##ACAP version=1.0\n");
    return acap.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
  }

  @Test
  void tctBecomesOneSubRecordPerProhibitedPurpose() {
    AcapRun.Result r = run("convert", "--from", "tct", LLM);
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(fields(r.out())).containsExactly("ACAP-crawler: *", "ACAP-usage-purpose: ai-train",
        "ACAP-disallow-index: /", "ACAP-disallow-preserve: /", "ACAP-disallow-present: /",
        "ACAP-disallow-other: *", "ACAP-allow-crawl: *", "ACAP-allow-follow: *");
    assertThat(r.out()).contains("# Obligations on every use that is not prohibited (ACAP cannot carry them): attribution_required, link_back_required.")
        .contains("# Effective from 2025-10-01T00:00:00Z.")
        .contains("# Policy URL contact: https://example.com/contact/");
    assertThat(new RobotsTxtParser().parse(r.out(), "converted").diagnostics()).isEmpty();
  }

  @Test
  void tctConversionDecidesAsTheLlmPolicyThroughTheCli() throws Exception {
    Path converted = dir.resolve("robots.txt");
    Files.writeString(converted, run("convert", "--from", "tct", "--to", "acap", LLM).out());
    for (String purpose : List.of("search", "ai-input", "ai-train")) {
      String usages = "crawl,follow,index,preserve,present,present-snippet,other";
      AcapRun.Result fromJson = run("check", "--llm-policy", LLM, "--now", NOW, "--crawler", "bot", "--purpose", purpose, "--usage", usages, "/a");
      AcapRun.Result fromAcap = run("check", "--robots", converted.toString(), "--crawler", "bot", "--purpose", purpose, "--usage", usages, "/a");
      assertThat(verdicts(fromAcap)).as(purpose).isEqualTo(verdicts(fromJson));
    }
  }

  @Test
  void scorpionBecomesTheRecordOfTheCrawlerAndPurposeAsked() {
    AcapRun.Result r = run("convert", "--from", "scorpion", SCORPION, "--crawler", "examplebot", "--purpose", "mirror");
    assertThat(r.exitCode()).isZero();
    assertThat(fields(r.out())).containsExactly("ACAP-crawler: examplebot",
        "ACAP-disallow-crawl: /private/", "ACAP-disallow-crawl: /news/archive/", "ACAP-allow-crawl: /");
    assertThat(r.out()).contains("# Not carried by ACAP: line 3 (d/search) marks probably dynamic files")
        .contains("# Not carried by ACAP: line 7 (D10): wait 10 s after each file.")
        .contains("# Dropped the implicit final C/: line 10 (c/) always matches first.");
    assertThat(new RobotsTxtParser().parse(r.out(), "converted").diagnostics()).isEmpty();
  }

  @Test
  void scorpionWithoutCrawlerIsTheEmptyNamesSection() {
    AcapRun.Result r = run("convert", "--from", "scorpion", SCORPION);
    assertThat(fields(r.out())).containsExactly("ACAP-crawler: *",
        "ACAP-disallow-crawl: /private/", "ACAP-allow-crawl: /", "ACAP-disallow-index: /drafts/", "ACAP-allow-index: /");
  }

  @Test
  void scorpionConversionDecidesAsTheCrawlFileThroughTheCli() throws Exception {
    Path converted = dir.resolve("robots.txt");
    Files.writeString(converted, run("convert", "--from", "scorpion", SCORPION, "--crawler", "examplebot", "--purpose", "mirror").out());
    String[] paths = {"/", "/private/a", "/news/archive/2019", "/news/today", "/drafts/x", "/search?q=1"};
    for (String usage : List.of("crawl", "index")) {
      AcapRun.Result fromCrawl = run(concat(new String[] {"check", "--scorpion", SCORPION, "--crawler", "examplebot", "--purpose", "mirror", "--usage", usage}, paths));
      AcapRun.Result fromAcap = run(concat(new String[] {"check", "--robots", converted.toString(), "--crawler", "examplebot", "--purpose", "mirror", "--usage", usage}, paths));
      assertThat(verdicts(fromAcap)).as(usage).isEqualTo(verdicts(fromCrawl));
    }
  }

  @Test
  void standardInputIsTheDash() throws Exception {
    AcapRun.Result tct = runWithInput(Files.readAllBytes(Path.of(LLM)), "convert", "--from", "tct", "-");
    assertThat(tct.exitCode()).isZero();
    assertThat(tct.out()).contains("policy descriptor - (profile tct-policy-1, version 3)").contains("ACAP-usage-purpose: ai-train");
    AcapRun.Result scorpion = runWithInput("C/x\nc/\n", "convert", "--from", "SCORPION", "-", "--crawler", "bot");
    assertThat(fields(scorpion.out())).containsExactly("ACAP-crawler: bot", "ACAP-disallow-crawl: /x", "ACAP-allow-crawl: /");
  }

  /** Before: only file-level findings were reported, so a file not understood for the crawler said nothing on stderr. */
  @Test
  void aScorpionFileNotUnderstoodIsReportedAndConvertedToCrawlNothing() {
    AcapRun.Result r = runWithInput("c/\nQfuture\n", "convert", "--from", "scorpion", "-", "--crawler", "bot");
    assertThat(r.exitCode()).isZero();
    assertThat(fields(r.out())).containsExactly("ACAP-crawler: bot", "ACAP-disallow-crawl: /");
    assertThat(r.out()).contains("not understood for this crawler (line 2: unknown command byte 'Q' (0x51))");
    assertThat(r.errLines()).containsExactly("-:2:1: error scorpion-not-understood unknown command byte 'Q' (0x51); bit 5 of the command byte"
        + " is clear, so the whole file is not understood and the crawler may crawl nothing");
  }

  @Test
  void scorpionLinesSkippedForTheCrawlerAreReportedAsInfo() {
    AcapRun.Result r = runWithInput("c/\nqfuture\n@other\nQignored\n", "convert", "--from", "scorpion", "-", "--crawler", "bot");
    assertThat(r.exitCode()).isZero();
    assertThat(fields(r.out())).containsExactly("ACAP-crawler: bot", "ACAP-allow-crawl: /");
    assertThat(r.errLines()).as("line 4 is not effective for bot, so it is not examined")
        .containsExactly("-:2:1: info scorpion-skipped-line line skipped: unknown command byte 'q' (0x71) (bit 5 of the command byte is set, so it may be skipped)");
  }

  @Test
  void aTruncatedLlmPolicyIsNotConverted() {
    AcapRun.Result r = run("convert", "--from", "tct", "src/test/resources/adapters/tct/truncated.json");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).singleElement().asString()
        .startsWith("acap: src/test/resources/adapters/tct/truncated.json:5:25: not a usable llm-policy.json: policy descriptor is not JSON: ");
  }

  @Test
  void malformedMembersAreReportedAndTheValidOnesConverted() {
    AcapRun.Result r = run("convert", "--from", "tct", "src/test/resources/adapters/tct/malformed-members.json");
    assertThat(r.exitCode()).isZero();
    assertThat(r.errLines()).isNotEmpty().allSatisfy(l -> assertThat(l).matches("src/test/resources/adapters/tct/malformed-members.json:\\d+:\\d+: (warning|info) tct-[a-z-]+ .*"));
    assertThat(fields(r.out())).contains("ACAP-usage-purpose: ai-train").doesNotContain("ACAP-usage-purpose: ai-input");
  }

  private static List<String> verdicts(AcapRun.Result r) {
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r.outLines().stream().map(l -> l.substring(0, l.indexOf("  (")).replaceAll(" +", " ")).toList();
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
