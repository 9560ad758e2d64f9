package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Decisions with every source at once: a robots.txt with conventional rules, ACAP records,
 * Content-Signal, Content-Usage and a License: line, its RSL licence (--rsl), an llm-policy.json,
 * a Scorpion file, a tdmrep.json, a Content-Usage header and a page's header block and HTML. Each
 * row: the verdict, the basis, the deciding file and line, and every source's own verdict, as
 * {@code check --format jsonl} gives them.
 */
class EverySourceTest {

  static final String DIR = "src/test/resources/site/every-source/";

  @ParameterizedTest(name = "[{index}] {0} {1} {2} {3}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # crawler | purpose  | usage            | path          | allowed | basis             | deciding          | every source's verdict, in the order of kinds below
      GPTBot    | search   | index            | /news/a       | true    | other-source      | scorpion.crawl:13 | no-opinion no-opinion no-opinion no-opinion allowed no-opinion no-opinion no-opinion allowed
      anybot    | ai-train | index            | /news/a       | false   | content-signal    | robots.txt:9      | no-opinion prohibited no-opinion prohibited allowed no-opinion no-opinion no-opinion prohibited
      anybot    | ai-use   | index            | /news/a       | false   | content-usage     | page.headers:4    | no-opinion allowed no-opinion no-opinion allowed no-opinion no-opinion prohibited prohibited
      anybot    | search   | preserve         | /news/a       | false   | acap-field        | robots.txt:15     | prohibited allowed no-opinion no-opinion no-opinion no-opinion prohibited no-opinion allowed
      anybot    | search   | present-snippet  | /news/a       | true    | content-signal    | robots.txt:9      | no-opinion allowed no-opinion no-opinion no-opinion no-opinion allowed no-opinion allowed
      anybot    | ai-input | present-original | /news/a       | false   | content-signal    | robots.txt:9      | no-opinion prohibited no-opinion no-opinion no-opinion no-opinion no-opinion prohibited prohibited
      anybot    | train-ai | index            | /open/data    | false   | content-signal    | robots.txt:9      | no-opinion prohibited allowed prohibited allowed allowed no-opinion no-opinion prohibited
      anybot    | ai-train | index            | /images/a.png | false   | content-signal    | robots.txt:9      | no-opinion prohibited no-opinion prohibited allowed prohibited no-opinion no-opinion prohibited
      anybot    | search   | crawl            | /private/x    | false   | conventional-rule | robots.txt:12     | prohibited no-opinion no-opinion no-opinion prohibited no-opinion no-opinion no-opinion no-opinion
      anybot    | search   | crawl            | /search?q=a   | true    | conventional-rule | robots.txt:11     | allowed no-opinion no-opinion no-opinion allowed no-opinion no-opinion no-opinion no-opinion
      """)
  void everySourceSpeaksAndTheMostRestrictiveDecides(String crawler, String purpose, String usage, String path, boolean allowed, String basis,
      String deciding, String verdicts) throws IOException {
    AcapRun.Result r = AcapRun.run("check", "--robots", DIR + "robots.txt", "--rsl", "docs/examples/license.xml", "--llm-policy",
        "docs/examples/llm-policy.json", "--scorpion", "docs/examples/scorpion.crawl", "--tdmrep", "docs/examples/tdmrep.json",
        "--page-headers", DIR + "page.headers", "--page", DIR + "page.html", "--now", "2026-01-01T00:00:00Z", "--crawler", crawler,
        "--purpose", purpose, "--usage", usage, "--format", "jsonl", path);
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode n = Json.MAPPER.readTree(r.out());
    assertThat(n.get("allowed").asBoolean()).as(r.out()).isEqualTo(allowed);
    assertThat(n.get("basis").asText()).as(r.out()).isEqualTo(basis);
    String source = n.get("source").asText();
    assertThat(source.substring(source.lastIndexOf('/') + 1) + ":" + n.get("line").asInt()).as(r.out()).isEqualTo(deciding);
    List<String> kinds = new ArrayList<>();
    List<String> actual = new ArrayList<>();
    for (JsonNode s : n.get("sources")) {
      kinds.add(s.get("kind").asText());
      actual.add(s.get("verdict").asText());
    }
    // the robots.txt's own preference lines follow it; the other sources in the order the loader adds them
    assertThat(kinds).containsExactly("robots.txt", "content-signal", "content-usage", "llm-policy.json", "scorpion", "tdmrep", "robots-tag",
        "content-usage", "rsl");
    assertThat(String.join(" ", actual)).as(r.out()).isEqualTo(verdicts);
    // what the licence asks comes with an allowed use; a crawler kept out is told so
    assertThat(n.has("decisionNotes")).isEqualTo(allowed);
    if (crawler.equals("GPTBot")) {
      assertThat(n.get("decisionNotes").toString()).contains("crawl-prohibited").contains("\"line\":6");
    }
  }
}
