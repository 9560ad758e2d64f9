package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.acapengine.compat.crawlercommons.AcapRobotRulesParser;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;

/**
 * What the README's library snippets say in their comments, checked: the values they name. (That
 * every snippet compiles with its imports, and runs where it needs no network, is {@code
 * docs.ReadmeSnippetsTest}.)
 */
class SchedulerSnippetsTest {

  @Test
  void theDecisionSnippetAnswersAsItsCommentsSay() throws Exception {
    byte[] bytes = java.nio.file.Files.readAllBytes(java.nio.file.Path.of("grammars-samples/spec-2-1-worked-example.robots.txt"));
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(bytes, "https://example.com/robots.txt"));
    Query query = Query.builder()
        .crawler("named-crawler").usage("preserve").purpose("news")
        .url("https://example.com/public/report.html").build();
    Decision d = policy.decide(query);
    assertThat(d.allowed()).isTrue();
    assertThat(d.basis().label()).isEqualTo("acap-field");
    SourceLine line = d.decidingLine();
    assertThat(line).isEqualTo(d.deciding().get(0));
    assertThat(line.text()).startsWith("ACAP-allow-(cache)");
    assertThat(d.qualifiers()).extracting(Object::toString).anyMatch(q -> q.contains("until-recrawled"));
  }

  @Test
  void aCacheBuildsWithItsDefaultsOrWithFetchOptions() {
    assertThat(PolicyCache.builder().forCrawler(List.of("ExampleBot")).maxBytes(512L * 1024 * 1024).build().stats().entries()).isZero();
    assertThat(PolicyCache.builder().fetchOptions(FetchOptions.defaults().withUserAgent("ExampleBot/2.1 (+https://example.com/bot)"))
        .forCrawler(List.of("ExampleBot")).maxBytes(512L * 1024 * 1024).build().stats().entries()).isZero();
  }

  @Test
  void theBridgeAnswersAsTheReadmeSays() {
    byte[] bytes = "User-agent: *\nDisallow: /private/\nCrawl-delay: 5\nSitemap: /sitemap.xml\n".getBytes(StandardCharsets.UTF_8);
    BaseRobotsParser parser = new AcapRobotRulesParser();
    BaseRobotRules rules = parser.parseContent("https://example.com/robots.txt", bytes, "text/plain", List.of("examplebot"));
    BaseRobotRules failed = parser.failedFetch(503);
    assertThat(rules.isAllowed("https://example.com/a")).isTrue();
    assertThat(rules.isAllowed("https://example.com/private/x")).isFalse();
    assertThat(rules.getCrawlDelay()).isEqualTo(5000);
    assertThat(rules.getSitemaps()).containsExactly("https://example.com/sitemap.xml");
    assertThat(failed.isAllowed("https://example.com/a")).isFalse();
    assertThat(failed.isDeferVisits()).isTrue();
    BaseRobotRules index = new AcapRobotRulesParser("index", Optional.of("search"), false)
        .parseContent("https://example.com/robots.txt", bytes, "text/plain", List.of("examplebot"));
    assertThat(index.isAllowed("https://example.com/private/x")).as("Disallow speaks to crawl only").isTrue();
  }
}
