package org.acapengine.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.CrawlerPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A crawler's own policy, as a scheduler's cache keeps it per origin, deciding {@code crawl} on
 * small files with ACAP fields (docs/performance.md, "Small ACAP files"): where an ACAP table's
 * bucket is some of its rules, where ACAP fields restate the conventional rules and the two are
 * ranked against each other, and a file of every field kind. Eight paths in turn.
 *
 * <p>Not part of the test suite. From the repository root, after building the test class path:
 *
 * <pre>
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) \
 *     org.openjdk.jmh.Main SmallFilesBenchmark -f 1 -wi 3 -i 3 -w 1s -r 1s -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SmallFilesBenchmark {

  /** A file of the repository; {@code +ACAP}: with its {@code *} group's rules also written as ACAP fields ({@link RetainedMemoryReport#withAcapFields}). */
  @Param({"grammars-samples/byte-order-mark.robots.txt", "src/test/resources/corpus/real-robots/protego__www.swiss.com+ACAP",
      "grammars-samples/field-kinds.robots.txt"})
  public String file;

  private CrawlerPolicy policy;
  private Query[] queries;
  private int next;

  @Setup
  public void setUp() throws Exception {
    boolean acap = file.endsWith("+ACAP");
    byte[] bytes = Files.readAllBytes(Path.of(acap ? file.substring(0, file.length() - "+ACAP".length()) : file));
    if (acap) {
      bytes = RetainedMemoryReport.withAcapFields(bytes);
    }
    policy = CompiledPolicy.compile(new RobotsTxtParser().parse(new String(bytes, StandardCharsets.UTF_8), "robots.txt"))
        .forCrawler(List.of("examplebot"));
    String[] paths = {"/private/a.html", "/news/x", "/other/page", "/public/x.gif", "/", "/ch/en/Book/Outbound", "/en/plan", "/news/bad-story.htm"};
    queries = new Query[paths.length];
    for (int i = 0; i < paths.length; i++) {
      queries[i] = Query.of("examplebot", "crawl", paths[i]);
    }
    policy.decide(queries[0]); // the index for crawl, as a cache's first decision makes it
  }

  @Benchmark
  public Decision decide() {
    Query q = queries[next];
    next = (next + 1) & (queries.length - 1);
    return policy.decide(q);
  }
}
