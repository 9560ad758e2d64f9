package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.compat.crawlercommons.AcapRobotRulesParser;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.junit.jupiter.api.Test;

/**
 * The README's "For crawler schedulers" snippets, compiled here: every line of those {@code java}
 * blocks must appear in this file, so the README cannot show code that does not compile. The
 * bridge snippet also runs.
 */
class SchedulerSnippetsTest {

  /** README: the cache (compiled, not run: it would fetch from example.com). */
  @SuppressWarnings("unused")
  static void cache() {
    PolicyCache cache = PolicyCache.builder()
        .fetchOptions(FetchOptions.defaults().withUserAgent("ExampleBot/2.1 (+https://example.com/bot)"))
        .maxBytes(512L * 1024 * 1024)
        .build();
    Query crawl = Query.builder().crawler("ExampleBot").usage("crawl").build();
    Decision d = cache.decide("https://example.com/news/today", crawl);     // any thread
    d.allowed(); d.basis().label(); d.deciding();   // e.g. false, "robots-unreachable", the reason
    PolicyCache.Stats s = cache.stats();            // requests, hits, fetches, evictions, bytesHeld
  }

  /** README: fetching alone (compiled, not run). */
  @SuppressWarnings("unused")
  static void fetch() {
    RobotsFetcher fetcher = new RobotsFetcher(FetchOptions.defaults().withUserAgent("ExampleBot/2.1"));
    RobotsFetch f = fetcher.fetch(Origin.parse("https://example.com/any/page").orElseThrow());
    Query q = Query.of("ExampleBot", "crawl", "https://example.com/any/page");
    if (f instanceof RobotsFetch.Fetched ok) {
      Decision d = CompiledPolicy.compile(ok.document()).decide(q);
    } else if (f instanceof RobotsFetch.Unavailable u) {
      Decision d = u.decision();        // allowed, basis robots-unavailable (4xx)
    } else if (f instanceof RobotsFetch.Unreachable u) {
      Decision d = u.decision(q);       // prohibited, basis robots-unreachable (5xx, 429, network)
    }
    f.describe();                       // what happened, naming the URL
  }

  @Test
  void theBridgeSnippetRuns() {
    String robotsUrl = "https://example.com/robots.txt";
    byte[] bytes = "User-agent: *\nDisallow: /private/\nCrawl-delay: 5\nSitemap: /sitemap.xml\n".getBytes(StandardCharsets.UTF_8);
    String contentType = "text/plain";
    BaseRobotsParser parser = new AcapRobotRulesParser();     // was: new SimpleRobotRulesParser()
    BaseRobotRules rules = parser.parseContent(robotsUrl, bytes, contentType, List.of("examplebot"));
    rules.isAllowed("https://example.com/a"); rules.getCrawlDelay(); rules.getSitemaps();
    BaseRobotRules failed = parser.failedFetch(503);          // nothing allowed, defer visits
    assertThat(rules.isAllowed("https://example.com/a")).isTrue();
    assertThat(rules.isAllowed("https://example.com/private/x")).isFalse();
    assertThat(rules.getCrawlDelay()).isEqualTo(5000);
    assertThat(rules.getSitemaps()).containsExactly("https://example.com/sitemap.xml");
    assertThat(failed.isAllowed("https://example.com/a")).isFalse();
    assertThat(failed.isDeferVisits()).isTrue();
  }

  @Test
  void everyReadmeSnippetLineIsCompiledHere() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    int start = readme.indexOf("### For crawler schedulers");
    assertThat(start).as("README has the section").isNotNegative();
    int end = readme.indexOf("\n### ", start + 1);
    String section = readme.substring(start, end < 0 ? readme.length() : end);
    String self = Files.readString(Path.of("src/test/java/org/acapengine/load/SchedulerSnippetsTest.java"));
    List<String> lines = new ArrayList<>();
    boolean inJava = false;
    for (String line : section.split("\n")) {
      if (line.startsWith("```")) {
        inJava = line.equals("```java");
        continue;
      }
      if (inJava && !line.isBlank()) {
        lines.add(line.strip());
      }
    }
    assertThat(lines).hasSizeGreaterThan(10);
    for (String line : lines) {
      assertThat(self).as("README line compiled in this test").contains(line);
    }
  }
}
