package org.acapengine.bench;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.CrawlerPolicy;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.openjdk.jol.info.GraphLayout;

/**
 * Retained bytes of a compiled policy for one crawler ({@link CrawlerPolicy}: the crawler's rules
 * without the document), measured by JOL's object-graph walk, beside crawler-commons' {@code
 * SimpleRobotRules} for the same file and crawler, and of the whole {@link CompiledPolicy} (the
 * document kept, as {@code explain} needs it) for reference: per file of the bundled
 * real-robots corpus and the generated 100 KB and 500 KB files of {@link
 * VersusCrawlerCommonsBenchmark}, then the median and largest ratio. To run it:
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) org.acapengine.bench.RetainedMemoryReport
 * </pre>
 */
public final class RetainedMemoryReport {

  static {
    // JOL reads field offsets of records only this way on JDK 17, and needs no agent for it.
    System.setProperty("jol.magicFieldOffset", "true");
  }

  private RetainedMemoryReport() {}

  /** One file's figures. */
  record Row(String name, int bytes, long acap, long whole, long crawlerCommons) {
    double ratio() {
      return (double) acap / crawlerCommons;
    }
  }

  public static void main(String[] args) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (Stream<Path> paths = Files.list(Path.of("src/test/resources/corpus/real-robots"))) {
      for (Path p : paths.sorted().toList()) {
        if (!p.getFileName().toString().equalsIgnoreCase("README.md")) {
          rows.add(measure(p.getFileName().toString(), Files.readAllBytes(p)));
        }
      }
    }
    List<Row> corpus = List.copyOf(rows);
    Row k100 = measure("synthetic-100k", VersusCrawlerCommonsBenchmark.synthetic(100 * 1024, new java.util.Random(7)));
    Row k500 = measure("synthetic-500k", VersusCrawlerCommonsBenchmark.synthetic(500 * 1024, new java.util.Random(7)));
    List<Row> byRatio = new ArrayList<>(corpus);
    byRatio.sort((a, b) -> Double.compare(a.ratio(), b.ratio()));
    Row median = byRatio.get(byRatio.size() / 2);
    Row worst = byRatio.get(byRatio.size() - 1);
    long acapTotal = corpus.stream().mapToLong(Row::acap).sum();
    long wholeTotal = corpus.stream().mapToLong(Row::whole).sum();
    long ccTotal = corpus.stream().mapToLong(Row::crawlerCommons).sum();
    System.out.printf(Locale.ROOT, "%-60s %9s %12s %12s %12s %7s%n", "file", "bytes", "acap", "crawler-c.", "acap whole", "ratio");
    for (Row r : List.of(median, worst, k100, k500)) {
      System.out.printf(Locale.ROOT, "%-60s %9d %12d %12d %12d %7.2f%n", r.name(), r.bytes(), r.acap(), r.crawlerCommons(), r.whole(), r.ratio());
    }
    System.out.printf(Locale.ROOT, "corpus: %d files; median ratio %.2f (%s); largest %.2f (%s); all files %d vs %d bytes (%.2f); whole policies %d bytes (%.2f)%n",
        corpus.size(), median.ratio(), median.name(), worst.ratio(), worst.name(), acapTotal, ccTotal, (double) acapTotal / ccTotal, wholeTotal,
        (double) wholeTotal / ccTotal);
  }

  static Row measure(String name, byte[] content) {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(content, name));
    policy.decide(Query.of("examplebot", "crawl", "https://example.com/"));
    CrawlerPolicy crawler = CompiledPolicy.compile(new RobotsTxtParser().parse(content, name)).forCrawler(List.of("examplebot"));
    crawler.decide("crawl", "https://example.com/");
    BaseRobotRules rules = new SimpleRobotRulesParser().parseContent("https://example.com/robots.txt", content, "text/plain", List.of("examplebot"));
    rules.isAllowed("https://example.com/");
    return new Row(name, content.length, GraphLayout.parseInstance(crawler).totalSize(), GraphLayout.parseInstance(policy).totalSize(),
        GraphLayout.parseInstance(rules).totalSize());
  }
}
