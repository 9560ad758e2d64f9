package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.testing.AcapRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Misspelt commands and options are refused with picocli's nearest name; standard error decides the progress bar. */
class CommandLineConventionsTest {

  @ParameterizedTest(name = "[{index}] acap {0}")
  @CsvSource(delimiter = '|', value = {
      "chek --robots grammars-samples/site-example.robots.txt --crawler a /x | (did you mean 'check'?)",
      "explian --crawler a /x                                              | (did you mean 'explain'?)",
      "check --crawlr a --robots grammars-samples/site-example.robots.txt /x | (did you mean '--crawler'?)",
      "lint --strictt grammars-samples/site-example.robots.txt              | (did you mean '--strict'?)",
  })
  void aMisspeltNameGetsOneLineWithTheNearestName(String args, String suggestion) {
    AcapRun.Result r = AcapRun.run(args.strip().split(" +"));
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).singleElement().asString().startsWith("acap: ").endsWith(suggestion);
    assertThat(r.out()).isEmpty();
  }

  @ParameterizedTest(name = "[{index}] ACAP_STDERR_TTY={0} CI={1} fd2={2}")
  @CsvSource(delimiter = '|', nullValues = "-", value = {
      "1 | -    | /tmp/log     | true",
      "0 | -    | /dev/pts/0   | false",
      "1 | true | /dev/pts/0   | false",
      "- | -    | /dev/pts/3   | true",
      "- | -    | /dev/tty1    | true",
      "- | -    | /tmp/log     | false",
      "- | -    | pipe:[12345] | false",
      "- | -    | -            | false",
      "- | TRUE | /dev/pts/3   | false",
  })
  void theProgressBarFollowsStandardError(String launcherSays, String ci, String fd2, boolean terminal) {
    assertThat(Main.stderrIsTerminal(launcherSays, ci, fd2)).isEqualTo(terminal);
  }
}
