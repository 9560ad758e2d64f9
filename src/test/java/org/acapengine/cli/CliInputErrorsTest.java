package org.acapengine.cli;

import static org.acapengine.testing.AcapRun.LLM;
import static org.acapengine.testing.AcapRun.ROBOTS;
import static org.acapengine.testing.AcapRun.SCORPION;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad arguments and unreadable files: exit 2, nothing on standard output, one line on standard error. */
class CliInputErrorsTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        // unreadable files, each option and command
        Arguments.of("cannot read nope.txt: no such file", new String[] {"check", "--robots", "nope.txt", "--crawler", "b", "/a"}),
        Arguments.of("cannot read nope.json: no such file", new String[] {"check", "--llm-policy", "nope.json", "--crawler", "b", "/a"}),
        Arguments.of("cannot read nope.crawl: no such file", new String[] {"check", "--scorpion", "nope.crawl", "--crawler", "b", "/a"}),
        Arguments.of("cannot read docs: it is a directory", new String[] {"check", "--robots", ROBOTS, "--scorpion", "docs", "--crawler", "b", "/a"}),
        Arguments.of("cannot read nope.json: no such file", new String[] {"explain", "--robots", ROBOTS, "--llm-policy", "nope.json", "--crawler", "b", "/a"}),
        Arguments.of("cannot read nope.crawl: no such file", new String[] {"hints", "--scorpion", "nope.crawl", "--crawler", "b"}),
        Arguments.of("cannot read nope.json: no such file", new String[] {"convert", "--from", "tct", "nope.json"}),
        Arguments.of("cannot read nope.crawl: no such file", new String[] {"convert", "--from", "scorpion", "nope.crawl"}),
        Arguments.of("cannot read docs/examples: it is a directory", new String[] {"convert", "--from", "scorpion", "docs/examples"}),
        // --now
        Arguments.of("--now: '2026-01-01' is not an ISO-8601 instant", new String[] {"check", "--llm-policy", LLM, "--now", "2026-01-01", "--crawler", "b", "/a"}),
        Arguments.of("--now: 'yesterday' is not an ISO-8601 instant", new String[] {"explain", "--llm-policy", LLM, "--now", "yesterday", "--crawler", "b", "/a"}),
        Arguments.of("--now: '2026-01-01T00:00:00' is not an ISO-8601 instant", new String[] {"hints", "--llm-policy", LLM, "--now", "2026-01-01T00:00:00", "--crawler", "b"}),
        Arguments.of("--now: '2026-13-01T00:00:00Z' is not an ISO-8601 instant", new String[] {"check", "--scorpion", SCORPION, "--now", "2026-13-01T00:00:00Z", "--crawler", "b", "/a"}),
        Arguments.of("Missing required parameter for option '--now'", new String[] {"check", "--llm-policy", LLM, "--crawler", "b", "--now"}),
        // convert's options
        Arguments.of("Missing required option: '--from=<from>'", new String[] {"convert", LLM}),
        Arguments.of("Invalid value for option '--from'", new String[] {"convert", "--from", "xml", LLM}),
        Arguments.of("Invalid value for option '--to'", new String[] {"convert", "--from", "tct", "--to", "robots", LLM}),
        Arguments.of("Missing required parameter: 'FILE'", new String[] {"convert", "--from", "tct"}),
        // a source and a crawler are required
        Arguments.of("a policy is required", new String[] {"check", "--crawler", "b", "/a"}),
        Arguments.of("a policy is required", new String[] {"hints", "--crawler", "b"}),
        Arguments.of("--crawler NAME is required", new String[] {"hints", "--llm-policy", LLM}),
        Arguments.of("--crawler NAME is required", new String[] {"explain", "--scorpion", SCORPION, "/a"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void exitTwoWithOneLineOnStandardError(String expected, String[] args) {
    AcapRun.Result r = AcapRun.run(args);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).singleElement().asString().startsWith("acap: ").contains(expected);
  }

  /** A missing file whose name holds an escape sequence and a line separator, as each command and option names it. */
  private static final String HOSTILE = "missing\u001B[31m\u2028.txt";

  static Stream<Arguments> hostileNames() {
    return Stream.of(
        new String[] {"check", "--robots", HOSTILE, "--crawler", "b", "/a"},
        new String[] {"check", "--llm-policy", HOSTILE, "--crawler", "b", "/a"},
        new String[] {"check", "--scorpion", HOSTILE, "--crawler", "b", "/a"},
        new String[] {"check", "--robots", ROBOTS, "--crawler", "b", "--urls", HOSTILE},
        new String[] {"check", "--requests", HOSTILE},
        new String[] {"explain", "--robots", HOSTILE, "--crawler", "b", "/a"},
        new String[] {"hints", "--robots", HOSTILE, "--crawler", "b"},
        new String[] {"parse", HOSTILE},
        new String[] {"lint", HOSTILE},
        new String[] {"lint", "--config", HOSTILE, ROBOTS},
        new String[] {"convert", "--from", "tct", HOSTILE},
        new String[] {"convert", "--from", "scorpion", HOSTILE},
        new String[] {"scp", "filter", "--robots", ROBOTS, "--site", "https://example.com", "--crawler", "b", "--usage", "index", HOSTILE, "-o", "target/never.scp"},
        new String[] {"tct", "sitemap", "--robots", ROBOTS, "--site", "https://example.com", "--crawler", "b", "--usage", "index", HOSTILE})
        .map(a -> Arguments.of(String.join(" ", a).replace(HOSTILE, "HOSTILE"), a));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostileNames")
  void aFileNameIsQuotedEscapedOnOneLine(String name, String[] args) {
    AcapRun.Result r = AcapRun.run(args);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).singleElement().asString().startsWith("acap: ").contains("missing\\u001B[31m\\u2028.txt")
        .doesNotContain("\u001B").doesNotContain("\u2028");
  }
}
