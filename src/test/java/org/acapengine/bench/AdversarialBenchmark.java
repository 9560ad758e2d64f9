package org.acapengine.bench;

import java.util.concurrent.TimeUnit;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.CrawlerPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.SourceVerdict;
import org.acapengine.testing.HostileShapes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of one decision (and of its explanation) on robots.txt files written to make a
 * crawler slow, each within the 500 KiB limit and generated here (issue 14): thousands of
 * identical rules, wildcard patterns with long literal tails that a naive substring search
 * re-reads, many wildcards, and a ladder of nested prefixes that all match; and ({@link
 * #decideSource}) the same kind of file for the sources beside robots.txt rules (issue 26, {@link
 * SourceShapes}). The target is at most 1 ms per decision and 10 ms per explanation;
 * docs/matching.md says why the cost is linear.
 *
 * <p>Not part of the test suite. To run it (README, "Reliability"):
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) \
 *     org.openjdk.jmh.Main AdversarialBenchmark -f 1 -wi 2 -i 3
 * </pre>
 *
 * Add {@code -bm sample} for percentiles (worst and median) instead of the average.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AdversarialBenchmark {

  /** One hostile file and the query asked about it. */
  @State(Scope.Benchmark)
  public static class Input {
    /**
     * {@code allow-4000}: 4 000 identical {@code Allow: /}. {@code acap-allow-4000}: 4 000
     * identical {@code ACAP-allow-crawl: /}. {@code tails-acap}, {@code tails-conventional}: 100
     * rules {@code /*z…*a…ab} with 4 KB literal tails against an 8 KB path of z's and a's. {@code
     * stars-60}: 60 rules {@code /*a*a*…*b} against an 8 KB path of a's ending in b. {@code
     * ladder-acap}: 900 nested prefixes {@code /a}, {@code /aa}, … (alternately allowing and
     * prohibiting) that all match an 8 KB path. {@code unordered-acap}: 3 000 rules {@code /*N}
     * whose literals 2.4.5 cannot rank, many matching. {@code ladder-conventional}: the ladder as
     * Allow/Disallow rules. {@code shared-segment-conventional}: 3 000 rules {@code /*aaaaaaaaaaaa*N}
     * whose indexed segment every rule shares, so that each is tried against an 8 KB path of a's;
     * {@code shared-segment-acap}: the same as ACAP fields. {@code distinct-runs-conventional},
     * {@code distinct-runs-acap}: 3 000 rules {@code /*R*N}, each R a different 12-character run
     * of an 8 KB path over 16 letters (so that every rule is proposed, and a crawler's own
     * policy keeps its flat table), N a number the path does not contain. The definition shapes
     * of issue 26 ({@link HostileShapes}): {@code composite-x-set}, one composite usage of 3 000
     * members over one resource set of 3 000 patterns, one permission; {@code
     * composite-x-set-qualified}, each member a qualified usage of its own; {@code
     * composite-x-set-local}, members that are usages outside the dictionary (asked about the
     * last); {@code qualifier-ties}, 14 137 {@code ACAP-allow-index: / max-length=N}.
     */
    @Param({"allow-4000", "acap-allow-4000", "tails-acap", "tails-conventional", "stars-60", "ladder-acap", "unordered-acap",
        "ladder-conventional", "shared-segment-conventional", "shared-segment-acap", "distinct-runs-conventional",
        "distinct-runs-acap", "composite-x-set", "composite-x-set-qualified", "composite-x-set-local", "qualifier-ties"})
    public String input;

    /** The file's text, for {@link AdversarialBenchmark#compileAndDecide}. */
    String text;

    CompiledPolicy policy;
    Query query;
    /** The crawler's own policy (for conventional inputs, the flat table a crawler keeps per host). */
    CrawlerPolicy crawler;

    @Setup
    public void setUp() {
      StringBuilder sb = new StringBuilder();
      String path;
      String usage = "crawl";
      switch (input) {
        case "composite-x-set":
        case "composite-x-set-qualified":
          sb.append(HostileShapes.of(input));
          usage = "present-snippet";
          path = "/p2999/x";
          break;
        case "composite-x-set-local":
          sb.append(HostileShapes.of(input));
          usage = "u2999";
          path = "/p2999/x";
          break;
        case "qualifier-ties":
          sb.append(HostileShapes.of(input));
          usage = "index";
          path = "/some/page.html";
          break;
        case "allow-4000":
          sb.append("User-agent: *\n").append("Allow: /\n".repeat(4000));
          path = "/some/page.html";
          break;
        case "acap-allow-4000":
          sb.append("ACAP-crawler: *\n").append("ACAP-allow-crawl: /\n".repeat(4000));
          path = "/some/page.html";
          break;
        case "tails-acap":
        case "tails-conventional":
          boolean acap = input.equals("tails-acap");
          sb.append(acap ? "ACAP-crawler: *\n" : "User-agent: *\n");
          String tail = "a".repeat(4000) + "b";
          for (int i = 1; i <= 100; i++) {
            sb.append(acap ? "ACAP-disallow-crawl: " : "Disallow: ").append("/*").append("z".repeat(i)).append('*').append(tail).append('\n');
          }
          path = "/" + "z".repeat(100) + "a".repeat(8000) + "b";
          break;
        case "stars-60":
          sb.append("ACAP-crawler: *\n");
          for (int i = 1; i <= 60; i++) {
            sb.append(i % 2 == 0 ? "ACAP-allow-crawl: " : "ACAP-disallow-crawl: ").append("/*").append("a*".repeat(i)).append("b\n");
          }
          path = "/" + "a".repeat(8000) + "b";
          break;
        case "ladder-acap":
          sb.append("ACAP-crawler: *\n");
          for (int i = 1; i <= 900; i++) {
            sb.append(i % 2 == 0 ? "ACAP-allow-crawl: /" : "ACAP-disallow-crawl: /").append("a".repeat(i)).append('\n');
          }
          path = "/" + "a".repeat(8000);
          break;
        case "ladder-conventional":
          sb.append("User-agent: *\n");
          for (int i = 1; i <= 900; i++) {
            sb.append(i % 2 == 0 ? "Allow: /" : "Disallow: /").append("a".repeat(i)).append('\n');
          }
          path = "/" + "a".repeat(8000);
          break;
        case "shared-segment-conventional":
        case "shared-segment-acap":
          boolean acapShared = input.endsWith("acap");
          sb.append(acapShared ? "ACAP-crawler: *\n" : "User-agent: *\n");
          for (int i = 0; i < 3000; i++) {
            sb.append(acapShared ? "ACAP-disallow-crawl: " : "Disallow: ").append("/*aaaaaaaaaaaa*").append(i).append('\n');
          }
          path = "/" + "a".repeat(8000);
          break;
        case "distinct-runs-conventional":
        case "distinct-runs-acap":
          boolean acapRuns = input.endsWith("acap");
          java.util.Random random = new java.util.Random(14);
          StringBuilder letters = new StringBuilder("/");
          for (int i = 0; i < 8000; i++) {
            letters.append((char) ('a' + random.nextInt(16)));
          }
          path = letters.toString();
          sb.append(acapRuns ? "ACAP-crawler: *\n" : "User-agent: *\n");
          for (int i = 0; i < 3000; i++) {
            String run = path.substring(1 + 2 * i, 13 + 2 * i);
            sb.append(acapRuns ? "ACAP-disallow-crawl: " : "Disallow: ").append("/*").append(run).append('*').append(i).append('\n');
          }
          break;
        case "unordered-acap":
          sb.append("ACAP-crawler: *\n");
          StringBuilder p = new StringBuilder("/");
          for (int i = 0; i < 3000; i++) {
            sb.append(i % 2 == 0 ? "ACAP-allow-crawl: /*" : "ACAP-disallow-crawl: /*").append(i).append('\n');
            if (p.length() < 8000) {
              p.append(i).append('-');
            }
          }
          path = p.toString();
          break;
        default:
          throw new IllegalArgumentException(input);
      }
      if (sb.length() > 500 * 1024) {
        throw new IllegalStateException(input + " is over 500 KiB");
      }
      text = sb.toString();
      PolicyDocument doc = new RobotsTxtParser().parse(text, "hostile.txt");
      policy = CompiledPolicy.compile(doc);
      query = Query.of("hostilebot", usage, path);
      policy.decide(query); // build the crawler's view and indexes outside the measurement
      crawler = CompiledPolicy.compile(doc).forCrawler(query.crawlers());
    }
  }

  @Benchmark
  public Decision decide(Input in) {
    return in.policy.decide(in.query);
  }

  @Benchmark
  public Decision decideCrawlerPolicy(Input in) {
    return in.crawler.decide(in.query);
  }

  /**
   * A hostile file of a policy source beside robots.txt rules ({@link SourceShapes}: Content-Usage
   * paths, TDMRep locations, RSL content URLs, Scorpion prefixes), each matched through the one
   * pattern index; and ties of each, 1 000 and about 10 000 rules of one pattern (for
   * Content-Signal, lines of one group), which should cost the same.
   */
  @State(Scope.Benchmark)
  public static class Source {
    /** One of {@link SourceShapes#NAMES} or {@link SourceShapes#TIES}. */
    @Param({"content-usage", "tdmrep", "rsl", "scorpion", "content-usage-ties-1000", "content-usage-ties-11000", "content-usage-mixed-1000",
        "content-usage-mixed-11000", "tdmrep-ties-1000", "tdmrep-ties-10000", "rsl-ties-1000", "rsl-ties-7000", "scorpion-ties-1000",
        "scorpion-ties-11000", "content-signal-ties-1000", "content-signal-ties-11000"})
    public String source;

    SourceShapes.Shape shape;

    @Setup
    public void setUp() {
      shape = SourceShapes.of(source);
      shape.decide(); // the source's indexes built outside the measurement
    }
  }

  @Benchmark
  public SourceVerdict decideSource(Source in) {
    return in.shape.decide();
  }

  @Benchmark
  public Explanation explain(Input in) {
    return in.policy.explain(in.query);
  }

  /** Parse, compile and the first decision: linear in the file, definitions held by reference. */
  @Benchmark
  public Decision compileAndDecide(Input in) {
    return CompiledPolicy.compile(new RobotsTxtParser().parse(in.text, "hostile.txt")).decide(in.query);
  }

  /**
   * A 500 KiB ACAP file of 3 676 records, 3 000 of which each name a crawler of their own ({@link
   * HostileShapes#manyCrawlers}), asked about by many names (issue 26, item 3).
   */
  @State(Scope.Benchmark)
  public static class Names {
    /**
     * {@code in-turn-3000}: the 3 000 crawlers in turn, each with its own selection. {@code
     * new-each-query}: a name the policy has not seen on every query (100 000 names, then again,
     * by then let go).
     */
    @Param({"in-turn-3000", "new-each-query"})
    public String names;

    CompiledPolicy policy;
    Query[] queries;
    int next;

    @Setup
    public void setUp() {
      policy = CompiledPolicy.compile(new RobotsTxtParser().parse(HostileShapes.manyCrawlers(500 * 1024, 3000, 4), "many.txt"));
      int n = names.equals("in-turn-3000") ? 3000 : 100_000;
      queries = new Query[n];
      for (int i = 0; i < n; i++) {
        String name = names.equals("in-turn-3000") ? "bot" + i : "crawler-" + i;
        queries[i] = Query.of(name, "crawl", "/" + Integer.toString(i % 997, 36) + "/page.html");
      }
      if (names.equals("in-turn-3000")) {
        for (Query q : queries) {
          policy.decide(q); // each crawler's view made outside the measurement
        }
      }
    }
  }

  @Benchmark
  public Decision decideManyNames(Names in) {
    Query q = in.queries[in.next];
    in.next = in.next + 1 == in.queries.length ? 0 : in.next + 1;
    return in.policy.decide(q);
  }

  /**
   * A Scorpion crawl file of 3 000 sections, {@code @bot0} … {@code @bot2999}, each with two rules,
   * asked about by the 3 000 crawlers in turn: each name's view is kept by what it selects, so that
   * the 3 000th name costs what the 3rd does.
   */
  @State(Scope.Benchmark)
  public static class ScorpionNames {
    org.acapengine.site.ScorpionSource source;
    Query[] queries;
    int next;

    @Setup
    public void setUp() {
      StringBuilder sb = new StringBuilder("C/private/\n");
      for (int i = 0; i < 3000; i++) {
        sb.append("@bot").append(i).append("\nc/").append(i).append("/\nC/\n");
      }
      source = new org.acapengine.site.ScorpionSource(new org.acapengine.adapters.scorpion.ScorpionReader()
          .read(sb.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), "crawl").file());
      queries = new Query[3000];
      for (int i = 0; i < queries.length; i++) {
        queries[i] = Query.of("bot" + i, "crawl", "/" + i + "/page.html");
        source.decide(queries[i], java.time.Instant.EPOCH); // each crawler's view made outside the measurement
      }
    }
  }

  @Benchmark
  public SourceVerdict decideScorpionManyNames(ScorpionNames in) {
    Query q = in.queries[in.next];
    in.next = in.next + 1 == in.queries.length ? 0 : in.next + 1;
    return in.source.decide(q, java.time.Instant.EPOCH);
  }
}
