package org.acapengine.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.split;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

/**
 * The ready job: {@code spark-submit --class org.acapengine.spark.FilterJob acap-spark.jar filter
 * --urls URLS --robots CAPTURES --crawler CCBot --usage index --purpose ai-train --out DIR}. Writes
 * {@code DIR/kept} (the URL rows every usage allows, as they were read), {@code DIR/evidence}
 * (every decision, and every bad input with its reason) and {@code DIR/summary.json}, all Parquet
 * but the summary, into a temporary sibling directory renamed to {@code DIR} when complete: the
 * output is all there or not at all. Bad input is counted; {@code --strict} fails the job on any.
 * Exit codes: 0 done, 1 {@code --strict} found bad input, 2 bad arguments.
 */
public final class FilterJob {

  static final String USAGE = "usage: filter --urls PATH --robots PATH --crawler NAME [--crawler NAME]... --usage USAGE[,USAGE]... "
      + "[--purpose PURPOSE] --out DIR [--urls-format parquet|csv|json] [--robots-format warc|parquet|csv|json] [--url-column url] "
      + "[--fetch-time-column fetch_time|none] [--no-capture unreachable|unavailable] [--strict]";

  /** A bad command line: one line on standard error, exit code 2. */
  static final class UsageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  /** What a run did. */
  record Summary(long urls, long decisions, long allowed, long prohibited, long kept, Map<String, Long> badInput) {
    long bad() {
      return badInput.values().stream().mapToLong(Long::longValue).sum();
    }

    String json() {
      StringBuilder b = new StringBuilder("{\"urls\": ").append(urls).append(", \"decisions\": ").append(decisions)
          .append(", \"allowed\": ").append(allowed).append(", \"prohibited\": ").append(prohibited).append(", \"kept\": ").append(kept)
          .append(", \"badInput\": {");
      String sep = "";
      for (Map.Entry<String, Long> e : badInput.entrySet()) {
        b.append(sep).append('"').append(e.getKey()).append("\": ").append(e.getValue());
        sep = ", ";
      }
      return b.append("}}").toString();
    }
  }

  private FilterJob() {}

  /**
   * Runs the job in the active (or a new) session.
   *
   * @param args the arguments
   */
  public static void main(String[] args) {
    int code;
    try {
      code = run(SparkSession.builder().appName("acap-spark filter").getOrCreate(), args, System.out);
    } catch (UsageException e) {
      System.err.println("acap-spark: " + e.getMessage());
      code = 2;
    }
    if (code != 0) {
      System.exit(code);
    }
  }

