package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.internal.json.Json;
import org.acapengine.site.DecisionNote;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SitePolicy;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The answers a site owner used to misread, and the new sources on the command line: a crawl
 * prohibition noted beside a use decision, a preference that does not reach a crawler's own group,
 * misspelt purposes and usages refused (and visible to library callers), RSL licences (local,
 * unread, fetched from a real server on 127.0.0.1 only when asked) and a page's own signals, each
 * with its file and line.
 */
class VocabularyCliTest {

  static final String MISREAD = "docs/examples/misread-robots.txt";

  @Test
  void aUseDecisionForACrawlerThatMayNotFetchThePageSaysSoWithTheDisallowLine() throws IOException {
    AcapRun.Result explain = AcapRun.run("explain", "--robots", MISREAD, "--crawler", "GPTBot", "--purpose", "ai-train", "--usage", "index", "/news/a");
    assertThat(explain.exitCode()).isZero();
    assertThat(explain.out()).contains("note: crawling /news/a is prohibited for GPTBot (" + MISREAD + ":3: Disallow: /): it cannot fetch the page at all")
        .contains("the Content-Signal line of 'User-agent: *' (line 6) does not reach GPTBot, which has a group of its own (line 2");
    AcapRun.Result check = AcapRun.run("check", "--robots", MISREAD, "--crawler", "GPTBot", "--purpose", "ai-train", "--usage", "index", "/news/a");
    assertThat(check.out()).contains("note: crawling /news/a is prohibited for GPTBot (" + MISREAD + ":3: Disallow: /)");
    AcapRun.Result jsonl = AcapRun.run("check", "--robots", MISREAD, "--crawler", "GPTBot", "--purpose", "ai-train", "--usage", "index",
        "--format", "jsonl", "/news/a");
    JsonNode note = Json.MAPPER.readTree(jsonl.out()).get("decisionNotes").get(0);
    assertThat(note.get("code").asText()).isEqualTo("crawl-prohibited");
    assertThat(note.get("lines").get(0).get("line").asInt()).isEqualTo(3);
    AcapRun.Result json = AcapRun.run("explain", "--robots", MISREAD, "--crawler", "GPTBot", "--purpose", "ai-train", "--usage", "index",
        "--format", "json", "/news/a");
    assertThat(Json.MAPPER.readTree(json.out()).get("combined").get("decisionNotes").get(0).get("code").asText()).isEqualTo("crawl-prohibited");
    // crawl itself gets no such note, and a crawler that may fetch gets none
    assertThat(AcapRun.run("check", "--robots", MISREAD, "--crawler", "GPTBot", "/news/a").out()).doesNotContain("note:");
    assertThat(AcapRun.run("check", "--robots", MISREAD, "--crawler", "otherbot", "--purpose", "ai-train", "--usage", "index", "/news/a").out())
        .doesNotContain("note:").startsWith("prohibited");
  }

