package org.acapengine.cli;

import static org.acapengine.testing.AcapRun.LLM;
import static org.acapengine.testing.AcapRun.NOW;
import static org.acapengine.testing.AcapRun.ROBOTS;
import static org.acapengine.testing.AcapRun.SCORPION;
import static org.acapengine.testing.AcapRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;

/** {@code acap hints}: the most restrictive of each kind across the sources, each with its source. */
class HintsCliTest {

  @Test
  void textListsEveryKindWithItsSource() {
    AcapRun.Result r = run("hints", "--robots", ROBOTS, "--llm-policy", LLM, "--scorpion", SCORPION, "--now", NOW,
        "--crawler", "examplebot", "--purpose", "mirror");
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.outLines()).containsExactly(
        "minDelay               10.0 s  (docs/examples/scorpion.crawl:7: D10)",
        "requestRate            1 per 5.0 s  (grammars-samples/site-example.robots.txt:10: Request-rate: 1/5s)",
        "requestsPerDay         20000  (docs/examples/llm-policy.json:22: \"max_requests_per_day\": 20000)",
        "maxParallelDownloads   2  (docs/examples/scorpion.crawl:8: P2)",
        "maxFiles               -",
        "revisitInterval        604800.0 s  (docs/examples/scorpion.crawl:9: R604800)",
        "policyRefetchInterval  86400.0 s  (docs/examples/scorpion.crawl:2: w86400)");
  }

  @Test
  void jsonHasEveryKindNullOrValueWithSource() {
    AcapRun.Result r = run("hints", "--robots", ROBOTS, "--llm-policy", LLM, "--scorpion", SCORPION, "--now", NOW,
        "--crawler", "otherbot", "--format", "json");
    assertThat(r.exitCode()).isZero();
    JsonNode n = SiteCheckExplainCliTest.json(r.out());
    assertThat(n.size()).isEqualTo(7);
    // robots.txt: otherbot has no group of its own, so the '*' group's Crawl-delay (line 5) counts
    assertThat(n.get("minDelay").get("seconds").asDouble()).isEqualTo(5.0);
    assertThat(n.get("minDelay").get("source").asText()).isEqualTo(ROBOTS);
    assertThat(n.get("minDelay").get("line").asInt()).isEqualTo(5);
    assertThat(n.get("minDelay").get("text").asText()).isEqualTo("Crawl-delay: 5");
    // the '*' group has no Request-rate: TCT's 1 per second
    assertThat(n.get("requestRate").get("requests").asInt()).isEqualTo(1);
    assertThat(n.get("requestRate").get("periodSeconds").asDouble()).isEqualTo(1.0);
    assertThat(n.get("requestRate").get("requestsPerSecond").asDouble()).isEqualTo(1.0);
    assertThat(n.get("requestRate").get("source").asText()).isEqualTo(LLM);
    assertThat(n.get("requestRate").get("line").asInt()).isEqualTo(21);
    assertThat(n.get("requestsPerDay").get("value").asLong()).isEqualTo(20000);
    assertThat(n.get("maxParallelDownloads").isNull()).isTrue();
    assertThat(n.get("maxFiles").isNull()).isTrue();
    assertThat(n.get("revisitInterval").isNull()).isTrue();
    assertThat(n.get("policyRefetchInterval").get("seconds").asDouble()).isEqualTo(86400.0);
    assertThat(n.get("policyRefetchInterval").get("text").asText()).isEqualTo("w86400");
  }

  @Test
  void aWindowedRequestRateKeepsItsWindow() {
    AcapRun.Result r = AcapRun.runWithInput("User-agent: *\nRequest-rate: 1/10m 2200-0600\nDisallow:\n",
        "hints", "--robots", "-", "--crawler", "bot", "--format", "json");
    JsonNode rate = SiteCheckExplainCliTest.json(r.out()).get("requestRate");
    assertThat(rate.get("periodSeconds").asDouble()).isEqualTo(600.0);
    assertThat(rate.get("window").asText()).isEqualTo("2200-0600");
    assertThat(rate.get("source").asText()).isEqualTo("-");
  }

  @Test
  void noHintsAnywhereGivesEveryKindEmpty() {
    AcapRun.Result r = run("hints", "--scorpion", SCORPION, "--crawler", "bot", "--purpose", "study", "--format", "json");
    JsonNode n = SiteCheckExplainCliTest.json(r.out());
    assertThat(n.get("minDelay").get("line").asInt()).isEqualTo(14);
    r = AcapRun.runWithInput("c/\n", "hints", "--scorpion", "-", "--crawler", "bot");
    assertThat(r.outLines()).hasSize(7).allSatisfy(l -> assertThat(l).endsWith(" -"));
  }
}
