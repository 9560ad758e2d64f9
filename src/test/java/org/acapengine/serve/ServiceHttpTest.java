package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.acapengine.audit.AuditReport;
import org.acapengine.audit.KnownCrawler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The decision service over real HTTP on 127.0.0.1: every endpoint, the refusals, the limits, and 100 requests at once. */
class ServiceHttpTest {

  static final String WORKED = Http.file("grammars-samples/spec-2-1-worked-example.robots.txt");
  static AcapServer server;
  static Http http;
  static final List<String> log = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws IOException {
    server = AcapServer.start(ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0), log::add);
    http = new Http(server.uri());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static ObjectNode worked(String crawler) {
    ObjectNode b = Http.object().put("robots_txt", WORKED).put("crawler", crawler);
    return b;
  }

  @ParameterizedTest
  @CsvSource({
      "named-crawler, crawl,    /public/report.html,      true,  38",
      "named-crawler, crawl,    /private/secret.html,     false, 33",
      "named-crawler, preserve, /news/today.html,         true,  50",
      "Googlebot,     crawl,    /public/report.html,      false, 33",
      "named-crawler, index,    https://example.com/promotion/a?b=c, true, 38"})
  void decideAnswersAsCheckDoes(String crawler, String usage, String url, boolean allowed, int line) {
    Http.Answer a = http.post("/v1/decide", worked(crawler).put("usage", usage).put("url", url));
    assertThat(a.status()).as(a.body()).isEqualTo(200);
    JsonNode d = a.json();
    assertThat(d.get("path").asText()).isEqualTo(url);
    assertThat(d.get("usage").asText()).isEqualTo(usage);
    assertThat(d.get("allowed").asBoolean()).isEqualTo(allowed);
    assertThat(d.get("line").asInt()).isEqualTo(line);
    assertThat(d.get("source").asText()).isEqualTo("robots.txt");
    assertThat(d.get("basis").asText()).isEqualTo("acap-field");
  }

  @Test
  void decideAnswersManyUrlsInOrder() {
    ObjectNode b = worked("named-crawler");
    b.putArray("urls").add("/public/a").add("/private/b").add("/news/c");
    JsonNode a = http.post("/v1/decide", b).json();
    assertThat(a.isArray()).isTrue();
    assertThat(a).extracting(n -> n.get("path").asText() + "=" + n.get("allowed").asBoolean())
        .containsExactly("/public/a=true", "/private/b=false", "/news/c=true");
  }

  @Test
  void explainGivesTheTraceAsJsonOrText() {
    JsonNode x = http.post("/v1/explain", worked("named-crawler").put("url", "/public/report.html")).json();
    assertThat(x.at("/decision/allowed").asBoolean()).isTrue();
    assertThat(x.at("/decision/deciding/0/line").asInt()).isEqualTo(38);
    assertThat(x.get("rules").size()).isGreaterThan(0);
    JsonNode t = http.post("/v1/explain", worked("named-crawler").put("url", "/private/x").put("format", "text")).json();
    assertThat(t.get("text").asText()).contains("verdict: PROHIBITED", "robots.txt:33");
  }

  @Test
  void auditGivesAMatrixOfAiAndSearchCrawlers() {
    JsonNode rows = http.post("/v1/audit", Http.object().put("robots_txt", "User-agent: GPTBot\nDisallow: /\n")).json();
    assertThat(rows.isArray()).isTrue();
    JsonNode gpt = find(rows, "GPTBot");
    assertThat(gpt.get("crawl").asBoolean()).isFalse();
    assertThat(gpt.get("operator").asText()).isEqualTo("OpenAI");
    assertThat(gpt.at("/deciding/crawl ~1").asText()).isEqualTo("robots.txt:2: Disallow: /");
    assertThat(find(rows, "Googlebot").get("crawl").asBoolean()).isTrue();
  }

