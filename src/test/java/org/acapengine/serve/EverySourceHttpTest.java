package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every source inline in one {@code /v1/decide} request — the robots.txt, an RSL licence, an
 * llm-policy.json, a Scorpion file, a tdmrep.json, a page's header block and HTML — answered as
 * {@code acap check} answers the same files ({@code site.EverySourceTest}'s table, row for row):
 * the server assembles a site through the one loader, as the command line does.
 */
class EverySourceHttpTest {

  static final String DIR = "src/test/resources/site/every-source/";
  static AcapServer server;
  static Http http;

  @BeforeAll
  static void start() throws IOException {
    Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    server = AcapServer.start(ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0).withClock(clock), l -> {});
    http = new Http(server.uri());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static ObjectNode everySource() {
    return Http.object().put("robots_txt", Http.file(DIR + "robots.txt")).put("rsl", Http.file("docs/examples/license.xml"))
        .put("llm_policy", Http.file("docs/examples/llm-policy.json")).put("scorpion", Http.file("docs/examples/scorpion.crawl"))
        .put("tdmrep", Http.file("docs/examples/tdmrep.json")).put("page_headers", Http.file(DIR + "page.headers"))
        .put("page_html", Http.file(DIR + "page.html"));
  }

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
  void everySourceInlineIsDecidedAsCheckDecidesTheFiles(String crawler, String purpose, String usage, String path, boolean allowed, String basis,
      String deciding, String verdicts) {
    JsonNode n = http.post("/v1/decide", everySource().put("crawler", crawler).put("purpose", purpose).put("usage", usage).put("url", path)).json();
    assertThat(n.get("allowed").asBoolean()).as(n.toString()).isEqualTo(allowed);
    assertThat(n.get("basis").asText()).as(n.toString()).isEqualTo(basis);
    assertThat(n.get("source").asText() + ":" + n.get("line").asInt()).as(n.toString()).isEqualTo(deciding);
    List<String> kinds = new ArrayList<>();
    List<String> actual = new ArrayList<>();
    for (JsonNode s : n.get("sources")) {
      kinds.add(s.get("kind").asText());
      actual.add(s.get("verdict").asText());
    }
    assertThat(kinds).containsExactly("robots.txt", "content-signal", "content-usage", "llm-policy.json", "scorpion", "tdmrep", "robots-tag",
        "content-usage", "rsl");
    assertThat(String.join(" ", actual)).as(n.toString()).isEqualTo(verdicts);
  }

  @Test
  void aContentSignalHeaderValueIsASourceOfItsOwn() {
    ObjectNode b = Http.object().put("robots_txt", "User-agent: *\nAllow: /\n").put("content_signal", "search=yes, ai-train=no")
        .put("crawler", "anybot").put("usage", "index").put("url", "/a");
    JsonNode train = http.post("/v1/decide", b.deepCopy().put("purpose", "ai-train")).json();
    assertThat(train.get("allowed").asBoolean()).as(train.toString()).isFalse();
    assertThat(train.get("basis").asText()).isEqualTo("content-signal");
    assertThat(train.get("source").asText()).isEqualTo("Content-Signal header");
    assertThat(http.post("/v1/decide", b.deepCopy().put("purpose", "search")).json().get("allowed").asBoolean()).isTrue();
  }

  @Test
  void theAuditAndLintTakeTheNewSourcesToo() {
    JsonNode rows = http.post("/v1/audit", Http.object().put("robots_txt", "User-agent: *\nAllow: /\n").put("content_signal", "ai-train=no")).json();
    assertThat(rows).isNotEmpty().allSatisfy(r -> assertThat(r.get("purposes").get("ai-train").asText()).as(r.toString()).isEqualTo("prohibited"));
    assertThat(http.post("/v1/lint", Http.object().put("robots_txt", "User-agent: *\nAllow: /\n").put("page_html", "<html></html>")).status())
        .isEqualTo(200);
  }

  @Test
  void aFileRejectedWholeIsA400NamingItsFieldNotSilentlyDropped() {
    Http.Answer a = http.post("/v1/decide", Http.object().put("llm_policy", "not json").put("crawler", "a").put("url", "/"));
    assertThat(a.status()).as(a.body()).isEqualTo(400);
    assertThat(a.json().get("error").asText()).startsWith("'llm_policy' is not a usable llm-policy.json");
  }
}
