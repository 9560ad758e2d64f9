package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A usage name that is neither an ACAP usage nor one the policy names is refused with the nearest
 * known name (it would otherwise be answered "allowed: nothing applies"), and standard input can
 * feed one input only.
 */
class UsageAndStdinCliTest {

  private static final String SITE = "grammars-samples/site-example.robots.txt";
  private static final String NAMES = "grammars-samples/usage-names.robots.txt";

  @ParameterizedTest(name = "[{index}] acap {0}")
  @CsvSource(delimiter = '|', value = {
      "check --robots " + SITE + " --crawler a --usage crawll /x                 | --usage: 'crawll' is no ACAP usage and no policy given names it (did you mean 'crawl'?)",
      "check --robots " + SITE + " --crawler a --usage index,indx /x             | --usage: 'indx' is no ACAP usage and no policy given names it (did you mean 'index'?)",
      "check --robots " + SITE + " --crawler a --usage present-snipet /x         | --usage: 'present-snipet' is no ACAP usage and no policy given names it (did you mean 'present-snippet'?)",
      "check --robots " + SITE + " --crawler a --usage snippet /x                | --usage: 'snippet' is no ACAP usage and no policy given names it",
      "check --robots " + SITE + " --crawler a --usage train /x                  | --usage: 'train' is no ACAP usage and no policy given names it",
      "check --robots " + NAMES + " --crawler usagebot --usage trian /f/x        | --usage: 'trian' is no ACAP usage and no policy given names it (did you mean 'train'?)",
      "explain --robots " + SITE + " --crawler a --usage preserv /x              | --usage: 'preserv' is no ACAP usage and no policy given names it (did you mean 'preserve'?)",
      "check --llm-policy docs/examples/llm-policy.json --crawler a --usage idnex /x | --usage: 'idnex' is no ACAP usage and no policy given names it (did you mean 'index'?)",
      "check --robots " + SITE + " --crawler a --conventional-applies-to crwal /x  | --conventional-applies-to: 'crwal' is no ACAP usage and no policy given names it (did you mean 'crawl'?)",
      "explain --robots " + SITE + " --crawler a --conventional-applies-to crawl,indx /x | --conventional-applies-to: 'indx' is no ACAP usage and no policy given names it (did you mean 'index'?)",
  })
  void anUnknownUsageIsRefusedWithTheNearestName(String args, String message) {
    AcapRun.Result r = AcapRun.run(args.strip().split(" +"));
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).containsExactly("acap: " + message);
    assertThat(r.out()).isEmpty();
  }

  @ParameterizedTest(name = "[{index}] acap {0}")
  @CsvSource(delimiter = '|', value = {
      "check --robots " + SITE + " --crawler a --usage PRESENT-Snippet /x        | present-snippet",
      "check --robots " + NAMES + " --crawler usagebot --usage train /f/x         | train",
      "check --robots " + NAMES + " --crawler usagebot --usage present-banana /e/ | present-banana",
      "explain --robots " + NAMES + " --crawler usagebot --usage Train /f/x       | train",
      "check --robots " + SITE + " --crawler a --conventional-applies-to Crawl,INDEX --usage index /x | index",
  })
  void aDictionaryUsageOrOneTheFileNamesIsDecided(String args, String usage) {
    AcapRun.Result r = AcapRun.run(args.strip().split(" +"));
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.OK);
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).contains(usage);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "{\"robots\":\"" + SITE + "\",\"crawler\":\"a\",\"usage\":\"crawll\",\"url\":\"/x\"}   | {\"request\":1,\"error\":\"usage: 'crawll' is no ACAP usage and no policy given names it (did you mean 'crawl'?)\"}",
      "{\"robots\":\"-\",\"crawler\":\"a\",\"url\":\"/x\"}                                    | {\"request\":1,\"error\":\"\\\"robots\\\": \\\"-\\\" (standard input) cannot be read in batch mode; name a file or URL\"}",
  })
  void inBatchModeAnUnknownUsageOrStandardInputIsThatRequestsError(String request, String answer) {
    AcapRun.Result r = AcapRun.runWithInput((request.strip() + "\n").getBytes(StandardCharsets.UTF_8), "check", "--requests", "-");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(r.outLines()).containsExactly(answer);
  }

  @ParameterizedTest(name = "[{index}] acap {0}")
  @CsvSource(delimiter = '|', value = {
      "check --robots - --crawler a                                         | --robots - and the paths (none given, so read from standard input) both",
      "check --robots - --llm-policy - --crawler a /x                       | --robots - and --llm-policy - both",
      "explain --robots - --scorpion - --crawler a /x                       | --robots - and --scorpion - both",
      "check --llm-policy - --requests -                                    | --llm-policy - and --requests - both",
      "scp filter --robots - --site https://example.com --crawler a --usage index - -o /tmp/never.scp | --robots - and the collection (-) both",
      "tct sitemap --robots - --site https://example.com --crawler a --usage index -                  | --robots - and the sitemap (-) both",
  })
  void standardInputFeedsOneInputOnly(String args, String readers) {
    AcapRun.Result r = AcapRun.runWithInput("User-agent: *\nDisallow: /x\n".getBytes(StandardCharsets.UTF_8), args.strip().split(" +"));
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).containsExactly("acap: standard input can feed only one input, but " + readers + " read it");
    assertThat(r.out()).isEmpty();
  }
}
