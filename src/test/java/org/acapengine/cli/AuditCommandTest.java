package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.audit.CrawlerList;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code acap audit}: golden outputs in text, JSON and Markdown, the verdicts per crawler and
 * purpose, and bad input as one line. Regenerate the goldens with {@code -Dacap.updateGoldens=true}
 * and review {@code git diff src/test/resources/audit/}.
 */
class AuditCommandTest {

  static final Path DIR = Path.of("src/test/resources/audit");

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # golden file              | arguments after 'acap audit'
      blocks-some.txt            | --robots DIR/blocks-some.robots.txt --crawlers-file DIR/small-list.json --path /members/x --crawler examplebot
      blocks-some.json           | --robots DIR/blocks-some.robots.txt --crawlers-file DIR/small-list.json --path /members/x --crawler examplebot --format json
      blocks-some.md             | --robots DIR/blocks-some.robots.txt --crawlers-file DIR/small-list.json --path /members/x --crawler examplebot --format markdown
      ai-robots-tdmrep.json      | --robots docs/examples/ai-robots.txt --tdmrep docs/examples/tdmrep.json --crawlers-file DIR/small-list.json --format json
      robots-json.txt            | DIR/blocks-some.robots.txt --crawlers-file DIR/small-robots.json
      with-licence-and-page.txt  | docs/examples/rsl-robots.txt --rsl docs/examples/license.xml --page docs/examples/page.html --crawlers-file DIR/small-list.json
      """)
  void outputIsTheGoldenFile(String name, String arguments) throws IOException {
    String[] args = ("audit " + arguments.strip()).split("\\s+");
    for (int i = 0; i < args.length; i++) {
      args[i] = args[i].replace("DIR", DIR.toString());
    }
    AcapRun.Result r = AcapRun.run(args);
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    Path golden = DIR.resolve(name);
    if (Goldens.UPDATE) {
      Files.writeString(golden, r.out(), StandardCharsets.UTF_8);
    }
    assertThat(golden).as("golden file (regenerate with -Dacap.updateGoldens=true)").exists();
    assertThat(r.out()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', textBlock = """
      # crawler     | crawl / | crawl /members/x | search          | ai-input        | ai-train
      GPTBot        | false   | false            | blocked (crawl) | blocked (crawl) | blocked (crawl)
      CCBot         | false   | false            | blocked (crawl) | blocked (crawl) | blocked (crawl)
      PerplexityBot | true    | false            | allowed    | allowed    | prohibited
      examplebot    | true    | false            | allowed    | allowed    | prohibited
      """)
  void eachCrawlerGetsItsGroupsVerdicts(String crawler, boolean root, boolean members, String search, String aiInput, String aiTrain) throws IOException {
    AcapRun.Result r = AcapRun.run("audit", "--robots", DIR.resolve("blocks-some.robots.txt").toString(), "--crawlers-file",
        DIR.resolve("small-list.json").toString(), "--path", "/members/x", "--crawler", "examplebot", "--format", "json");
    JsonNode row = null;
    for (JsonNode n : Json.MAPPER.readTree(r.out())) {
      if (n.get("crawler").asText().equals(crawler)) {
        row = n;
      }
    }
    assertThat(row).as(crawler).isNotNull();
    assertThat(row.get("crawl").asBoolean()).isEqualTo(root);
    assertThat(row.get("paths").get("/members/x").asBoolean()).isEqualTo(members);
    assertThat(row.get("purposes").get("search").asText()).isEqualTo(search);
    assertThat(row.get("purposes").get("ai-input").asText()).isEqualTo(aiInput);
    assertThat(row.get("purposes").get("ai-train").asText()).isEqualTo(aiTrain);
  }

  @Test
  void theBundledListIsAiRobotsTxtsRobotsJsonDatedWithItsLicence() throws IOException {
    CrawlerList list = CrawlerList.bundled();
    assertThat(list.updated()).matches("\\d{4}-\\d{2}-\\d{2}");
    assertThat(list.source()).contains("ai.robots.txt").contains("MIT");
    // every entry of the bundled robots.json, as published; robots.txt compares tokens ignoring
    // case, so upstream's case variants (meta-externalagent, Meta-ExternalAgent) are one crawler
    JsonNode robotsJson = Json.MAPPER.readTree(CrawlerList.class.getResourceAsStream("robots.json"));
    java.util.Set<String> tokens = new java.util.HashSet<>();
    robotsJson.fieldNames().forEachRemaining(t -> tokens.add(t.toLowerCase(java.util.Locale.ROOT)));
    assertThat(list.crawlers()).hasSize(tokens.size()).hasSizeGreaterThan(150);
    assertThat(list.crawlers()).extracting(c -> c.token().toLowerCase(java.util.Locale.ROOT)).doesNotHaveDuplicates();
    assertThat(list.crawlers()).allSatisfy(c -> assertThat(c.declared()).allMatch(p -> p.matches("search|ai-input|ai-train")));
    assertThat(list.crawlers()).filteredOn(c -> !c.declared().isEmpty()).hasSizeGreaterThan(80);
    assertThat(new String(CrawlerList.class.getResourceAsStream("robots.json.LICENSE").readAllBytes(), StandardCharsets.UTF_8))
        .startsWith("MIT License").contains("ai.robots.txt");
    // the overlay's tokens are all in the list (a renamed upstream token would silently lose its purposes)
    JsonNode overlay = Json.MAPPER.readTree(CrawlerList.class.getResourceAsStream("ai-crawlers.json"));
    overlay.get("declared").fieldNames().forEachRemaining(t ->
        assertThat(list.crawlers()).as(t).anyMatch(c -> c.token().equalsIgnoreCase(t)));
  }

  @Test
  void aRobotsJsonTakesItsFunctionAndOperatorAsPlainTextAndTheOverlaysPurposes() {
    CrawlerList list = CrawlerList.bundled();
    var ai2 = list.crawlers().stream().filter(c -> c.token().equals("AI2Bot")).findFirst().orElseThrow();
    assertThat(ai2.operator()).isEqualTo("Ai2");
    assertThat(ai2.function()).isEqualTo("Content is used to train open language models.");
    assertThat(ai2.declared()).containsExactly("ai-train");
    var applebot = list.crawlers().stream().filter(c -> c.token().equals("Applebot")).findFirst().orElseThrow();
    assertThat(applebot.function()).isEqualTo("AI Search Crawlers");
  }

  @Test
  void theAuditTakesTheRobotsTxtAsAnArgumentLikeLint() {
    AcapRun.Result positional = AcapRun.run("audit", DIR.resolve("blocks-some.robots.txt").toString(), "--crawlers-file",
        DIR.resolve("small-list.json").toString());
    AcapRun.Result option = AcapRun.run("audit", "--robots", DIR.resolve("blocks-some.robots.txt").toString(), "--crawlers-file",
        DIR.resolve("small-list.json").toString());
    assertThat(positional.exitCode()).isZero();
    assertThat(positional.out()).isEqualTo(option.out()).contains("blocked (crawl)");
    AcapRun.Result both = AcapRun.run("audit", "--robots", DIR.resolve("blocks-some.robots.txt").toString(), DIR.resolve("blocks-some.robots.txt").toString());
    assertThat(both.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(both.errLines()).singleElement().asString().contains("not both");
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(delimiter = '|', textBlock = """
      {"crawlers": [{"operator": "x"}]}  | crawlers[0] has no "token"
      [1, 2]                             | not a robots.json object
      {"GPTBot": 1}                      | "GPTBot" is not a crawler entry
      {"crawlers": [                     | not JSON
      """)
  void aBadListIsOneLine(String content, String message, @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("list.json"), content, StandardCharsets.UTF_8);
    AcapRun.Result r = AcapRun.run("audit", "--robots", DIR.resolve("blocks-some.robots.txt").toString(), "--crawlers-file", f.toString());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).singleElement().asString().startsWith("acap: " + f + ": " + message);
  }

  @Test
  void aPolicyIsRequired() {
    AcapRun.Result r = AcapRun.run("audit");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).singleElement().asString().startsWith("acap: a policy is required");
  }
}
