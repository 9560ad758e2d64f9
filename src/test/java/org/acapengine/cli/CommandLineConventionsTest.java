package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Callable;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.Command;

/**
 * Misspelt commands and options are refused with picocli's nearest name; whatever ends a run is
 * one line and exit code 2; standard error decides the progress bar.
 */
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

  /** A command that fails the way {@code what} names, with a message holding an escape sequence. */
  @Command(name = "check")
  static final class Failing implements Callable<Integer> {
    private final String what;

    Failing(String what) {
      this.what = what;
    }

    @Override
    public Integer call() {
      switch (what) {
        case "heap" -> throw new OutOfMemoryError("Java heap space");
        case "stack" -> throw new StackOverflowError();
        case "bug" -> throw new IllegalStateException("a bug\u001b[2J\nsecond line");
        default -> throw new AssertionError("an error that is no exception");
      }
    }
  }

  /**
   * Out of memory, a stack overflow and a bug each end the run with one escaped line and exit
   * code 2; {@code --debug}, wherever it stands, adds the stack trace after that line.
   */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "heap  | acap: out of memory: the input needs more than the ",
      "stack | acap: stack overflow: the input is nested more deeply than the stack allows (please report it; --debug shows where)",
      "bug   | acap: internal error: java.lang.IllegalStateException: a bug\\u001B[2J second line (please report it; --debug shows the stack trace)",
      "other | acap: internal error: java.lang.AssertionError: an error that is no exception (please report it; --debug shows the stack trace)",
  })
  void whateverEndsARunIsOneLine(String what, String line) {
    AcapRun.Result r = AcapRun.setup().replace("check", new Failing(what)).run("check");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).singleElement().asString().startsWith(line.strip());
    for (String[] args : new String[][] {{"--debug", "check"}, {"check", "--debug"}}) {
      AcapRun.Result debug = AcapRun.setup().replace("check", new Failing(what)).run(args);
      assertThat(debug.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(debug.errLines().get(0)).startsWith(line.strip());
      assertThat(debug.errLines()).as("the trace follows").anyMatch(l -> l.startsWith("\tat org.acapengine.cli.CommandLineConventionsTest$Failing.call"));
    }
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