  @Test
  void theAuditAddsTheRequestsCrawlersAsTheCommandLineAddsItsOwn() {
    ObjectNode b = Http.object().put("robots_txt", "User-agent: GPTBot\nDisallow: /\n");
    b.putArray("crawlers").add("examplebot").add("gptbot").add("ExampleBot");
    JsonNode rows = http.post("/v1/audit", b).json();
    // a name on the list (ignoring case) is not added again; one that is not is added once, as acap audit --crawler adds it
    assertThat(rows).filteredOn(r -> r.get("crawler").asText().equalsIgnoreCase("gptbot")).hasSize(1);
    assertThat(rows).filteredOn(r -> r.get("crawler").asText().equalsIgnoreCase("examplebot")).singleElement()
        .satisfies(r -> {
          assertThat(r.get("operator").asText()).isEqualTo(KnownCrawler.added("examplebot").operator());
          assertThat(r.get("note").asText()).isEqualTo(KnownCrawler.added("examplebot").note().orElseThrow());
        });
    ObjectNode blank = Http.object().put("robots_txt", "User-agent: *\nDisallow:\n");
    blank.putArray("crawlers").add(" ");
    assertThat(http.post("/v1/audit", blank).status()).isEqualTo(400);
  }

  @Test
  void theAuditNamesOperatorFunctionAndTellsBlockedFromProhibitedInAuditsWords() {
    ObjectNode b = Http.object().put("robots_txt", "User-agent: GPTBot\nDisallow: /\n").put("content_signal", "ai-train=no");
    JsonNode rows = http.post("/v1/audit", b).json();
    JsonNode gpt = find(rows, "GPTBot");
    assertThat(gpt.get("function").asText()).isEqualTo("Scrapes data to train OpenAI's products.");
    assertThat(find(rows, "Googlebot").get("function").asText()).isEqualTo("Search Engine Crawlers");
    // kept out by the robots.txt: a purpose no source speaks to is blocked (crawl); one a source refuses is prohibited
    assertThat(gpt.at("/purposes/search").asText()).isEqualTo("blocked (crawl)");
    assertThat(gpt.at("/purposes/ai-train").asText()).isEqualTo("prohibited");
    assertThat(gpt.at("/deciding/search").asText()).isEqualTo("robots.txt:2: Disallow: /");
    JsonNode claude = find(rows, "ClaudeBot");
    assertThat(claude.at("/purposes/search").asText()).isEqualTo("unstated");
    assertThat(claude.at("/purposes/ai-train").asText()).isEqualTo("prohibited");
    // as text: acap audit's table, with its legend, word for word
    String text = http.post("/v1/audit", b.deepCopy().put("format", "text")).json().get("text").asText();
    assertThat(text).contains("crawler", "operator", "function", "legend:");
    for (AuditReport.LegendLine l : AuditReport.LEGEND) {
      assertThat(text).contains("  " + l.text() + "\n");
    }
    assertThat(text.lines().filter(l -> l.startsWith("GPTBot ")).findFirst().orElseThrow())
        .contains("OpenAI", "Scrapes data to train OpenAI", "prohibited", "blocked (crawl)");
    assertThat(http.post("/v1/audit", b.deepCopy().put("format", "markdown")).json().get("text").asText()).startsWith("### AI crawler audit: robots.txt");
  }

  private static JsonNode find(JsonNode rows, String crawler) {
    for (JsonNode r : rows) {
      if (r.get("crawler").asText().equals(crawler)) {
        return r;
      }
    }
    throw new AssertionError("no row for " + crawler);
  }

  @Test
  void lintGivesFindingsWithLineCodeAndFix() {
    JsonNode f = http.post("/v1/lint", Http.object().put("robots_txt", "ACAP-crawler: *\nACAP-disalow-crawl: /\n")).json();
    assertThat(f.isArray()).isTrue();
    assertThat(f).anySatisfy(n -> {
      assertThat(n.get("code").asText()).isEqualTo("unknown-acap-field");
      assertThat(n.get("line").asInt()).isEqualTo(2);
      assertThat(n.get("file").asText()).isEqualTo("robots.txt");
      assertThat(n.get("help").asText()).isNotBlank();
    });
  }

