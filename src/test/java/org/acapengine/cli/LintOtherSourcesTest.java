package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code acap lint --llm-policy FILE --tdmrep FILE}: where the site's other policy files and the
 * robots.txt disagree for a crawler and purpose (preference-divergence), and bad files as one line.
 */
class LintOtherSourcesTest {

  static final String ROBOTS = "src/test/resources/lint/sources/robots.txt";
  static final String TDMREP = "src/test/resources/lint/sources/tdmrep.json";
  static final String LLM = "docs/examples/llm-policy.json";

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', nullValues = "none", value = {
      // The robots.txt alone agrees with itself.
      "''                                  | none",
      // llm-policy.json refuses ai-train (allow_ai_train false) where Content-Signal says ai-train=yes;
      // allow_ai_input true restricts nothing (docs/formats.md), so ai-input=no does not diverge.
      "--llm-policy " + LLM + "             | " + ROBOTS + ":2:1: warning preference-divergence *, purpose ai-train: line 2 (content-signal) allows using the content, "
          + LLM + " line 13 (llm-policy.json) refuses it",
      // A TDMRep reservation refuses ai-input and ai-train; ai-input=no agrees, ai-train=yes does not.
      "--tdmrep " + TDMREP + "              | " + ROBOTS + ":2:1: warning preference-divergence *, purpose ai-train: line 2 (content-signal) allows using the content, "
          + TDMREP + " line 2 (tdmrep) refuses it",
  })
  void divergenceWithTheSitesOtherFiles(String options, String finding) {
    String[] args = ("lint " + options + " " + ROBOTS).strip().split(" +");
    AcapRun.Result r = AcapRun.run(args);
    assertThat(r.exitCode()).as(r.err()).isZero();
    if (finding == null) {
      assertThat(r.outLines()).containsExactly("1 file linted: 0 errors, 0 warnings, 0 info");
    } else {
      assertThat(r.outLines()).containsExactly(finding.strip(), "1 file linted: 0 errors, 1 warning, 0 info");
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "--tdmrep nope.json                    | acap: cannot read nope.json: no such file",
      "--tdmrep -                            | acap: lint reads --llm-policy, --tdmrep and --rsl from local files only: -",
      "--llm-policy https://example.com/x    | acap: lint reads --llm-policy, --tdmrep and --rsl from local files only: https://example.com/x",
      "--rsl nope.xml                        | acap: cannot read nope.xml: no such file",
      "--rsl https://example.com/l.xml       | acap: lint reads --llm-policy, --tdmrep and --rsl from local files only: https://example.com/l.xml",
  })
  void aBadOtherFileIsOneLine(String options, String message) {
    AcapRun.Result r = AcapRun.run(("lint " + options + " " + ROBOTS).strip().split(" +"));
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).singleElement().asString().startsWith(message.strip());
  }

  /**
   * An llm-policy.json rejected whole is read as check reads it, as if the site had none (so
   * nothing diverges from it), and its rejection is a finding of its own, failing the run.
   */
  @Test
  void aRejectedLlmPolicyIsAFindingAndAsIfAbsent() {
    AcapRun.Result r = AcapRun.run("lint", "--llm-policy", ROBOTS, ROBOTS);
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.FINDINGS);
    assertThat(r.err()).isEmpty();
    assertThat(r.outLines()).hasSize(2);
    assertThat(r.outLines().get(0)).startsWith(ROBOTS + ":1:5: error tct-not-json policy descriptor is not JSON").endsWith("; ignored as if absent");
    assertThat(r.outLines().get(1)).isEqualTo("1 file linted: 1 error, 0 warnings, 0 info");
    // The selection applies to it as to every finding.
    AcapRun.Result selected = AcapRun.run("lint", "--select", "preference-divergence", "--llm-policy", ROBOTS, ROBOTS);
    assertThat(selected.exitCode()).as(selected.err()).isZero();
    assertThat(selected.outLines()).containsExactly("1 file linted: 0 errors, 0 warnings, 0 info");
  }
}
