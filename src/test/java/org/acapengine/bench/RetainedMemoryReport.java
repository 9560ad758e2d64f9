package org.acapengine.bench;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.FootprintParts;
import org.acapengine.eval.Query;
import org.acapengine.load.PolicyCache;
import org.acapengine.load.RobotsFetch;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.openjdk.jol.info.GraphLayout;

/**
 * What a crawler scheduler holds per origin, measured with JOL's object-graph walk beside
 * crawler-commons' {@code SimpleRobotRules} for the same file and crawler: a {@link PolicyCache}
 * built for the crawler ({@code forCrawler}) is filled with {@value #ORIGINS} origins serving the
 * same file, and its retained heap (entries, keys, Caffeine's nodes, the crawler's rules) less the
 * empty cache's, divided by the origins, is one origin's cost. Also the size the cache counts
 * for its bound ({@code Stats.bytesHeld}) against that measurement, and the whole {@link
 * CompiledPolicy} (the document kept, as {@code explain} needs it). Files: the bundled real-robots
 * corpus; the same files with the rules of their {@code *} group also written as ACAP fields for
 * any crawler (as the ACAP specification's worked example does: conventional rules for legacy
 * crawlers, ACAP fields for ACAP crawlers; crawler-commons reads the conventional half); the
 * grammar samples with ACAP fields; an empty file (an origin whose robots.txt says nothing); and
 * generated 100 KB and 500 KB files. The smaller real files that hold 1 KB or more per origin are
 * listed, as published and with ACAP fields. Each set's summary also says what share of the bytes the tables' indexes hold, and the
 * figures without them. To run it (the figures are in docs/performance.md):
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) org.acapengine.bench.RetainedMemoryReport [crawler]
 * java -cp ... org.acapengine.bench.RetainedMemoryReport --classes FILE [--acap]   # one file, class by class
 * </pre>
 */
public final class RetainedMemoryReport {

  static {
    // JOL reads field offsets of records only this way on JDK 17, and needs no agent for it.
    System.setProperty("jol.magicFieldOffset", "true");
  }

  /** Origins per file: enough that what the cache shares between entries is spread thin. */
  static final int ORIGINS = 16;

  private RetainedMemoryReport() {}

  /**
   * One file's figures, in bytes.
   *
   * @param origin per origin in the cache, measured
   * @param counted per origin, what the cache counts for its bound
   * @param whole the whole compiled policy of the file
   * @param crawlerCommons crawler-commons' rules for the file
   * @param index of {@code origin}, what the tables' indexes hold (as {@code heapBytes} counts them)
   */
  record Row(String name, int bytes, long origin, long counted, long whole, long crawlerCommons, long index) {
    double ratio() {
      return (double) origin / crawlerCommons;
    }

