package org.acapengine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.PageVerdict;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.scp.ScpFilter;
import org.acapengine.collections.testing.LargeCollection;
import org.acapengine.model.SourceLine;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Pages per second through {@code acap scp filter} (every pass, checksum verification and
 * output included) on a generated 100,000-page collection of about 1.2 KB per page, plain, gzip
 * and zstd. The policy is a cheap fake (crawl refused under /private/, one page in ten), so this
 * measures the collection layer, not the evaluator. Not part of the test suite; see
 * docs/collections.md for how to run it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(ScpFilterBenchmark.PAGES)
@Fork(value = 1, jvmArgsAppend = {"-Xmx256m"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
public class ScpFilterBenchmark {

  static final int PAGES = 100_000;

  private static final PagePolicy POLICY =
      (url, usage) ->
          usage.equals("crawl") && url.contains("/private/")
              ? PageVerdict.byLine(false, new SourceLine("robots.txt", 2, "ACAP-disallow-crawl: /private/"))
              : PageVerdict.byDefault(true);

  @Param({"none", "gzip", "zstd"})
  public String compression;

  private Path dir;
  private Path input;
  private Path output;
  private ScpFilter filter;

  @Setup(Level.Trial)
  public void generate() throws IOException {
    Compression c = Compression.fromLabel(compression);
    dir = Files.createTempDirectory("acap-scp-bench-");
    input = dir.resolve("in" + c.extension());
    output = dir.resolve("out" + c.extension());
    LargeCollection.write(input, c, PAGES, 1000, 10, 1);
    filter = new ScpFilter(POLICY, SiteOrigin.parse("https://example.com"), ScpFilter.Settings.of("index"), FilterListener.NONE);
  }

  @Benchmark
  public long filter() throws IOException {
    return filter.filter(input, "bench", output).summary().kept();
  }

  @TearDown(Level.Trial)
  public void delete() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
