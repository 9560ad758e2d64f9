package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * {@link CrawlerPolicy#heapBytes}, the size a cache of crawler policies is bounded by, is within
 * 20 % of the heap JOL measures for the policy's object graph (less what the evaluator shares
 * between all policies), after a crawl decision: on every corpus file, the ACAP samples, files
 * written as ACAP records, and files of many rules of each kind.
 */
class FootprintTest {

  static {
    System.setProperty("jol.magicFieldOffset", "true");
  }

  static Stream<Arguments> files() throws IOException {
    List<Arguments> all = new ArrayList<>();
    try (Stream<Path> corpus = Files.list(CorpusTest.CORPUS)) {
      corpus.filter(Files::isRegularFile).sorted().forEach(p -> all.add(Arguments.of(p.getFileName().toString(), read(p))));
    }
    try (Stream<Path> samples = Files.list(Path.of("grammars-samples"))) {
      samples.filter(p -> p.toString().endsWith(".txt")).sorted().forEach(p -> all.add(Arguments.of(p.getFileName().toString(), read(p))));
    }
    StringBuilder big = new StringBuilder("User-agent: *\n");
    StringBuilder acap = new StringBuilder("ACAP-crawler: *\n");
    for (int i = 0; i < 3000; i++) {
      big.append("Disallow: /section-").append(i).append("/private/*.pdf\n");
      acap.append("ACAP-disallow-crawl: /archive/").append(i).append("/\nACAP-allow-crawl: /*?session").append(i).append("=\n");
    }
    all.add(Arguments.of("3000 conventional rules", big.toString().getBytes(StandardCharsets.UTF_8)));
    all.add(Arguments.of("6000 ACAP fields", acap.toString().getBytes(StandardCharsets.UTF_8)));
    return all.stream();
  }

  private static byte[] read(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void theSumIsWithinAFifthOfTheMeasuredHeap(String name, byte[] content) {
    for (String crawler : List.of("examplebot", "Googlebot")) {
      CrawlerPolicy p = CompiledPolicy.compile(new RobotsTxtParser().parse(content, name)).forCrawler(List.of(crawler));
      p.decide("crawl", "/some/path");
      long measured = GraphLayout.parseInstance(p).subtract(shared()).totalSize();
      long sum = p.heapBytes();
      assertThat((double) sum / measured).as("%s for %s: sum %d, measured %d", name, crawler, sum, measured).isBetween(0.8, 1.2);
    }
  }

  /**
   * A table whose lines are of two files (a permissions reference's) holds their names and per
   * line its file's index, and the sum counts them.
   */
  @org.junit.jupiter.api.Test
  void aTableOfSeveralFilesIsCountedWithItsFiles() {
    RobotsTxtParser parser = new RobotsTxtParser();
    org.acapengine.model.PolicyDocument main = parser.parse(
        "ACAP-crawler: *\nACAP-permissions-reference: /ref.txt\nACAP-disallow-crawl: /a\nACAP-disallow-crawl: /c\n", "robots.txt");
    org.acapengine.model.PolicyDocument ref = parser.parse("ACAP-crawler: *\nACAP-allow-crawl: /b\nACAP-disallow-crawl: /d\n", "ref.txt");
    org.acapengine.model.AcapRecord r = main.acapRecords().get(0);
    CrawlerPolicy p = CompiledPolicy.compile(main,
        java.util.Map.of(r.permissionsReference().get(), ResolvedReference.loaded(main, r.permissionsReference().get(), ref)), CompileOptions.defaults())
        .forCrawler(List.of("examplebot"));
    assertThat(p.decide("crawl", "/b").allowed()).isTrue();
    assertThat(p.decide("crawl", "/a").allowed()).isFalse();
    assertThat(TableLines.lineSource(p.view().any)).isNotNull();
    assertThat(TableLines.sourceNames(p.view().any)).hasSize(2);
    long measured = GraphLayout.parseInstance(p).subtract(shared()).totalSize();
    assertThat((double) p.heapBytes() / measured).as("sum %d, measured %d", p.heapBytes(), measured).isBetween(0.8, 1.2);
  }

  /** What every policy may refer to and none holds of its own. */
  static GraphLayout shared() {
    return GraphLayout.parseInstance(Definitions.NONE, RuleTable.NO_SET_START, RuleTable.NO_INTS, RuleTable.NO_TEXT, RuleTable.Kind.NAMED,
        RuleTable.Kind.ANY, RuleTable.Kind.CONVENTIONAL, List.of(), java.util.Set.of("crawl"), Bucket.NONE, CrawlerView.EMPTY, RuleTableBuilder.shared(),
        java.util.Optional.empty(), SharedInts.all());
  }
}
