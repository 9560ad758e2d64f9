package org.acapengine.cli;

import static org.acapengine.testing.AcapRun.ROBOTS;
import static org.acapengine.testing.AcapRun.SCORPION;
import static org.acapengine.testing.AcapRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Malformed inputs of each format through the CLI: a warning or a reason, a usable partial result, exit 0. */
class MalformedInputCliTest {

  static final String M = "src/test/resources/site/malformed/";

  @TempDir
  Path dir;

  /** An llm-policy.json rejected whole: one warning line, and the decisions are those without it. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "src/test/resources/adapters/tct/truncated.json | :5:25: error tct-not-json policy descriptor is not JSON",
      M + "trailing-comma.json  | :1:67: error tct-not-json policy descriptor is not JSON",
      M + "top-level-array.json | :1:1: error tct-not-object the top level of the policy descriptor is an array, not an object; ignored as if absent",
      M + "bad-utf8.json        | :1:58: error tct-bad-encoding policy descriptor is not UTF-8",
  })
  void aRejectedLlmPolicyIsAWarningAndAsIfAbsent(String file, String message) {
    String[] query = {"--crawler", "examplebot", "--purpose", "ai-train", "--usage", "crawl,index,present", "/news/a", "/drafts/b"};
    AcapRun.Result with = run(concat(new String[] {"check", "--robots", ROBOTS, "--scorpion", SCORPION, "--llm-policy", file}, query));
    AcapRun.Result without = run(concat(new String[] {"check", "--robots", ROBOTS, "--scorpion", SCORPION}, query));
    assertThat(with.exitCode()).isZero();
    assertThat(with.errLines()).singleElement().asString().startsWith(file + message);
    assertThat(with.out()).isEqualTo(without.out());
  }

  @Test
  void anLlmPolicyWithMalformedMembersIsUsedForWhatIsValid() {
    AcapRun.Result r = run("check", "--llm-policy", "src/test/resources/adapters/tct/malformed-members.json", "--crawler", "bot",
        "--purpose", "ai-train", "--usage", "index", "/a");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("prohibited  index  /a  (other-source, src/test/resources/adapters/tct/malformed-members.json:12: "
        + "purposes.allow_ai_train: false)");
  }

  @Test
  void aCrawlFileNotUnderstoodProhibitsCrawlingAndSaysWhy() {
    AcapRun.Result check = run("check", "--scorpion", M + "garbage.crawl", "--crawler", "bot", "--usage", "crawl,index", "/public/a");
    assertThat(check.exitCode()).isZero();
    assertThat(check.outLines()).containsExactly(
        "prohibited  crawl  /public/a  (other-source, " + M + "garbage.crawl:2: \\u0000\\u0001\\u0002binary)",
        "allowed     index  /public/a  (default)  note: crawling /public/a is prohibited for bot (src/test/resources/site/malformed/garbage.crawl:2:"
            + " \\u0000\\u0001\\u0002binary): it cannot fetch the page at all; this answer is about using content it got some other way");
    AcapRun.Result explain = run("explain", "--scorpion", M + "garbage.crawl", "--crawler", "bot", "/public/a");
    assertThat(explain.out()).contains("prohibited — the crawl policy is not understood for this crawler, so it may crawl nothing: "
        + "line 2: unknown command byte 0x00");
  }

  @Test
  void anOversizedCrawlFileProhibitsCrawlingForEveryone() throws Exception {
    Path big = dir.resolve("crawl");
    Files.write(big, ("c/" + "x".repeat(600 * 1024) + "\n").getBytes());
    AcapRun.Result r = run("check", "--scorpion", big.toString(), "--crawler", "bot", "/a");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith("prohibited  crawl  /a  (other-source, " + big + ": (not understood: the file is larger than the size limit))");
  }

  @Test
  void aRobotsTxtWithJunkStillDecides() {
    AcapRun.Result r = run("check", "--robots", M + "robots-junk.txt", "--crawler", "bot", "--usage", "crawl,index", "/private/a", "/y/b", "/public/c");
    assertThat(r.exitCode()).isZero();
    assertThat(r.outLines()).containsExactly(
        "prohibited  crawl  /private/a  (conventional-rule, " + M + "robots-junk.txt:7: Disallow: /private/)",
        "allowed     index  /private/a  (default)  note: crawling /private/a is prohibited for bot (src/test/resources/site/malformed/robots-junk.txt:7:"
            + " Disallow: /private/): it cannot fetch the page at all; this answer is about using content it got some other way",
        "allowed     crawl  /y/b  (default)",
        "prohibited  index  /y/b  (acap-field, " + M + "robots-junk.txt:11: ACAP-disallow-index: /y/)",
        "allowed     crawl  /public/c  (default)",
        "allowed     index  /public/c  (default)");
    AcapRun.Result hints = run("hints", "--robots", M + "robots-junk.txt", "--crawler", "bot");
    assertThat(hints.exitCode()).isZero();
    assertThat(hints.outLines()).hasSize(7).allSatisfy(l -> assertThat(l).endsWith(" -"));
  }

  @Test
  void allThreeMalformedAtOnce() {
    AcapRun.Result r = run("explain", "--robots", M + "robots-junk.txt", "--llm-policy", M + "trailing-comma.json",
        "--scorpion", M + "garbage.crawl", "--crawler", "bot", "/private/a");
    assertThat(r.exitCode()).isZero();
    // One warning for the llm-policy.json rejected whole, and the Scorpion file's own diagnostics,
    // each in lint's form FILE:LINE:COL: severity code message.
    assertThat(r.errLines()).isNotEmpty().allSatisfy(l -> assertThat(l).matches("\\S+:\\d+:\\d+: (error|warning|info) [a-z0-9-]+ .*"));
    assertThat(r.errLines()).anySatisfy(l -> assertThat(l).contains("trailing-comma.json"))
        .anySatisfy(l -> assertThat(l).contains("garbage.crawl"));
    assertThat(r.out()).contains("verdict: PROHIBITED (conventional-rule, decided by " + M + "robots-junk.txt)")
        .contains("scorpion " + M + "garbage.crawl: prohibited — the crawl policy is not understood");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
