package org.acapengine.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.PolicyDocument;
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

/**
 * How fast {@link CompiledPolicy#decide} is, and whether its cost stays flat as a robots.txt
 * grows: decisions per second on one compiled policy with 10, 100, 1,000 and 10,000 rules, ACAP
 * fields or conventional rules, with literal-prefixed patterns only or a quarter of them starting
 * with a wildcard; how long parsing and compiling a large real file takes; and how long compiling
 * large files (with ACAP fields, and without) takes.
 *
 * <p>Not part of the test suite (no test runs it). To run it:
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) \
 *     org.openjdk.jmh.Main DecideBenchmark -f 1 -wi 2 -i 3
 * </pre>
 *
 * Add {@code -p rules=10000 -p kind=acap} to pick parameters, {@code -prof gc} to see allocation.
 */
public class DecideBenchmark {

  /** A policy of {@code rules} rules and the paths asked about it. */
  @State(Scope.Benchmark)
  public static class Policy {
    @Param({"10", "100", "1000", "10000"})
    public int rules;

    /**
     * {@code acap}: ACAP fields for any crawler; {@code conventional}: a {@code User-agent: *}
     * group; {@code both}: that group and its rules restated as ACAP fields (the ACAP
     * specification's worked example), which an ACAP crawler reads both of, through one index.
     */
    @Param({"acap", "conventional", "both"})
    public String kind;

    /**
     * {@code literal}: every pattern starts with a literal directory ({@code /section17/},
     * {@code /section17/private/}, {@code /section17/*.pdf$}), so the prefix index finds the few
     * that can match. {@code wildcard}: a quarter of the patterns start with {@code /*}
     * ({@code /*}{@code /archive17/}); their literal prefix is only {@code /}, so they are found
     * by their literal segment instead ({@code SegmentIndex}).
     */
    @Param({"literal", "wildcard"})
    public String shape;

    CompiledPolicy policy;
    Query[] queries;

    @Setup(Level.Trial)
    public void setUp() {
      Random random = new Random(42);
      String text = kind.equals("both") ? text(rules, false, shape.equals("literal"), random) + "\n" + text(rules, true, shape.equals("literal"), new Random(42))
          : text(rules, kind.equals("acap"), shape.equals("literal"), random);
      PolicyDocument doc = new RobotsTxtParser().parse(text, "bench.txt");
      policy = CompiledPolicy.compile(doc);
      queries = new Query[1024];
      for (int i = 0; i < queries.length; i++) {
        int s = random.nextInt(rules);
        String path;
        switch (i % 4) {
          case 0:
            path = "/section" + s + "/page" + i + ".html";
            break;
          case 1:
            path = "/section" + s + "/private/doc" + i + ".pdf";
            break;
          case 2:
            path = "/x/archive" + s + "/item?id=" + i;
            break;
          default:
            path = "/nowhere/" + i;
            break;
        }
        queries[i] = Query.of("benchbot", "crawl", path);
      }
      policy.decide(queries[0]); // builds the crawler's view and index, once
    }
  }

  /**
   * A file of one record for any crawler with {@code rules} rules, ACAP fields or conventional
   * rules, of the {@link Policy#shape} {@code literal} or {@code wildcard}; each allows or
   * disallows as {@code random} says.
   */
  static String text(int rules, boolean acap, boolean literal, Random random) {
    StringBuilder sb = new StringBuilder();
    sb.append(acap ? "ACAP-crawler: *\n" : "User-agent: *\n");
    for (int i = 0; i < rules; i++) {
      String section = "/section" + i + "/";
      String pattern;
      switch (literal ? i % 3 : i % 4) {
        case 0:
          pattern = section;
          break;
        case 1:
          pattern = section + "private/";
          break;
        case 2:
          pattern = section + "*.pdf$";
          break;
        default:
          pattern = "/*/archive" + i + "/";
          break;
      }
      boolean allow = random.nextBoolean();
      sb.append(acap ? (allow ? "ACAP-allow-crawl: " : "ACAP-disallow-crawl: ") : (allow ? "Allow: " : "Disallow: ")).append(pattern).append('\n');
    }
    return sb.toString();
  }

