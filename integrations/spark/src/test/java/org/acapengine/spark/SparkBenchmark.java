package org.acapengine.spark;

import com.sun.net.httpserver.HttpServer;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.cli.AcapCommand;
import org.acapengine.cli.Io;
import org.acapengine.eval.Query;
import org.acapengine.load.Origin;
import org.acapengine.site.SitePolicy;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The benchmark harness (not a test; docs/spark.md has the command and the figures): N URL rows
 * over M origins, even or with one origin holding 30 % of them, decided on local[1] and local[2]
 * (decide, then write the evidence as Parquet), and the decision rate of compiled policies on one
 * thread; then the same rows as {@code check --requests} lines, answered in this process by the
 * command line (robots.txt bodies as files, 404 and 503 from a JDK HTTP server on 127.0.0.1).
 *
 * <p>Arguments: WORK_DIR [URLS=10000000] [ORIGINS=100000].
 */
public final class SparkBenchmark {

  private SparkBenchmark() {}

  static final StructType URLS = new StructType().add("id", DataTypes.LongType).add("url", DataTypes.StringType)
      .add("fetch_time", DataTypes.TimestampType);

  public static void main(String[] args) throws Exception {
    Path work = Path.of(args[0]);
    long n = args.length > 1 ? Long.parseLong(args[1]) : 10_000_000L;
    int origins = args.length > 2 ? Integer.parseInt(args[2]) : 100_000;
    // all, or one part: a configuration (1-even, 2-skewed, ...), compiled (the decision rate of
    // compiled policies alone) or check (check --requests alone)
    String only = args.length > 3 ? args[3] : "all";
    Generated sites = new Generated(origins, 0, 0, 11);
    if (only.equals("compiled")) {
      System.out.println(compiledRate(sites, work));
      return;
    }
    Path warc = work.resolve("warc");
    if (!Files.exists(warc)) {
      sites.writeWarc(warc, 8);
    }
    for (String shape : List.of("even", "skewed")) {
      Path urls = work.resolve("urls-" + shape);
      if (!Files.exists(urls)) {
        SparkSession s = SparkSessions.local(2, 8);
        generate(s, n, origins, shape.equals("skewed") ? 0.3 : 0.0).write().parquet(urls.toString());
        s.stop();
      }
    }
    List<String> lines = new ArrayList<>();
    for (int cores : new int[] {1, 2}) {
      for (String shape : List.of("even", "skewed")) {
        if (!only.equals("all") && !only.equals(cores + "-" + shape)) {
          continue;
        }
        SparkSession s = SparkSessions.local(cores, 8 * cores);
        Dataset<Row> urls = s.read().parquet(work.resolve("urls-" + shape).toString());
        Dataset<Row> captures = AcapSpark.readWarc(s, warc.toString());
        resetPeaks();
        long cpu0 = cpu();
        long t0 = System.nanoTime();
        Path out = work.resolve("out-" + cores + "-" + shape + "-" + System.nanoTime());
        FilterJob.Summary summary = FilterJob.write(s, urls, captures, DecideOptions.of("CCBot", "index", "ai-train"), out.toString());
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpuSeconds = (cpu() - cpu0) / 1e9;
        String line = String.format("local[%d] %-6s rows=%d seconds=%.1f rows/s=%.0f cpuSeconds=%.1f rows/cpu-s=%.0f peakHeapMiB=%d kept=%d bad=%d",
            cores, shape, summary.urls(), seconds, summary.urls() / seconds, cpuSeconds, summary.urls() / cpuSeconds, peakHeap() >> 20,
            summary.kept(), summary.bad());
        System.out.println(line);
        lines.add(line);
        s.stop();
      }
    }
    if (!only.equals("all") && !only.equals("check")) {
      return;
    }
    if (only.equals("all")) {
      lines.add(compiledRate(sites, work));
      System.out.println(lines.get(lines.size() - 1));
    }
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      exchange.sendResponseHeaders(exchange.getRequestURI().getPath().startsWith("/404") ? 404 : 503, -1);
      exchange.close();
    });
    server.start();
    try {
      Path requests = writeRequests(work, n, origins, sites, "http://127.0.0.1:" + server.getAddress().getPort());
      resetPeaks();
      long cpu0 = cpu();
      long t0 = System.nanoTime();
      int code = AcapCommand.run(new String[] {"check", "--allow-addresses", "loopback", "--requests", requests.toString()},
          new Io(InputStream.nullInputStream(), new PrintWriter(Writer.nullWriter()), new PrintWriter(System.err, true), false));
      double seconds = (System.nanoTime() - t0) / 1e9;
      double cpuSeconds = (cpu() - cpu0) / 1e9;
      String line = String.format("check --requests, one process: exit %d rows=%d seconds=%.1f rows/s=%.0f cpuSeconds=%.1f rows/cpu-s=%.0f peakHeapMiB=%d",
          code, n, seconds, n / seconds, cpuSeconds, n / cpuSeconds, peakHeap() >> 20);
      System.out.println(line);
      lines.add(line);
    } finally {
      server.stop(0);
    }
    if (only.equals("all")) {
      Files.write(work.resolve("results.txt"), lines);
    }
  }

  /** URL rows computed from their id, so that every run sees the same table. */
  static Dataset<Row> generate(SparkSession s, long n, int origins, double skew) {
    return s.range(n).map((MapFunction<Long, Row>) id -> row(id, origins, skew), Encoders.row(URLS));
  }

  static Row row(long id, int origins, double skew) {
    long h = mix(id);
    int origin = (h & 0xFFFF) / 65536.0 < skew ? 0 : (int) Long.remainderUnsigned(h >>> 16, origins);
    String o = (origin % 10 == 9 ? "http" : "https") + "://o" + origin + ".example";
    String path = Generated.PATHS[(int) Long.remainderUnsigned(h >>> 40, Generated.PATHS.length)];
    if (((h >>> 50) & 3) == 0) {
      path = path + (path.endsWith("/") ? "" : "/") + "p" + (id % 1000);
    }
    return RowFactory.create(id, o + path, Timestamp.from(Generated.START.plus(Duration.ofDays(((h >>> 54) & 255) - 20))));
  }

  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /**
   * Decisions per second, one thread, on policies compiled beforehand: what a task does per row
   * (the URL split into its path once, {@code Query.withPath}, then {@code SitePolicy.decide}),
   * over the rows in table order (each row another origin's policy, cold in the CPU's caches) and
   * grouped by origin (as a task streams an origin's URLs through its policy).
   */
  static String compiledRate(Generated sites, Path work) {
    int origins = sites.sites.size();
    SitePolicy[] policies = new SitePolicy[origins];
    for (int i = 0; i < origins; i++) {
      Generated.Site site = sites.sites.get(i);
      Generated.Capture c = site.captures().isEmpty() ? null : site.captures().get(0);
      Origin origin = Origin.parse(site.origin() + "/").orElseThrow();
      policies[i] = c == null ? CapturePolicy.none(origin, DecideOptions.NoCapture.UNREACHABLE).site()
          : CapturePolicy.of(origin, site.origin() + "/robots.txt", c.time(), c.status(), c.body()).site();
    }
    int rows = 2_000_000;
    String[] urls = new String[rows];
    int[] which = new int[rows];
    for (int i = 0; i < rows; i++) {
      Row r = row(i, origins, 0);
      urls[i] = r.getString(1);
      which[i] = Integer.parseInt(urls[i].substring(urls[i].indexOf("//o") + 3, urls[i].indexOf(".example")));
    }
    Integer[] order = new Integer[rows];
    for (int i = 0; i < rows; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, java.util.Comparator.comparingInt((Integer i) -> which[i]).thenComparingInt(i -> i));
    String[] groupedUrls = new String[rows];
    int[] groupedWhich = new int[rows];
    for (int i = 0; i < rows; i++) {
      groupedUrls[i] = urls[order[i]];
      groupedWhich[i] = which[order[i]];
    }
    Query base = Query.builder().crawler("CCBot").usage("index").purpose("ai-train").build();
    StringBuilder out = new StringBuilder();
    // the last: the per-row work of the decider before it split each URL once (a Query built from
    // the URL by the builder, per row and usage), for the ratio
    for (String how : List.of("table order", "grouped by origin", "grouped by origin, Query.builder per row")) {
      String[] u = how.equals("table order") ? urls : groupedUrls;
      int[] w = how.equals("table order") ? which : groupedWhich;
      boolean builder = how.endsWith("per row");
      long allowed = 0;
      long best = Long.MAX_VALUE;
      long bestCpu = Long.MAX_VALUE;
      java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      for (int round = 0; round < 5; round++) {
        long c0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        for (int i = 0; i < rows; i++) {
          Query q = builder ? Query.builder().crawler("CCBot").usage("index").purpose("ai-train").url(u[i]).build() : base.withPath(u[i]);
          allowed += policies[w[i]].decide(q).allowed() ? 1 : 0;
        }
        best = Math.min(best, System.nanoTime() - t0);
        bestCpu = Math.min(bestCpu, threads.getCurrentThreadCpuTime() - c0);
      }
      // the thread's CPU time too: on a shared machine the wall-clock rate is the share of a core it got
      out.append(String.format("%scompiled policies, one thread, %s: %d decisions in %.2f s = %.0f decisions/s; %.2f CPU-s = %.0f decisions per CPU-second (allowed %d)",
          out.length() == 0 ? "" : "\n", how, rows, best / 1e9, rows / (best / 1e9), bestCpu / 1e9, rows / (bestCpu / 1e9), allowed / 5));
    }
    return out.toString();
  }

  /** The same rows as check --requests lines, each robots.txt the capture the job picks. */
  static Path writeRequests(Path work, long n, int origins, Generated sites, String server) throws IOException {
    Path bodies = Files.createDirectories(work.resolve("bodies"));
    Path file = work.resolve("requests-even.jsonl");
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (long id = 0; id < n; id++) {
        Row r = row(id, origins, 0);
        String url = r.getString(1);
        int o = Integer.parseInt(url.substring(url.indexOf("//o") + 3, url.indexOf(".example")));
        Generated.Capture c = sites.chosen(new Generated.Url((int) id, url, ((Timestamp) r.get(2)).toInstant()), sites.sites.get(o).origin());
        String robots;
        if (c == null || c.status() != 200) {
          robots = server + "/" + (c == null ? 503 : c.status()) + "/robots.txt";
        } else {
          Path body = bodies.resolve(CapturePolicy.sha256(c.body()) + ".txt");
          if (!Files.exists(body)) {
            Files.write(body, c.body());
          }
          robots = body.toString();
        }
        w.write("{\"robots\": \"" + robots + "\", \"crawler\": [\"CCBot\"], \"usage\": \"index\", \"purpose\": \"ai-train\", \"url\": \"" + url + "\"}\n");
      }
    }
    return file;
  }

  /** CPU time of this process, all threads. */
  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static void resetPeaks() {
    System.gc();
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      p.resetPeakUsage();
    }
  }

  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        sum += p.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