    /** The ratio for what the origin holds besides its indexes. */
    double ratioWithoutIndex() {
      return (double) (origin - index) / crawlerCommons;
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length >= 2 && args[0].equals("--classes")) {
      byte[] content = Files.readAllBytes(Path.of(args[1]));
      classes(args.length > 2 && args[2].equals("--acap") ? withAcapFields(content) : content, "examplebot");
      return;
    }
    String crawler = args.length > 0 ? args[0] : "examplebot";
    List<byte[]> corpus = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try (Stream<Path> paths = Files.list(Path.of("src/test/resources/corpus/real-robots"))) {
      for (Path p : paths.sorted().toList()) {
        if (!p.getFileName().toString().equalsIgnoreCase("README.md")) {
          corpus.add(Files.readAllBytes(p));
          names.add(p.getFileName().toString());
        }
      }
    }
    List<Row> plain = new ArrayList<>();
    List<Row> acap = new ArrayList<>();
    for (int i = 0; i < corpus.size(); i++) {
      plain.add(measure(names.get(i), corpus.get(i), crawler));
      acap.add(measure(names.get(i) + " +ACAP", withAcapFields(corpus.get(i)), crawler));
    }
    List<Row> samples = new ArrayList<>();
    try (Stream<Path> paths = Files.list(Path.of("grammars-samples"))) {
      for (Path p : paths.filter(p -> p.toString().endsWith(".robots.txt")).sorted().toList()) {
        byte[] content = Files.readAllBytes(p);
        if (new String(content, StandardCharsets.UTF_8).contains("ACAP-")) {
          samples.add(measure(p.getFileName().toString(), content, crawler));
        }
      }
    }
    List<Row> generated = List.of(measure("empty file", new byte[0], crawler), measure("synthetic-100k", VersusCrawlerCommonsBenchmark.synthetic(100 * 1024, new java.util.Random(7)), crawler),
        measure("synthetic-500k", VersusCrawlerCommonsBenchmark.synthetic(500 * 1024, new java.util.Random(7)), crawler));
    System.out.printf(Locale.ROOT, "crawler %s, %d origins per file; bytes per origin (entry, key and the crawler's rules) against crawler-commons' SimpleRobotRules%n",
        crawler, ORIGINS);
    summary("real-robots corpus", plain);
    summary("the same files with ACAP fields", acap);
    summary("grammar samples with ACAP fields", samples);
    System.out.printf(Locale.ROOT, "%-46s %9s %9s %9s %9s %10s %6s%n", "file", "bytes", "origin", "counted", "c-commons", "whole", "ratio");
    List<Row> shown = new ArrayList<>(generated);
    shown.add(median(plain));
    shown.add(plain.stream().filter(r -> r.bytes() >= 1024).max(Comparator.comparingDouble(Row::ratio)).orElseThrow());
    shown.add(median(acap));
    shown.add(acap.stream().filter(r -> r.bytes() >= 1024).max(Comparator.comparingDouble(Row::ratio)).orElseThrow());
    shown.addAll(samples);
    // The smaller real files that hold 1 KB or more per origin, largest first: as published, then with ACAP fields.
    for (List<Row> rows : List.of(plain, acap)) {
      rows.stream().filter(r -> r.bytes() < 1024 && r.origin() >= 1024).sorted(Comparator.comparingLong(Row::origin).reversed()).forEach(shown::add);
    }
    for (Row r : shown) {
      System.out.printf(Locale.ROOT, "%-46s %9d %9d %9d %9d %10d %6.2f%n", r.name(), r.bytes(), r.origin(), r.counted(), r.crawlerCommons(), r.whole(),
          r.ratio());
    }
  }

  private static Row median(List<Row> rows) {
    List<Row> byRatio = new ArrayList<>(rows);
    byRatio.sort(Comparator.comparingDouble(Row::ratio));
    return byRatio.get(byRatio.size() / 2);
  }

  private static void summary(String what, List<Row> rows) {
    Row median = median(rows);
    Row worstLarge = rows.stream().filter(r -> r.bytes() >= 1024).max(Comparator.comparingDouble(Row::ratio)).orElse(null);
    Row largestSmall = rows.stream().filter(r -> r.bytes() < 1024).max(Comparator.comparingLong(Row::origin)).orElse(null);
    long small = rows.stream().filter(r -> r.bytes() < 1024).count();
    long smallOver = rows.stream().filter(r -> r.bytes() < 1024 && r.origin() >= 1024).count();
    long origins = rows.stream().mapToLong(Row::origin).sum();
    long counted = rows.stream().mapToLong(Row::counted).sum();
    long cc = rows.stream().mapToLong(Row::crawlerCommons).sum();
    double worstCount = rows.stream().mapToDouble(r -> Math.abs((double) r.counted() / r.origin() - 1)).max().orElse(0);
    long index = rows.stream().mapToLong(Row::index).sum();
    List<Double> withoutIndex = rows.stream().map(Row::ratioWithoutIndex).sorted().toList();
    long smallOverWithoutIndex = rows.stream().filter(r -> r.bytes() < 1024 && r.origin() - r.index() >= 1024).count();
    System.out.printf(Locale.ROOT, "%s: %d files; median ratio %.2f (%s); largest ratio for files of 1 KB or more %s; largest for smaller files %s;"
            + " %d of %d smaller files at 1 KB or more per origin; all files %d against %d bytes (%.2f); counted for the bound within %.0f %% of measured;"
            + " the tables' indexes %.0f %% of the bytes, without them the median ratio %.2f and %d smaller files at 1 KB or more%n",
        what, rows.size(), median.ratio(), median.name(),
        worstLarge == null ? "-" : String.format(Locale.ROOT, "%.2f (%s)", worstLarge.ratio(), worstLarge.name()),
        largestSmall == null ? "-" : largestSmall.origin() + " bytes (" + largestSmall.name() + ")", smallOver, small, origins, cc, (double) origins / cc,
        100 * worstCount, 100.0 * index / origins, withoutIndex.get(withoutIndex.size() / 2), smallOverWithoutIndex);
  }