  @Test
  void diffNamesTheChangedVerdictsWithBothLines() {
    JsonNode d = http.post("/v1/diff", Http.object().put("before_txt", "User-agent: *\nDisallow: /a/\n").put("after_txt", "User-agent: *\nDisallow: /b/\n")).json();
    assertThat(d.get("changed").asBoolean()).isTrue();
    assertThat(d.get("changes")).extracting(c -> c.get("path").asText() + " " + c.at("/before/allowed").asBoolean() + "->" + c.at("/after/allowed").asBoolean())
        .containsExactly("/a/ false->true", "/b/ true->false");
  }

  @Test
  void theOpenApiDocumentDescribesEveryEndpoint() {
    Http.Answer a = http.get("/v1/openapi.json");
    assertThat(a.status()).isEqualTo(200);
    assertThat(a.raw().headers().firstValue("content-type")).hasValue("application/json");
    JsonNode doc = a.json();
    assertThat(doc.get("openapi").asText()).startsWith("3.");
    List<String> paths = new ArrayList<>();
    doc.get("paths").fieldNames().forEachRemaining(paths::add);
    assertThat(paths).containsExactlyInAnyOrder("/v1/decide", "/v1/explain", "/v1/audit", "/v1/lint", "/v1/diff", "/v1/fetch", "/v1/vocabulary",
        "/v1/openapi.json");
  }

