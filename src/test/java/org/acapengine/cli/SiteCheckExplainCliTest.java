package org.acapengine.cli;

import static org.acapengine.testing.AcapRun.LLM;
import static org.acapengine.testing.AcapRun.NOW;
import static org.acapengine.testing.AcapRun.ROBOTS;
import static org.acapengine.testing.AcapRun.SCORPION;
import static org.acapengine.testing.AcapRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.model.Obligation;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code acap check} and {@code acap explain} with {@code --robots}, {@code --llm-policy}, {@code --scorpion} and {@code --now}. */
class SiteCheckExplainCliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static String[] all(String... rest) {
    List<String> args = new ArrayList<>(List.of(rest[0], "--robots", ROBOTS, "--llm-policy", LLM, "--scorpion", SCORPION, "--now", NOW));
    args.addAll(List.of(rest).subList(1, rest.length));
    return args.toArray(String[]::new);
  }

  static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void checkTextNamesTheDecidingSourceAndLineOfEveryResult() {
    AcapRun.Result r = run(all("check", "--crawler", "examplebot", "--purpose", "ai-train", "--usage", "crawl,index",
        "/news/today", "/private/press/x", "/drafts/y", "/search?q=1"));
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.outLines()).containsExactly(
        "allowed     crawl  /news/today  (other-source, docs/examples/scorpion.crawl:15: c/)",
        "prohibited  index  /news/today  (other-source, docs/examples/llm-policy.json:13: purposes.allow_ai_train: false)",
        "prohibited  crawl  /private/press/x  (other-source, docs/examples/scorpion.crawl:4: C/private/)",
        "prohibited  index  /private/press/x  (other-source, docs/examples/llm-policy.json:13: purposes.allow_ai_train: false)",
        "allowed     crawl  /drafts/y  (other-source, docs/examples/scorpion.crawl:15: c/)",
        "prohibited  index  /drafts/y  (acap-field, grammars-samples/site-example.robots.txt:16: ACAP-disallow-index: /drafts/)",
        "allowed     crawl  /search?q=1  (other-source, docs/examples/scorpion.crawl:15: c/)  (dynamic)",
        "prohibited  index  /search?q=1  (other-source, docs/examples/llm-policy.json:13: purposes.allow_ai_train: false)  (dynamic)");
  }

  @Test
  void checkTextShowsObligationsAndQualifiers() {
    AcapRun.Result r = run(all("check", "--crawler", "examplebot", "--purpose", "search", "--usage", "present-snippet", "/news/today"));
    assertThat(r.outLines()).containsExactly(
        "allowed     present-snippet  /news/today  (acap-field, grammars-samples/site-example.robots.txt:17: "
            + "ACAP-allow-present-snippet: /news/ max-length=250-chars)  qualifiers: max-length=250-chars  obligations: attribution, link-back");
  }

  @Test
  void checkJsonlHasSourcesObligationsAndDynamic() {
    AcapRun.Result r = run(all("check", "--crawler", "examplebot", "--purpose", "search", "--usage", "index,crawl", "--format", "jsonl",
        "/search?q=1", "/private/x"));
    assertThat(r.exitCode()).isZero();
    List<JsonNode> lines = r.outLines().stream().map(SiteCheckExplainCliTest::json).toList();
    assertThat(lines).hasSize(4);

    JsonNode index = lines.get(0);
    assertThat(index.get("allowed").asBoolean()).isTrue();
    assertThat(index.get("basis").asText()).isEqualTo("acap-field");
    assertThat(index.get("source").asText()).isEqualTo(ROBOTS);
    assertThat(index.get("line").asInt()).isEqualTo(15);
    assertThat(index.get("obligations")).extracting(JsonNode::asText).containsExactly("attribution", "link-back");
    assertThat(index.get("dynamic").asBoolean()).isTrue();
    assertThat(index.get("sources")).hasSize(3);
    assertThat(index.get("sources")).extracting(s -> s.get("kind").asText()).containsExactly("robots.txt", "llm-policy.json", "scorpion");
    assertThat(index.get("sources")).extracting(s -> s.get("verdict").asText()).containsExactly("allowed", "no-opinion", "allowed");
    JsonNode scorpion = index.get("sources").get(2);
    assertThat(scorpion.get("source").asText()).isEqualTo(SCORPION);
    assertThat(scorpion.get("deciding").get(0).get("line").asInt()).isEqualTo(13);
    assertThat(scorpion.get("deciding").get(0).get("text").asText()).isEqualTo("i/");
    assertThat(scorpion.get("reason").asText()).contains("first index suggestion");

    JsonNode crawl = lines.get(1);
    assertThat(crawl.has("obligations")).as("no obligations on crawl").isFalse();
    assertThat(crawl.get("dynamic").asBoolean()).isTrue();

    JsonNode prohibited = lines.get(3);
    assertThat(prohibited.get("allowed").asBoolean()).isFalse();
    assertThat(prohibited.get("source").asText()).isEqualTo(ROBOTS);
    assertThat(prohibited.get("line").asInt()).isEqualTo(11);
    assertThat(prohibited.has("obligations")).isFalse();
    assertThat(prohibited.has("dynamic")).isFalse();
    assertThat(prohibited.get("sources")).extracting(s -> s.get("verdict").asText()).containsExactly("prohibited", "no-opinion", "prohibited");
  }

  @Test
  void checkJsonlNamesTheLlmPolicyFlagThatProhibits() {
    AcapRun.Result r = run(all("check", "--crawler", "examplebot", "--purpose", "ai-train", "--usage", "preserve", "--format", "jsonl", "/news/a"));
    JsonNode n = json(r.out().strip());
    assertThat(n.get("basis").asText()).isEqualTo("other-source");
    assertThat(n.get("source").asText()).isEqualTo(LLM);
    assertThat(n.get("line").asInt()).isEqualTo(13);
    assertThat(n.get("text").asText()).isEqualTo("purposes.allow_ai_train: false");
  }

  @Test
  void withOneSourceJsonlKeepsItsReadmeKeys() {
    AcapRun.Result r = run("check", "--robots", ROBOTS, "--crawler", "examplebot", "--format", "jsonl", "/private/x");
    JsonNode n = json(r.out().strip());
    List<String> keys = new ArrayList<>();
    n.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("path", "usage", "allowed", "basis", "line", "source", "text", "qualifiers");
  }

  @Test
  void explainShowsEverySourcesVerdictAndTheLlmPolicysOwnData() {
    AcapRun.Result r = run(all("explain", "--crawler", "examplebot", "--purpose", "ai-train", "--usage", "index", "/news/today"));
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).startsWith(String.join("\n",
        "crawler examplebot, usage index, purpose ai-train, path /news/today",
        "verdict: PROHIBITED (other-source, decided by docs/examples/llm-policy.json)",
        "deciding line: docs/examples/llm-policy.json:13: purposes.allow_ai_train: false",
        "sources (a usage is allowed only if every source that speaks to it allows it):",
        "  robots.txt grammars-samples/site-example.robots.txt: allowed — acap-field",
        "  llm-policy.json docs/examples/llm-policy.json: prohibited — allow_ai_train is false",
        "  scorpion docs/examples/scorpion.crawl: allowed — line 13 (i/) is the first index suggestion that matches",
        "  llm-policy.json docs/examples/llm-policy.json: profile tct-policy-1, version 3, updated 2025-10-15T12:00:00Z, effective 2025-10-01T00:00:00Z",
        "  llm-policy.json policy_urls.terms_of_service: https://example.com/terms/",
        "  llm-policy.json policy_urls.contact: https://example.com/contact/",
        "",
        "robots.txt trace:",
        ""));
    assertThat(r.out()).contains("deciding line: grammars-samples/site-example.robots.txt:15: ACAP-allow-index: /");
  }

  @Test
  void explainShowsObligationsOfAnAllowedUse() {
    AcapRun.Result r = run(all("explain", "--crawler", "examplebot", "--purpose", "search", "--usage", "index", "/news/today"));
    assertThat(r.out()).contains("verdict: ALLOWED (acap-field, decided by grammars-samples/site-example.robots.txt)\n")
        .contains("obligations: attribution, link-back\n");
  }

  @Test
  void explainJsonHasTheCombinedDecision() {
    AcapRun.Result r = run(all("explain", "--crawler", "examplebot", "--purpose", "mirror", "--format", "json", "/news/archive/2019"));
    JsonNode combined = json(r.out()).get("combined");
    assertThat(combined.get("allowed").asBoolean()).isFalse();
    assertThat(combined.get("source").asText()).isEqualTo(SCORPION);
    assertThat(combined.get("deciding").get(0).get("line").asInt()).isEqualTo(6);
    assertThat(combined.get("sources")).extracting(s -> s.get("verdict").asText()).containsExactly("no-opinion", "no-opinion", "prohibited");
    assertThat(combined.get("notes")).extracting(JsonNode::asText).contains("llm-policy.json policy_urls.contact: https://example.com/contact/");
    assertThat(json(r.out()).get("decision").get("basis").asText()).as("the robots.txt trace is still there").isEqualTo("default");
  }

  @Test
  void explainWithoutRobotsTxtHasNoTrace() {
    AcapRun.Result r = run("explain", "--llm-policy", LLM, "--scorpion", SCORPION, "--now", NOW, "--crawler", "examplebot", "/private/a");
    assertThat(r.out()).contains("verdict: PROHIBITED (other-source, decided by docs/examples/scorpion.crawl)")
        .doesNotContain("robots.txt trace");
  }

  /** The llm-policy.json takes effect at 2025-10-01T00:00:00Z. */
  @ParameterizedTest(name = "--now {0}: allowed {1}")
  @CsvSource({
      "2025-09-30T23:59:59Z,true",
      "2025-10-01T00:00:00Z,false",
      "2025-10-01T01:59:59+02:00,true",
      "2025-10-01T02:00:00+02:00,false",
      "2025-10-01T00:00:00.000000001Z,false",
  })
  void nowDecidesWhetherTheLlmPolicyIsInForce(String now, boolean allowed) {
    AcapRun.Result r = run("check", "--llm-policy", LLM, "--now", now, "--crawler", "examplebot", "--purpose", "ai-train", "--usage", "index",
        "--format", "jsonl", "/a");
    assertThat(r.exitCode()).isZero();
    assertThat(json(r.out().strip()).get("allowed").asBoolean()).isEqualTo(allowed);
  }

  @Test
  void explainSaysWhenTheLlmPolicyIsNotYetInForce() {
    AcapRun.Result r = run("explain", "--llm-policy", LLM, "--now", "2025-01-01T00:00:00Z", "--crawler", "examplebot", "--purpose", "ai-train",
        "--usage", "index", "/a");
    assertThat(r.out()).contains("verdict: ALLOWED (default)")
        .contains("effective 2025-10-01T00:00:00Z (not yet in force)")
        .contains("the policy is not yet in force");
  }

  /** Before: a deciding source without a line number gave "source": null and "text": null. */
  @Test
  void jsonlNamesTheDecidingSourceEvenWithoutALine() {
    AcapRun.Result r = AcapRun.runWithInput("c/public/\n", "check", "--scorpion", "-", "--crawler", "bot", "--format", "jsonl", "/x");
    JsonNode n = json(r.out().strip());
    assertThat(n.get("allowed").asBoolean()).isFalse();
    assertThat(n.get("line").isNull()).isTrue();
    assertThat(n.get("source").asText()).isEqualTo("-");
    assertThat(n.get("text").asText()).isEqualTo("(the implicit final C/)");
    AcapRun.Result robots = run("check", "--robots", ROBOTS, "--crawler", "bot", "--format", "jsonl", "/robots.txt", "/a");
    assertThat(robots.outLines()).extracting(l -> json(l).get("source").isNull()).as("robots-txt and default bases name no line").containsExactly(true, true);
  }
}