  /** A cache built for {@code crawler} whose every origin serves {@code content}. */
  private static PolicyCache cache(byte[] content, String crawler) {
    Clock clock = Clock.fixed(Instant.parse("2026-11-27T00:00:00Z"), ZoneOffset.UTC);
    return PolicyCache.builder().clock(clock).forCrawler(List.of(crawler))
        .fetcher(o -> new RobotsFetch.Fetched(o, o.robotsTxt(), 200, content, false, 0, clock.instant(), clock.instant().plus(Duration.ofDays(1))))
        .build();
  }

  /**
   * One file's cost per origin class by class ({@code --classes FILE [--acap]}): what {@value
   * #ORIGINS} origins add to the cache, by JOL's walk, each class's objects and bytes divided by
   * the origins.
   */
  private static void classes(byte[] content, String crawler) {
    PolicyCache cache = cache(content, crawler);
    Query crawl = Query.of(crawler, "crawl", "/");
    cache.decide("https://warm-up-1.example.com/", crawl);
    cache.decide("https://warm-up-2.example.com/", crawl);
    GraphLayout before = GraphLayout.parseInstance(cache);
    for (int i = 0; i < ORIGINS; i++) {
      cache.decide("https://origin-" + (100 + i) + ".example.com/", crawl);
    }
    GraphLayout added = GraphLayout.parseInstance(cache).subtract(before);
    System.out.printf(Locale.ROOT, "%8s %8s  %s%n", "objects", "bytes", "class (per origin)");
    added.getClasses().stream().sorted(Comparator.comparing(Class::getName)).forEach(c -> System.out.printf(Locale.ROOT, "%8.1f %8d  %s%n",
        (double) added.getClassCounts().count(c) / ORIGINS, added.getClassSizes().count(c) / ORIGINS, c.getName()));
    System.out.printf(Locale.ROOT, "%8s %8d  in all%n", "", added.totalSize() / ORIGINS);
  }

  static Row measure(String name, byte[] content, String crawler) {
    PolicyCache cache = cache(content, crawler);
    Query crawl = Query.of(crawler, "crawl", "/");
    // Two origins first, so that what the cache shares between entries is in the empty measure.
    cache.decide("https://warm-up-1.example.com/", crawl);
    cache.decide("https://warm-up-2.example.com/", crawl);
    long before = GraphLayout.parseInstance(cache).totalSize();
    long countedBefore = cache.stats().bytesHeld();
    for (int i = 0; i < ORIGINS; i++) {
      cache.decide("https://origin-" + (100 + i) + ".example.com/", crawl);
    }
    long perOrigin = (GraphLayout.parseInstance(cache).totalSize() - before) / ORIGINS;
    long counted = (cache.stats().bytesHeld() - countedBefore) / ORIGINS;
    CompiledPolicy whole = CompiledPolicy.compile(new RobotsTxtParser().parse(content, "https://origin-1.example.com/robots.txt"));
    whole.decide(crawl);
    BaseRobotRules rules = new SimpleRobotRulesParser().parseContent("https://origin-1.example.com/robots.txt", content, "text/plain", List.of(crawler));
    rules.isAllowed("https://origin-1.example.com/");
    long index = cache.policy("https://origin-100.example.com/").crawlerPolicy().map(FootprintParts::indexBytes).orElse(0L);
    return new Row(name, content.length, perOrigin, counted, GraphLayout.parseInstance(whole).totalSize(), GraphLayout.parseInstance(rules).totalSize(),
        index);
  }

  /**
   * The file followed by an ACAP record for any crawler that states its {@code *} group's rules
   * as ACAP fields for crawl.
   */
  public static byte[] withAcapFields(byte[] content) {
    PolicyDocument doc = new RobotsTxtParser().parse(content, "robots.txt");
    StringBuilder sb = new StringBuilder(new String(content, StandardCharsets.UTF_8));
    sb.append("\n\nACAP-crawler: *\n");
    for (ConventionalGroup g : CompiledPolicy.compile(doc).selectedGroups(List.of("*"))) {
      for (ConventionalRule r : g.rules()) {
        if (!r.pattern().isEmpty()) {
          sb.append(r.allow() ? "ACAP-allow-crawl: " : "ACAP-disallow-crawl: ").append(r.pattern()).append('\n');
        }
      }
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }
}