  /**
   * Runs the job.
   *
   * @param spark the session
   * @param args the arguments
   * @param out where the summary goes
   * @return 0, or 1 when {@code --strict} found bad input (nothing is then written)
   * @throws UsageException for bad arguments
   */
  static int run(SparkSession spark, String[] args, PrintStream out) {
    Map<String, List<String>> a = parse(args);
    String urlsPath = one(a, "urls");
    String robotsPath = one(a, "robots");
    String outDir = one(a, "out");
    List<String> usages = a.get("usage") == null ? List.of() : a.get("usage").stream().flatMap(u -> Arrays.stream(u.split(","))).map(String::strip).toList();
    String fetchColumn = Optional.ofNullable(a.get("fetch-time-column")).map(l -> l.get(0)).orElse("fetch_time");
    DecideOptions.NoCapture noCapture;
    try {
      noCapture = DecideOptions.NoCapture.valueOf(Optional.ofNullable(a.get("no-capture")).map(l -> l.get(0)).orElse("unreachable").toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--no-capture must be unreachable or unavailable");
    }
    if (a.get("crawler") == null || usages.isEmpty()) {
      throw new UsageException("--crawler and --usage are required; " + USAGE);
    }
    DecideOptions options = new DecideOptions(a.get("crawler"), usages, Optional.ofNullable(a.get("purpose")).map(l -> l.get(0)).orElse(null),
        Optional.ofNullable(a.get("url-column")).map(l -> l.get(0)).orElse("url"), fetchColumn.equals("none") ? null : fetchColumn,
        noCapture, 0);
    boolean strict = a.containsKey("strict");

    Dataset<Row> urls = read(spark, Optional.ofNullable(a.get("urls-format")).map(l -> l.get(0)).orElse("parquet"), urlsPath);
    String robotsFormat = Optional.ofNullable(a.get("robots-format")).map(l -> l.get(0)).orElse("warc");
    Dataset<Row> captures = robotsFormat.equals("warc") ? AcapSpark.readWarc(spark, robotsPath) : AcapSpark.captures(read(spark, robotsFormat, robotsPath));
    if (!List.of(urls.schema().fieldNames()).contains(options.urlColumn())) {
      throw new UsageException("--urls has no column '" + options.urlColumn() + "' (--url-column names it)");
    }

    Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    Path target = new Path(outDir);
    try {
      FileSystem fs = target.getFileSystem(hadoop);
      if (fs.exists(target)) {
        throw new UsageException("--out " + outDir + " exists; the job writes a new directory");
      }
      Path tmp = new Path(target.getParent(), "." + target.getName() + ".acap-tmp-" + UUID.randomUUID());
      try {
        Summary s = write(spark, urls, captures, options, tmp.toString());
        out.println("acap-spark: " + s.json());
        if (strict && s.bad() > 0) {
          out.println("acap-spark: --strict: " + s.bad() + " bad input" + (s.bad() == 1 ? "" : "s") + "; nothing written");
          fs.delete(tmp, true);
          return 1;
        }
        try (OutputStream o = fs.create(new Path(tmp, "summary.json"), false)) {
          o.write((s.json() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        if (!fs.rename(tmp, target)) {
          throw new IOException("cannot rename " + tmp + " to " + target);
        }
        return 0;
      } catch (RuntimeException | IOException e) {
        fs.delete(tmp, true);
        throw e;
      }
    } catch (IOException e) {
      throw new IllegalStateException("acap-spark: " + e.getMessage(), e);
    }
  }

  /** Decides, writes evidence then kept rows under {@code dir}, and counts from what was written. */
  static Summary write(SparkSession spark, Dataset<Row> urls, Dataset<Row> captures, DecideOptions options, String dir) {
    Dataset<Row> decided = AcapSpark.decide(urls, captures, options);
    // AcapSpark.decide writes each partition in an order that depends only on the data, so a
    // re-run writes the same files without a sort here
    decided.write().parquet(dir + "/evidence");
    Dataset<Row> evidence = spark.read().parquet(dir + "/evidence");
    String usage = usageColumn(evidence);
    String problem = problemColumn(evidence);
    List<Column> urlColumns = new ArrayList<>();
    for (StructField f : urls.schema().fields()) {
      urlColumns.add(col(f.name()));
    }
    evidence.where(col(kept(evidence)).and(col(usage).equalTo(options.usages().get(0))))
        .select(urlColumns.toArray(Column[]::new)).write().parquet(dir + "/kept");

    Dataset<Row> counted = spark.read().parquet(dir + "/evidence");
    // one pass over the evidence for the three counts
    Row c = counted.agg(count(when(col(problem).isNull(), true)), count(when(col(problem).isNull().and(col(allowedColumn(counted))), true)),
        count(when(col(usage).equalTo(options.usages().get(0)), true))).first();
    long decisions = c.getLong(0);
    long allowed = c.getLong(1);
    long urlCount = c.getLong(2);
    long kept = spark.read().parquet(dir + "/kept").count();
    Map<String, Long> bad = new LinkedHashMap<>();
    for (Row r : counted.where(col(problem).isNotNull()).select(split(col(problem), ":").getItem(0).as("kind")).groupBy("kind").count()
        .orderBy("kind").collectAsList()) {
      bad.put(r.getString(0), r.getLong(1));
    }
    return new Summary(urlCount, decisions, allowed, decisions - allowed, kept, bad);
  }

  private static String usageColumn(Dataset<Row> d) {
    return name(d, "usage");
  }

  private static String problemColumn(Dataset<Row> d) {
    return name(d, "problem");
  }

  private static String allowedColumn(Dataset<Row> d) {
    return name(d, "allowed");
  }

  private static String kept(Dataset<Row> d) {
    return name(d, "kept");
  }

  /** A decision column's name: prefixed with acap_ when the URL table has a column of that name. */
  private static String name(Dataset<Row> d, String column) {
    return List.of(d.schema().fieldNames()).contains("acap_" + column) ? "acap_" + column : column;
  }

  static Dataset<Row> read(SparkSession spark, String format, String path) {
    return switch (format) {
      case "parquet" -> spark.read().parquet(path);
      case "csv" -> spark.read().option("header", "true").csv(path);
      case "json" -> spark.read().json(path);
      default -> throw new UsageException("unknown format '" + format + "': parquet, csv or json (warc for --robots)");
    };
  }

  private static Map<String, List<String>> parse(String[] args) {
    if (args.length == 0 || !args[0].equals("filter")) {
      throw new UsageException(USAGE);
    }
    Map<String, List<String>> a = new LinkedHashMap<>();
    for (int i = 1; i < args.length; i++) {
      if (!args[i].startsWith("--")) {
        throw new UsageException("unexpected argument '" + args[i] + "'; " + USAGE);
      }
      String name = args[i].substring(2);
      if (name.equals("strict")) {
        a.put(name, List.of());
        continue;
      }
      if (!List.of("urls", "robots", "crawler", "usage", "purpose", "out", "urls-format", "robots-format", "url-column", "fetch-time-column",
          "no-capture").contains(name)) {
        throw new UsageException("unknown option --" + name + "; " + USAGE);
      }
      if (i + 1 >= args.length) {
        throw new UsageException("--" + name + " needs a value");
      }
      a.computeIfAbsent(name, k -> new ArrayList<>()).add(args[++i]);
    }
    return a;
  }

  private static String one(Map<String, List<String>> a, String name) {
    List<String> v = a.get(name);
    if (v == null || v.size() != 1) {
      throw new UsageException("--" + name + " is required, once; " + USAGE);
    }
    return v.get(0);
  }
}
