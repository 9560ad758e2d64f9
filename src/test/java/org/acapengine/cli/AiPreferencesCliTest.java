package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** --tdmrep and --content-usage on the command line: decisions, jsonl, and bad input as one line. */
class AiPreferencesCliTest {

  @ParameterizedTest(name = "[{index}] acap {0}")
  @CsvSource(delimiter = '|', value = {
      "check --tdmrep docs/examples/tdmrep.json --crawler a --purpose ai-train --usage index --format jsonl /images/x.png"
          + " | \"allowed\":false,\"basis\":\"tdmrep\",\"line\":2,\"source\":\"docs/examples/tdmrep.json\"",
      "check --robots docs/examples/ai-robots.txt --crawler GPTBot --purpose ai-train --usage index --format jsonl /a"
          + " | \"allowed\":false,\"basis\":\"content-signal\",\"line\":8,\"source\":\"docs/examples/ai-robots.txt\"",
      "check --content-usage train-ai=n --crawler a --purpose train-ai --usage index --format jsonl /a"
          + " | \"allowed\":false,\"basis\":\"content-usage\",\"line\":null,\"source\":\"Content-Usage header\",\"text\":\"train-ai=n\"",
  })
  void theDecidingSignalIsInTheJsonLine(String args, String fragment) {
    AcapRun.Result r = AcapRun.run(args.strip().split(" +"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains(fragment.strip());
  }

  @ParameterizedTest(name = "[{index}] acap {0}")
  @CsvSource(delimiter = '|', value = {
      "check --tdmrep nope.json --crawler a /x                       | cannot read nope.json: no such file",
      "check --tdmrep https://example.com/.well-known/tdmrep.json --crawler a /x | a URL is fetched only when network access is allowed (--fetch-references)",
  })
  void anUnreadableTdmRepIsOneLine(String args, String message) {
    AcapRun.Result r = AcapRun.run(args.strip().split(" +"));
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).singleElement().asString().startsWith("acap: ").contains(message);
  }

  @ParameterizedTest(name = "[{index}] stdin")
  @CsvSource(delimiter = '|', value = {"--tdmrep - --robots - | --robots - and --tdmrep - both"})
  void standardInputOnce(String options, String readers) {
    String[] args = ("check " + options + " --crawler a /x").split(" +");
    AcapRun.Result r = AcapRun.runWithInput("[]".getBytes(StandardCharsets.UTF_8), args);
    assertThat(r.errLines()).containsExactly("acap: standard input can feed only one input, but " + readers + " read it");
  }
}
