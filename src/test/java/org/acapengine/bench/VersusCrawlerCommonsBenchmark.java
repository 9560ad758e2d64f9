package org.acapengine.bench;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.CrawlerPolicy;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * acap-engine beside crawler-commons' {@code SimpleRobotRulesParser} (the library Nutch and
 * StormCrawler call), same JVM, same inputs, one run: parsing and compiling for one crawler, and
 * deciding full URLs. The ratio of the two scores of a pair is the figure the README shows.
 *
 * <p>Not part of the test suite. To run it:
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) \
 *     org.openjdk.jmh.Main VersusCrawlerCommonsBenchmark -f 1 -wi 3 -i 5 -w 1s -r 2s
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class VersusCrawlerCommonsBenchmark {

  private static final String CRAWLER = "examplebot";
  private static final String ROBOTS_URL = "https://example.com/robots.txt";

  /**
   * The files parsed per operation. {@code corpus}: the 140 real robots.txt files bundled for
   * the tests, each parsed once per operation (their total size divided by the time per
   * operation is the throughput in bytes). {@code synthetic-100k}, {@code synthetic-500k}: one
   * generated file of that size, groups for several crawlers with realistic paths.
   */
  @State(Scope.Benchmark)
  public static class Input {
    @Param({"corpus", "synthetic-100k", "synthetic-500k"})
    public String input;

    byte[][] files;
    long bytes;

    @Setup(Level.Trial)
    public void load() {
      files = input.equals("corpus") ? corpus()
          : new byte[][] {synthetic(input.equals("synthetic-100k") ? 100 * 1024 : 500 * 1024, new Random(7))};
      for (byte[] f : files) {
        bytes += f.length;
      }
      System.out.println();
      System.out.println(input + ": " + files.length + " files, " + bytes + " bytes per operation");
    }
  }

  /** The bundled real robots.txt files (src/test/resources/corpus/real-robots), in name order. */
  static byte[][] corpus() {
    List<byte[]> all = new ArrayList<>();
    try (Stream<Path> paths = Files.list(Path.of("src/test/resources/corpus/real-robots"))) {
      for (Path p : paths.sorted().toList()) {
        if (!p.getFileName().toString().equalsIgnoreCase("README.md")) {
          all.add(Files.readAllBytes(p));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("run from the repository root", e);
    }
    return all.toArray(byte[][]::new);
  }

  /** A robots.txt of about {@code size} bytes: groups of Allow/Disallow lines with paths and some wildcards, comments, sitemaps. */
  static byte[] synthetic(int size, Random random) {
    StringBuilder sb = new StringBuilder(size + 256);
    String[] agents = {"*", "Googlebot", "Bingbot", "examplebot", "GPTBot", "CCBot"};
    int group = 0;
    while (sb.length() < size) {
      sb.append("# group ").append(group).append('\n');
      sb.append("User-agent: ").append(agents[group % agents.length]).append('\n');
      if (group % 7 == 0) {
        sb.append("Crawl-delay: ").append(1 + random.nextInt(10)).append('\n');
      }
      for (int i = 0; i < 40 && sb.length() < size; i++) {
        sb.append(random.nextInt(4) == 0 ? "Allow: " : "Disallow: ").append("/section").append(random.nextInt(1000)).append('/');
        switch (random.nextInt(5)) {
          case 0 -> sb.append("*.pdf$");
          case 1 -> sb.append("private/page-").append(random.nextInt(100000)).append(".html");
          case 2 -> sb.append("*?sessionid=");
          default -> sb.append("item").append(random.nextInt(100000)).append('/');
        }
        sb.append('\n');
      }
      sb.append('\n');
      if (group % 5 == 0) {
        sb.append("Sitemap: https://example.com/sitemap-").append(group).append(".xml\n\n");
      }
      group++;
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Benchmark
  public void acapParseAndCompile(Input f, Blackhole bh) {
    RobotsTxtParser parser = new RobotsTxtParser();
    Query q = Query.of(CRAWLER, "crawl", "https://example.com/");
    for (byte[] file : f.files) {
      CompiledPolicy p = CompiledPolicy.compile(parser.parse(file, "robots.txt"));
      bh.consume(p.decide(q)); // builds the crawler's view, as a first decision does
    }
  }

  /** Parse, then keep one crawler's rules alone ({@link CompiledPolicy#forCrawler}), as a crawler does per host. */
  @Benchmark
  public void acapParseAndCompileForCrawler(Input f, Blackhole bh) {
    RobotsTxtParser parser = new RobotsTxtParser();
    List<String> crawler = List.of(CRAWLER);
    for (byte[] file : f.files) {
      CrawlerPolicy p = CompiledPolicy.compile(parser.parse(file, "robots.txt")).forCrawler(crawler);
      bh.consume(p.decide("crawl", "https://example.com/"));
    }
  }

  @Benchmark
  public void acapParseOnly(Input f, Blackhole bh) {
    RobotsTxtParser parser = new RobotsTxtParser();
    for (byte[] file : f.files) {
      bh.consume(parser.parse(file, "robots.txt"));
    }
  }

  @Benchmark
  public void crawlerCommonsParse(Input f, Blackhole bh) {
    SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
    for (byte[] file : f.files) {
      BaseRobotRules rules = parser.parseContent(ROBOTS_URL, file, "text/plain", List.of(CRAWLER));
      bh.consume(rules.isAllowed("https://example.com/"));
    }
  }

  /** One group of {@code rules} conventional rules for the crawler and 64 full URLs asked in turn. */
  @State(Scope.Benchmark)
  public static class Rules {
    @Param({"10", "300", "3000"})
    public int rules;

    CompiledPolicy acap;
    CrawlerPolicy acapCrawler;
    BaseRobotRules crawlerCommons;
    String[] urls;
    Query[] queries;
    int next;

    @Setup(Level.Trial)
    public void build() {
      Random random = new Random(11);
      StringBuilder sb = new StringBuilder("User-agent: *\n");
      for (int i = 0; i < rules; i++) {
        sb.append(i % 4 == 0 ? "Allow: " : "Disallow: ").append("/section").append(i).append('/');
        sb.append(i % 5 == 0 ? "*.pdf$" : i % 7 == 0 ? "*?sessionid=" : "private/").append('\n');
      }
      byte[] content = sb.toString().getBytes(StandardCharsets.UTF_8);
      acap = CompiledPolicy.compile(new RobotsTxtParser().parse(content, "robots.txt"));
      acapCrawler = acap.forCrawler(List.of(CRAWLER));
      crawlerCommons = new SimpleRobotRulesParser().parseContent(ROBOTS_URL, content, "text/plain", List.of(CRAWLER));
      urls = new String[64];
      queries = new Query[64];
      for (int i = 0; i < urls.length; i++) {
        int s = random.nextInt(rules);
        String path = switch (i % 4) {
          case 0 -> "/section" + s + "/private/page.html";
          case 1 -> "/section" + s + "/report-" + i + ".pdf";
          case 2 -> "/section" + s + "/list?page=2&sessionid=abc";
          default -> "/other/" + i + "/index.html";
        };
        urls[i] = "https://example.com" + path;
        queries[i] = Query.of(CRAWLER, "crawl", urls[i]);
      }
    }
  }

  @Benchmark
  public boolean acapDecide(Rules r) {
    int i = r.next++ & 63;
    return r.acap.decide(r.queries[i]).allowed();
  }

  @Benchmark
  public boolean acapDecideFromUrlString(Rules r) {
    int i = r.next++ & 63;
    return r.acap.decide(Query.of(CRAWLER, "crawl", r.urls[i])).allowed();
  }

  /** The same decision from the crawler's own policy (the flat table it keeps per host). */
  @Benchmark
  public boolean acapCrawlerPolicyDecideFromUrlString(Rules r) {
    int i = r.next++ & 63;
    return r.acapCrawler.decide("crawl", r.urls[i]).allowed();
  }

  @Benchmark
  public boolean crawlerCommonsIsAllowed(Rules r) {
    int i = r.next++ & 63;
    return r.crawlerCommons.isAllowed(r.urls[i]);
  }
}
