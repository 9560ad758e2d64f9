package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceText;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * A crawler's policy without the document decides as the whole compiled policy does, on every
 * corpus file, and holds nothing of the document.
 */
class CrawlerPolicyTest {

  static {
    System.setProperty("jol.magicFieldOffset", "true");
  }

  static Stream<Path> corpus() throws IOException {
    try (Stream<Path> s = Files.list(CorpusTest.CORPUS)) {
      return s.filter(Files::isRegularFile).sorted().toList().stream();
    }
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void decidesAsTheCompiledPolicy(Path file) throws IOException {
    PolicyDocument doc = new RobotsTxtParser().parse(Files.readAllBytes(file), file.getFileName().toString());
    CompiledPolicy whole = CompiledPolicy.compile(doc);
    List<String> paths = CorpusTest.pathsFrom(doc);
    for (List<String> crawler : CorpusTest.CRAWLERS) {
      CrawlerPolicy alone = CompiledPolicy.compile(doc).forCrawler(crawler);
      assertThat(alone.crawlerNames()).isEqualTo(crawler);
      assertThat(alone.actionRequests()).isEqualTo(whole.actionRequests(crawler));
      for (String path : paths) {
        assertThat(alone.decideConventionalOnly(path)).isEqualTo(whole.decideConventionalOnly(crawler, org.acapengine.eval.match.RequestPath.of(path)));
        for (String usage : CorpusTest.USAGES) {
          Query q = Query.builder().crawlers(crawler).usage(usage).url(path).build();
          assertThat(alone.decide(q)).as("%s %s %s", crawler, usage, path).isEqualTo(whole.decide(q));
          assertThat(alone.decide(usage, path)).isEqualTo(whole.decide(q));
        }
      }
    }
  }

  @Test
  void holdsNothingOfTheDocument() {
    String robots = "ACAP-crawler: examplebot\nACAP-disallow-index: /private/\n\nUser-agent: *\nDisallow: /tmp/\n";
    PolicyDocument doc = new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "robots.txt");
    CrawlerPolicy alone = CompiledPolicy.compile(doc).forCrawler(List.of("examplebot"));
    assertThat(alone.decide("index", "/private/a").allowed()).isFalse();
    assertThat(alone.decide("crawl", "/tmp/a").allowed()).isFalse();
    List<Class<?>> held = List.copyOf(GraphLayout.parseInstance(alone).getClasses());
    assertThat(held).contains(RuleTable.class).doesNotContain(PolicyDocument.class, SourceText.class, CompiledPolicy.class);
  }

  /** The README's snippet ("Using it as a library"), as written there. */
  @Test
  void theReadmeSnippetRuns() {
    PolicyDocument doc = new RobotsTxtParser().parse("User-agent: *\nDisallow: /public/a\n".getBytes(StandardCharsets.UTF_8), "robots.txt");
    CrawlerPolicy mine = CompiledPolicy.compile(doc).forCrawler(List.of("named-crawler"));
    Decision d = mine.decide("crawl", "https://example.com/public/a");       // as policy.decide would answer
    assertThat(d.allowed()).isFalse();
    assertThat(d.deciding()).extracting(org.acapengine.model.SourceLine::line).containsExactly(2);
  }

  /** Two crawlers that select the same records share one view; each policy keeps its own names. */
  @Test
  void crawlersSharingAViewKeepTheirOwnNames() {
    PolicyDocument doc = new RobotsTxtParser().parse("User-agent: *\nDisallow: /x\n".getBytes(StandardCharsets.UTF_8), "robots.txt");
    CompiledPolicy policy = CompiledPolicy.compile(doc);
    CrawlerPolicy a = policy.forCrawler(List.of("a-bot"));
    CrawlerPolicy b = policy.forCrawler(List.of("b-bot"));
    assertThat(b.crawlerNames()).containsExactly("b-bot");
    assertThat(b.decide(Query.of("b-bot", "crawl", "/x")).allowed()).isFalse();
    assertThat(a.decide(Query.of("a-bot", "crawl", "/y")).allowed()).isTrue();
  }

  @Test
  void refusesAQueryForAnotherCrawler() {
    PolicyDocument doc = new RobotsTxtParser().parse("User-agent: *\nDisallow: /\n".getBytes(StandardCharsets.UTF_8), "robots.txt");
    CrawlerPolicy alone = CompiledPolicy.compile(doc).forCrawler(List.of("a-bot"));
    assertThatThrownBy(() -> alone.decide(Query.of("b-bot", "crawl", "/"))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("b-bot");
    assertThatThrownBy(() -> CompiledPolicy.compile(doc).forCrawler(List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