  /** Per-thread position in the query array. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public Decision decide(Policy p, Cursor c) {
    Query q = p.queries[c.next];
    c.next = (c.next + 1) & (p.queries.length - 1);
    return p.policy.decide(q);
  }

  /** The largest file of the real-robots corpus, read once. */
  @State(Scope.Benchmark)
  public static class LargeFile {
    public static final Path FILE = Path.of("src", "test", "resources", "corpus", "real-robots", "protego__docs.oracle.com");
    byte[] content;

    @Setup(Level.Trial)
    public void read() throws IOException {
      content = Files.readAllBytes(FILE);
    }
  }

  /** Parse, compile, and the first decision (which builds the crawler's view and index). */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public Decision parseAndCompileLargeFile(LargeFile f) {
    PolicyDocument doc = new RobotsTxtParser().parse(f.content, "robots.txt");
    return CompiledPolicy.compile(doc).decide(Query.of("Googlebot", "crawl", "/javase/8/docs/api/index.html"));
  }

  /**
   * Large files, parsed once, for {@link #compileLargeFile}. {@code acap-generated-10000}: the
   * decisions' file with 10 000 ACAP fields, literal prefixes ({@link #text}, 250 KB); {@code
   * acap-runescape}: the corpus's www.runescape.com (118 KB, 4 997 rules for {@code *}) followed by
   * an ACAP record for any crawler with the same rules as ACAP fields, as a publisher serving both
   * readings writes it (the largest corpus file that fits twice within the 500 KiB parse limit);
   * {@code acap-long-line}: the grammar sample of very long lines (320 KB, most of it one ACAP
   * field); {@code conventional-oracle}: the corpus's largest file, docs.oracle.com (853 KB, read up
   * to the limit: 19 125 rules for {@code *}), no ACAP field.
   */
  @State(Scope.Benchmark)
  public static class ParsedFile {
    @Param({"acap-generated-10000", "acap-runescape", "acap-long-line", "conventional-oracle"})
    public String file;

    PolicyDocument document;
    Query query;

    @Setup(Level.Trial)
    public void parse() throws IOException {
      Path corpus = Path.of("src", "test", "resources", "corpus", "real-robots");
      String text;
      switch (file) {
        case "acap-generated-10000":
          text = text(10_000, true, true, new Random(42));
          break;
        case "acap-runescape":
          text = withAcapFields(Files.readString(corpus.resolve("protego__www.runescape.com"), StandardCharsets.UTF_8));
          break;
        case "acap-long-line":
          text = Files.readString(Path.of("grammars-samples", "long-line.robots.txt"), StandardCharsets.UTF_8);
          break;
        default:
          text = Files.readString(LargeFile.FILE, StandardCharsets.UTF_8);
          break;
      }
      document = new RobotsTxtParser().parse(text, "robots.txt");
      query = Query.of("benchbot", "crawl", "/section17/private/doc.pdf");
    }

    /** The file followed by an ACAP record for any crawler stating its {@code *} group's rules as ACAP fields for crawl. */
    static String withAcapFields(String content) {
      StringBuilder sb = new StringBuilder(content).append("\n\nACAP-crawler: *\n");
      PolicyDocument doc = new RobotsTxtParser().parse(content, "robots.txt");
      for (ConventionalGroup g : CompiledPolicy.compile(doc).selectedGroups(List.of("*"))) {
        for (ConventionalRule r : g.rules()) {
          if (!r.pattern().isEmpty()) {
            sb.append(r.allow() ? "ACAP-allow-crawl: " : "ACAP-disallow-crawl: ").append(r.pattern()).append('\n');
          }
        }
      }
      return sb.toString();
    }
  }

  /**
   * Compiling a parsed file and its first decision, which lays out the crawler's tables and
   * indexes them: what a scheduler pays per origin besides the parse.
   */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public Decision compileLargeFile(ParsedFile f) {
    return CompiledPolicy.compile(f.document).decide(f.query);
  }
}