  @Test
  void theVocabularyOffersCrawlersUsagesPurposesAndTheLegend() {
    JsonNode v = http.get("/v1/vocabulary").json();
    assertThat(v.get("crawlers").toString()).contains("\"GPTBot\"", "\"Googlebot\"");
    assertThat(v.get("usages").toString()).contains("\"crawl\"", "\"present-snippet\"");
    assertThat(v.get("labels")).extracting(e -> e.get("label").asText()).containsExactly("allowed", "prohibited", "blocked (crawl)", "unstated");
    assertThat(v.get("legend")).extracting(e -> e.get("text").asText())
        .containsExactlyElementsOf(AuditReport.LEGEND.stream().map(AuditReport.LegendLine::text).toList());
    assertThat(v.get("crawlers").toString()).contains("\"function\":\"Scrapes data to train OpenAI's products.\"");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"robots_txt\": \"x\", \"crawler\": \"a\", \"url\": \"/\"                   | 200 | ",
      "{not json                                                                     | 400 | the body is not valid JSON",
      "[1, 2]                                                                        | 400 | the body must be a JSON object",
      "{\"robots_txt\": \"x\", \"url\": \"/\"}                                       | 400 | 'crawler' is required",
      "{\"robots_txt\": \"x\", \"crawler\": \"a\"}                                   | 400 | give either 'url' or 'urls'",
      "{\"robots_txt\": \"x\", \"crawlr\": \"a\", \"url\": \"/\"}                    | 400 | unknown field 'crawlr' (did you mean 'crawler'?)",
      "{\"robots_txt\": 5, \"crawler\": \"a\", \"url\": \"/\"}                       | 400 | 'robots_txt' must be a string",
      "{\"crawler\": \"a\", \"url\": \"/\"}                                          | 400 | a policy is required",
      "{\"robots_txt\": \"x\", \"crawler\": \"a\", \"url\": \"/\", \"usage\": \"crwal\"} | 400 | did you mean 'crawl'?",
      "{\"robots_txt\": \"x\", \"robots\": \"https://example.com/\", \"crawler\": \"a\", \"url\": \"/\"} | 400 | not both",
      "{\"robots\": \"file:///etc/passwd\", \"crawler\": \"a\", \"url\": \"/\"}      | 400 | absolute http or https URL",
      "{\"robots_txt\": \"x\", \"crawler\": \"a\", \"url\": \"/\", \"url\": \"/b\"}   | 400 | Duplicate field 'url'"})
  void aBadRequestIsA400WithOneLineOfJson(String body, int status, String message) {
    Http.Answer a = http.post("/v1/decide", body.strip().endsWith("\"/\"") ? body.strip() + "}" : body.strip());
    assertThat(a.status()).as(a.body()).isEqualTo(status);
    if (status != 200) {
      assertThat(a.body()).doesNotContain("\n");
      assertThat(a.json().get("error").asText()).contains(message);
      assertThat(a.raw().headers().firstValue("content-type")).hasValue("application/json");
    }
  }

  @Test
  void aFileOver500KibIs413AndSoIsABodyOverTheLimit() {
    String big = "# " + "x".repeat(512_001) + "\n";
    Http.Answer file = http.post("/v1/lint", Http.object().put("robots_txt", big));
    assertThat(file.status()).isEqualTo(413);
    assertThat(file.json().get("error").asText()).contains("'robots_txt' is larger than 512000 bytes");
    Http.Answer body = http.post("/v1/lint", "{\"robots_txt\": \"" + "y".repeat(3 * 1024 * 1024) + "\"}", "application/json");
    assertThat(body.status()).isEqualTo(413);
    assertThat(body.json().get("error").asText()).contains("the request body is larger than");
    Http.Answer fits = http.post("/v1/lint", Http.object().put("robots_txt", "# " + "x".repeat(500_000) + "\n"));
    assertThat(fits.status()).isEqualTo(200);
  }

  @Test
  void pagesComeFromTheJarOnlyWithTheSecurityHeaders() {
    Http.Answer page = http.get("/");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.body()).contains("<script src=\"/app.js\" defer></script>").doesNotContain("<script>", "src=\"http", "href=\"http", "@import");
    assertThat(page.raw().headers().firstValue("content-security-policy")).hasValue(AcapServer.CSP);
    assertThat(AcapServer.CSP).contains("script-src 'self'").doesNotContain("unsafe-inline", "unsafe-eval");
    assertThat(page.raw().headers().firstValue("x-content-type-options")).hasValue("nosniff");
    assertThat(http.get("/app.js").status()).isEqualTo(200);
    for (String path : new String[] {"/etc/passwd", "/../pom.xml", "/%2e%2e/pom.xml", "/app.js/..", "/org/acapengine/serve/AcapServer.class", "/web/app.js"}) {
      Http.Answer a = http.send(HttpRequest.newBuilder(URI.create(server.uri() + path.substring(1))).GET().build());
      assertThat(a.status()).as(path).isEqualTo(404);
    }
  }

  @Test
  void wrongMethodsTypesAndHostsAreRefused() {
    assertThat(http.post("/v1/decide", "{}", "text/plain").status()).isEqualTo(415);
    assertThat(http.get("/v1/decide").status()).isEqualTo(405);
    assertThat(http.post("/v1/nothing", "{}", "application/json").status()).isEqualTo(404);
    assertThat(http.post("/", "{}", "application/json").status()).isEqualTo(405);
    // a page elsewhere that rebinds its own name to 127.0.0.1 still sends that name
    assertThat(rawStatus("GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")).isEqualTo(421);
    assertThat(rawStatus("GET / HTTP/1.1\r\nHost: localhost:" + server.port() + "\r\nConnection: close\r\n\r\n")).isEqualTo(200);
  }

  /** The status of a request written by hand (java.net.http will not send another Host header). */
  static int rawStatus(String request) {
    try (java.net.Socket s = new java.net.Socket(InetAddress.getLoopbackAddress(), server.port())) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      String status = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII)).readLine();
      return Integer.parseInt(status.split(" ")[1]);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aHundredConcurrentRequestsAreEachAnsweredCorrectly() {
    List<CompletableFuture<Http.Answer>> answers = new ArrayList<>();
    List<Boolean> expected = new ArrayList<>();
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      String dir = switch (i % 4) {
        case 0 -> "/public/";
        case 1 -> "/private/";
        case 2 -> "/news/";
        default -> "/other/";
      };
      String url = dir + "page-" + i + ".html";
      urls.add(url);
      expected.add(i % 4 == 0 || i % 4 == 2);
      answers.add(http.postAsync("/v1/decide", worked("named-crawler").put("url", url)));
    }
    CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
    for (int i = 0; i < 100; i++) {
      Http.Answer a = answers.get(i).join();
      assertThat(a.status()).as(a.body()).isEqualTo(200);
      assertThat(a.json().get("path").asText()).isEqualTo(urls.get(i));
      assertThat(a.json().get("allowed").asBoolean()).as(urls.get(i)).isEqualTo(expected.get(i));
    }
    assertThat(log).isEmpty();
  }
}