  @ParameterizedTest(name = "[{index}] {0} {1}")
  @CsvSource(delimiter = '|', textBlock = """
      --purpose | ai-trian  | --purpose: 'ai-trian' is in no purpose vocabulary | (did you mean 'ai-train'?)
      --purpose | serch     | --purpose: 'serch' is in no purpose vocabulary    | (did you mean 'search'?)
      --usage   | crawll    | --usage: 'crawll' is no ACAP usage                | (did you mean 'crawl'?)
      """)
  void misspeltPurposesAndUsagesAreRefused(String option, String value, String message, String suggestion) {
    String[] args = option.equals("--usage") ? new String[] {"check", "--robots", MISREAD, "--crawler", "GPTBot", "--usage", value, "/a"}
        : new String[] {"check", "--robots", MISREAD, "--crawler", "GPTBot", "--usage", "index", option, value, "/a"};
    AcapRun.Result r = AcapRun.run(args);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).singleElement().asString().contains(message).endsWith(suggestion);
  }

  @Test
  void aPurposeThePolicyNamesIsNotRefused(@TempDir Path dir) throws IOException {
    // Scorpion sections and ACAP sub-records name purposes outside the vocabulary
    assertThat(AcapRun.run("check", "--scorpion", AcapRun.SCORPION, "--crawler", "examplebot", "--purpose", "mirror", "/a").exitCode()).isZero();
    Path robots = Files.writeString(dir.resolve("robots.txt"), "##ACAP version=1.0\nACAP-crawler: *\nACAP-usage-purpose: news-*\n"
        + "ACAP-disallow-index: /\n", StandardCharsets.UTF_8);
    AcapRun.Result named = AcapRun.run("check", "--robots", robots.toString(), "--crawler", "x", "--purpose", "news-digest", "--usage", "index", "/a");
    assertThat(named.exitCode()).isZero();
    assertThat(named.out()).startsWith("prohibited");
    AcapRun.Result unnamed = AcapRun.run("check", "--robots", robots.toString(), "--crawler", "x", "--purpose", "weather", "/a");
    assertThat(unnamed.exitCode()).isEqualTo(ExitCodes.USAGE);
  }

  @Test
  void theLibraryShowsAnUnknownUsageOrPurposeOnTheDecision() {
    SitePolicy site = SitePolicy.builder().robots(CompiledPolicy.compile(new RobotsTxtParser().parse("User-agent: *\nDisallow: /x\n", "robots.txt")))
        .build();
    SiteDecision usage = site.decide(Query.builder().crawler("bot").usage("crawll").url("/a").build());
    assertThat(usage.basis()).isEqualTo(SiteDecision.UNKNOWN_USAGE);
    assertThat(usage.notes()).extracting(DecisionNote::code).containsExactly(DecisionNote.UNKNOWN_USAGE);
    SiteDecision purpose = site.decide(Query.builder().crawler("bot").usage("index").purpose("ai-trian").url("/a").build());
    assertThat(purpose.notes()).extracting(DecisionNote::code).containsExactly(DecisionNote.UNKNOWN_PURPOSE);
    assertThat(site.decide(Query.builder().crawler("bot").usage("index").purpose("ai-use").url("/a").build()).notes()).isEmpty();
  }

  @Test
  void aLicenceTheSiteNamesIsNotReadWithoutBeingAskedAndSaysSo() throws IOException {
    AcapRun.Result r = AcapRun.run("check", "--robots", "docs/examples/rsl-robots.txt", "--crawler", "x", "--purpose", "ai-train", "--usage", "index",
        "--format", "jsonl", "/a");
    JsonNode rsl = null;
    for (JsonNode s : Json.MAPPER.readTree(r.out()).get("sources")) {
      if (s.get("kind").asText().equals("rsl")) {
        rsl = s;
      }
    }
    assertThat(rsl).isNotNull();
    assertThat(rsl.get("source").asText()).isEqualTo("https://example.com/license.xml");
    // The library's reason names no option (a library caller or the service has none); the
    // command line names its options in the notice on standard error, at the License: line.
    assertThat(rsl.get("reason").asText()).isEqualTo("the licence named on docs/examples/rsl-robots.txt line 2 was not read: network access is off, so it was not fetched");
    assertThat(r.err()).isEqualTo("docs/examples/rsl-robots.txt:2:1: warning rsl-not-fetched the licence https://example.com/license.xml was not fetched:"
        + " network access is off; decisions go without its terms (give a local copy with --rsl FILE, or allow fetching with --fetch-references)\n");
  }

  @Test
  void aLocalCopyDecidesWithItsXmlLinesAndObligations() throws IOException {
    AcapRun.Result r = AcapRun.run("check", "--robots", "docs/examples/rsl-robots.txt", "--rsl", "docs/examples/license.xml", "--crawler", "x",
        "--purpose", "ai-input", "--user-type", "commercial", "--usage", "index", "--format", "jsonl", "/articles/a");
    JsonNode n = Json.MAPPER.readTree(r.out());
    assertThat(n.get("allowed").asBoolean()).isTrue();
    assertThat(n.get("basis").asText()).isEqualTo("rsl");
    assertThat(n.get("source").asText()).isEqualTo("docs/examples/license.xml");
    assertThat(n.get("line").asInt()).isEqualTo(14);
    assertThat(n.get("obligations")).extracting(JsonNode::asText).containsExactly("license", "payment", "terms");
    assertThat(n.get("decisionNotes")).extracting(x -> x.get("lines").get(0).get("line").asInt()).contains(11, 16, 12);
    AcapRun.Result refused = AcapRun.run("check", "--rsl", "docs/examples/license.xml", "--crawler", "x", "--purpose", "ai-input",
        "--user-type", "education", "--usage", "index", "/articles/a");
    assertThat(refused.out()).startsWith("prohibited");
    assertThat(AcapRun.run("check", "--rsl", "docs/examples/license.xml", "--crawler", "x", "--user-type", "comercial", "/a").errLines())
        .singleElement().asString().endsWith("(did you mean 'commercial'?)");
  }

  @Test
  void anUnstatedUserTypeIsNotedWithTheOptionThatStatesIt() throws IOException {
    // The library's note names no option (RslSourceTest); the command line adds its own where it prints the note.
    AcapRun.Result check = AcapRun.run("check", "--rsl", "docs/examples/license.xml", "--crawler", "x", "--purpose", "ai-input", "--usage",
        "index", "--format", "jsonl", "/articles/a");
    JsonNode notes = Json.MAPPER.readTree(check.out()).get("decisionNotes");
    assertThat(notes).filteredOn(n -> n.get("code").asText().equals(DecisionNote.USER_TYPE_UNSTATED)).singleElement()
        .satisfies(n -> assertThat(n.get("text").asText()).endsWith("the crawler states no user type (--user-type)"));
    AcapRun.Result explain = AcapRun.run("explain", "--rsl", "docs/examples/license.xml", "--crawler", "x", "--purpose", "ai-input", "--usage",
        "index", "/articles/a");
    assertThat(explain.out()).contains("the crawler states no user type (--user-type)");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      rsl-user   | the crawler states no user type | the crawler states no user type (--user-type)
      rsl-geo    | the crawler states no country   | the crawler states no country (--country)
      obligation | payment (use) 0.002 EUR         | payment (use) 0.002 EUR
      """)
  void aNoteGetsTheOptionThatRemediesIt(String code, String text, String printed) {
    assertThat(PolicyOptions.remedy(new DecisionNote(code, text, java.util.List.of())).text()).isEqualTo(printed);
  }

  @Test
  void aLicenceIsFetchedFromTheNetworkOnlyWithFetchReferences(@TempDir Path dir) throws IOException {
    AtomicInteger requests = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    byte[] licence = Files.readAllBytes(Path.of("docs/examples/license.xml"));
    server.createContext("/license.xml", x -> {
      requests.incrementAndGet();
      x.getResponseHeaders().add("Content-Type", "application/rsl+xml");
      x.sendResponseHeaders(200, licence.length);
      x.getResponseBody().write(licence);
      x.close();
    });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/license.xml";
      Path robots = Files.writeString(dir.resolve("robots.txt"), "License: " + url + "\nUser-agent: *\nAllow: /\n", StandardCharsets.UTF_8);
      AcapRun.Result off = AcapRun.run("check", "--robots", robots.toString(), "--crawler", "x", "--purpose", "ai-train", "--usage", "index", "/a");
      assertThat(off.out()).startsWith("allowed     index  /a  (default)");
      assertThat(requests.get()).isZero();
      AcapRun.Result on = AcapRun.run("check", "--robots", robots.toString(), "--fetch-references", "--crawler", "x", "--purpose", "ai-train",
          "--usage", "index", "/a");
      assertThat(on.out()).startsWith("prohibited  index  /a  (rsl, " + url + ":7: <prohibits type=\"usage\">ai-train</prohibits>)");
      assertThat(requests.get()).isEqualTo(1);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void aPagesOwnSignalsDecideWithTheirFileAndLine() throws IOException {
    AcapRun.Result r = AcapRun.run("check", "--page-headers", "docs/examples/page-headers.txt", "--page", "docs/examples/page.html",
        "--crawler", "GPTBot", "--purpose", "search", "--usage", "index,present-snippet", "--format", "jsonl", "/articles/a");
    assertThat(r.exitCode()).isZero();
    JsonNode index = Json.MAPPER.readTree(r.outLines().get(0));
    assertThat(index.get("allowed").asBoolean()).isFalse();
    assertThat(index.get("basis").asText()).isEqualTo("robots-tag");
    assertThat(index.get("source").asText() + ":" + index.get("line").asInt()).isEqualTo("docs/examples/page-headers.txt:3");
    AcapRun.Result other = AcapRun.run("check", "--page-headers", "docs/examples/page-headers.txt", "--page", "docs/examples/page.html",
        "--crawler", "otherbot", "--purpose", "search", "--usage", "present-snippet", "--format", "jsonl", "/articles/a");
    JsonNode snippet = Json.MAPPER.readTree(other.out());
    assertThat(snippet.get("allowed").asBoolean()).isTrue();
    assertThat(snippet.get("qualifiers").get("max-length").asText()).isEqualTo("120-chars");
    AcapRun.Result ai = AcapRun.run("check", "--page", "docs/examples/page.html", "--crawler", "otherbot", "--purpose", "ai-train",
        "--usage", "index", "/articles/a");
    assertThat(ai.out()).startsWith("prohibited  index  /articles/a  (robots-tag, docs/examples/page.html:6: <meta name=\"robots\" content=\"noai, noimageai\">)");
  }

  @Test
  void hintsListWhatTheLicenceAsksFor() {
    AcapRun.Result r = AcapRun.run("hints", "--rsl", "docs/examples/license.xml", "--crawler", "x");
    assertThat(r.out()).contains("conditions (what the sources ask of a crawler that uses the content):")
        .contains("<content url=\"/\">: payment (crawl) 0.015 USD (docs/examples/license.xml:8: <payment type=\"crawl\">)");
  }
}
