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
          String url = "https://example.com" + path + "?q=/x#/f?g";
          assertThat(alone.decide(q, url)).as("%s %s %s", crawler, usage, url).isEqualTo(whole.decide(q.withPath(url)));
        }
      }
    }
  }

  /**
   * A policy that names its file by a cache's key decides as the one that holds the name, lines
   * and their file included, on every corpus file; it holds neither the name nor its array.
   */
  @ParameterizedTest
  @MethodSource("corpus")
  void namingItsFileByTheKeyDecidesAlike(Path file) throws IOException {
    PolicyDocument doc = new RobotsTxtParser().parse(Files.readAllBytes(file), "https://www.example.com/robots.txt");
    List<String> paths = CorpusTest.pathsFrom(doc);
    String key = new String("www.example.com");
    for (List<String> crawler : CorpusTest.CRAWLERS) {
      CrawlerPolicy held = CompiledPolicy.compile(doc).forCrawler(crawler);
      CrawlerPolicy keyed = CompiledPolicy.compile(doc).forCrawler(crawler).namingItsFileBy(key);
      for (String path : paths) {
        assertThat(keyed.decideConventionalOnly(path)).isEqualTo(held.decideConventionalOnly(path));
        for (String usage : CorpusTest.USAGES) {
          Decision d = keyed.decide(usage, path);
          assertThat(d).as("%s %s %s", crawler, usage, path).isEqualTo(held.decide(usage, path));
          assertThat(List.copyOf(d.deciding())).isEqualTo(List.copyOf(held.decide(usage, path).deciding()));
        }
      }
      if (keyed != held) { // the name (a string of 34 characters: 80 bytes) and its array (24) are not held
        assertThat(GraphLayout.parseInstance(keyed, key).totalSize()).isLessThanOrEqualTo(GraphLayout.parseInstance(held, key).totalSize() - 104);
      } else {
        assertThat(held.view().isEmpty()).as("only a policy without tables keeps its own").isTrue();
      }
    }
  }

  @Test
  void namesItsFileByTheKeyOnlyWhenTheKeyMakesItsName() {
    String robots = "User-agent: *\nDisallow: /x\n";
    CrawlerPolicy https = CompiledPolicy.compile(new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "https://h.example/robots.txt"))
        .forCrawler(List.of("a-bot"));
    assertThat(https.namingItsFileBy("other.example")).isSameAs(https);
    assertThat(https.namingItsFileBy("http://h.example")).isSameAs(https);
    CrawlerPolicy keyed = https.namingItsFileBy("h.example");
    assertThat(keyed).isNotSameAs(https);
    assertThat(keyed.decide("crawl", "/x").deciding()).extracting(org.acapengine.model.SourceLine::source).containsExactly("https://h.example/robots.txt");
    CrawlerPolicy port = CompiledPolicy.compile(new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "http://h.example:8080/robots.txt"))
        .forCrawler(List.of("a-bot"));
    assertThat(port.namingItsFileBy("http://h.example:8080").decide("crawl", "/x").deciding())
        .extracting(org.acapengine.model.SourceLine::source).containsExactly("http://h.example:8080/robots.txt");
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
    assertThatThrownBy(() -> alone.decide(Query.of("b-bot", "crawl", "/"), "/x")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("b-bot");
    assertThatThrownBy(() -> CompiledPolicy.compile(doc).forCrawler(List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
