package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.eval.Query;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.Verdict;
import org.junit.jupiter.api.Test;

/**
 * The crawl-prohibited note asks only the sources that can decide crawl ({@link
 * PolicySource#decidesCrawl()}): a source that says it cannot must give crawl no opinion, for
 * every crawler, purpose and path, or the note would answer differently from {@code --usage crawl}.
 */
class CrawlDecidersTest {

  @Test
  void aSourceThatCannotDecideCrawlHasNoOpinionOnIt() {
    String dir = EverySourceTest.DIR;
    SiteLoader loader = new SiteLoader(LoadOptions.defaults());
    SitePolicy.Builder b = SitePolicy.builder()
        .robots(loader.robots(dir + "robots.txt").orElseThrow(IllegalStateException::new))
        .llmPolicy(loader.llmPolicy("docs/examples/llm-policy.json").orElseThrow(IllegalStateException::new))
        .scorpion(loader.scorpion("docs/examples/scorpion.crawl").orElseThrow(IllegalStateException::new));
    b.source(new TdmRepSource(loader.tdmRep("docs/examples/tdmrep.json").orElseThrow(IllegalStateException::new)));
    PageSignals page = loader.page(dir + "page.headers", dir + "page.html").orElseThrow(IllegalStateException::new);
    PageSources.of(page, RslSource.Licensee.UNSTATED).sources().forEach(b::source);
    RslDocument rsl = loader.rsl("docs/examples/license.xml").orElseThrow(IllegalStateException::new);
    b.source(new RslSource(rsl, RslSource.Licensee.UNSTATED, "--rsl license.xml"));
    SitePolicy policy = b.build();
    assertThat(policy.sources().stream().filter(s -> !s.decidesCrawl()).map(PolicySource::kind).distinct())
        .contains("content-signal", "content-usage", "llm-policy.json", "tdmrep", "robots-tag", "rsl");
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    int asked = 0;
    for (String crawler : List.of("anybot", "GPTBot", "Googlebot", "Google-Extended", "ClaudeBot")) {
      for (String purpose : SitePolicy.purposeNames()) {
        for (String path : List.of("/", "/news/a", "/open/data", "/images/a.png", "/private/x", "/search?q=a", "/a%2Fb")) {
          Query q = Query.builder().crawler(crawler).purpose(purpose).usage("crawl").url(path).build();
          for (PolicySource s : policy.sources()) {
            if (!s.decidesCrawl()) {
              assertThat(s.decide(q, now).verdict()).as(s.kind() + " " + q).isEqualTo(Verdict.NO_OPINION);
              asked++;
            }
          }
        }
      }
    }
    assertThat(asked).isGreaterThan(1000);
  }
}
