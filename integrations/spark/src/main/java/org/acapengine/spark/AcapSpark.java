package org.acapengine.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.xxhash64;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.load.Origin;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * acap-engine's decisions on Spark: every URL of a table decided by its origin's robots.txt
 * capture, with the evidence a compliance review asks for. See docs/spark.md.
 *
 * <pre>{@code
 * Dataset<Row> captures = AcapSpark.readWarc(spark, "s3://.../robotstxt/*.warc.gz");
 * Dataset<Row> decided = AcapSpark.decide(urls, captures, DecideOptions.of("CCBot", "index", "ai-train"));
 * }</pre>
 */
public final class AcapSpark {

  /** The capture table {@link #decide} reads: one robots.txt fetch per row. */
  public static final StructType CAPTURE_SCHEMA = new StructType(new StructField[] {
      DataTypes.createStructField("origin", DataTypes.StringType, true),
      DataTypes.createStructField("robots_url", DataTypes.StringType, true),
      DataTypes.createStructField("status", DataTypes.IntegerType, true),
      DataTypes.createStructField("body", DataTypes.BinaryType, true),
      DataTypes.createStructField("fetch_time", DataTypes.TimestampType, true),
      DataTypes.createStructField("source", DataTypes.StringType, true),
      DataTypes.createStructField("problem", DataTypes.StringType, true)});

  /** The columns {@link #decide} adds to each URL row (docs/spark.md, "Evidence"). */
  public static final StructType DECISION_SCHEMA = new StructType(new StructField[] {
      DataTypes.createStructField("usage", DataTypes.StringType, true),
      DataTypes.createStructField("crawler", DataTypes.StringType, true),
      DataTypes.createStructField("purpose", DataTypes.StringType, true),
      DataTypes.createStructField("allowed", DataTypes.BooleanType, true),
      DataTypes.createStructField("basis", DataTypes.StringType, true),
      DataTypes.createStructField("robots_url", DataTypes.StringType, true),
      DataTypes.createStructField("robots_fetch_time", DataTypes.TimestampType, true),
      DataTypes.createStructField("robots_status", DataTypes.IntegerType, true),
      DataTypes.createStructField("robots_sha256", DataTypes.StringType, true),
      DataTypes.createStructField("capture_rule", DataTypes.StringType, true),
      DataTypes.createStructField("line", DataTypes.IntegerType, true),
      DataTypes.createStructField("line_text", DataTypes.StringType, true),
      DataTypes.createStructField("deciding_source", DataTypes.StringType, true),
      DataTypes.createStructField("problem", DataTypes.StringType, true),
      DataTypes.createStructField("source", DataTypes.StringType, true),
      DataTypes.createStructField("kept", DataTypes.BooleanType, false)});

  static final int DECISION_FIELDS = DECISION_SCHEMA.size();

  /** URLs sampled to find the origins that must be split over several tasks. */
  static final long SAMPLE_ROWS = 200_000;

  private AcapSpark() {}

  /**
   * Decides every URL for every usage of {@code options}, by its origin's robots.txt capture.
   * Each capture is parsed and compiled once per origin per task, never per row; an origin with
   * more URLs than a task should take is split over several tasks, its captures copied to each.
   *
   * @param urls any table with a URL column (Common Crawl's columnar index has {@code url} and
   *     {@code fetch_time})
   * @param captures robots.txt captures in {@link #CAPTURE_SCHEMA} ({@link #readWarc}, {@link #captures})
   * @param options what to decide, and how to read the URL table
   * @return one row per URL and usage: the URL row's columns, then {@link #DECISION_SCHEMA};
   *     plus one row (URL columns null) per unusable capture and per conflicting pair of captures,
   *     with its {@code problem}
   */
  public static Dataset<Row> decide(Dataset<Row> urls, Dataset<Row> captures, DecideOptions options) {
    StructType urlSchema = urls.schema();
    int urlIndex = urlSchema.fieldIndex(options.urlColumn());
    int fetchIndex = options.fetchTimeColumn() != null && List.of(urlSchema.fieldNames()).contains(options.fetchTimeColumn())
        ? urlSchema.fieldIndex(options.fetchTimeColumn()) : -1;
    StructType out = urlSchema;
    for (StructField f : DECISION_SCHEMA.fields()) {
      out = out.add(urlSchema.getFieldIndex(f.name()).isDefined() ? f.copy("acap_" + f.name(), f.dataType(), f.nullable(), f.metadata()) : f);
    }
    Map<String, Integer> slices = largeOrigins(urls, urlIndex, options.splitRows());
    int width = urlSchema.size();

    Dataset<Row> usable = captures.select(captureColumns()).where(col("problem").isNull().and(col("origin").isNotNull()));
    StructType keyedSchema = CAPTURE_SCHEMA.add("acap_key", DataTypes.StringType);
    // a large origin's captures go to each of its slices, keyed origin TAB slice
    Dataset<Row> keyedCaptures = usable.flatMap((FlatMapFunction<Row, Row>) r -> {
      int n = slices.getOrDefault(r.getString(0), 1);
      List<Row> copies = new ArrayList<>(n);
      for (int slice = 0; slice < n; slice++) {
        Object[] v = new Object[CAPTURE_SCHEMA.size() + 1];
        for (int i = 0; i < CAPTURE_SCHEMA.size(); i++) {
          v[i] = r.get(i);
        }
        v[CAPTURE_SCHEMA.size()] = r.getString(0) + "\t" + slice;
        copies.add(RowFactory.create(v));
      }
      return copies.iterator();
    }, Encoders.row(keyedSchema));

    // URL rows and capture rows in one table (a column for the origin key, one for the kind:
    // 0 capture, 1 URL), partitioned by the key and sorted so that each partition holds whole keys,
    // each key's captures first, then its URLs in the order of their hash: the decider streams a
    // key's URLs through its policy, and what it writes comes out in an order that depends only on
    // the data, so that the evidence needs no sort of its own. The key is computed from the URL
    // string alone (a SQL function), without turning the URL row into a Java object.
    UserDefinedFunction keyOf = udf((UDF1<String, String>) u -> urlKey(u, slices), DataTypes.StringType);
    List<Column> urlSide = new ArrayList<>();
    List<Column> captureSide = new ArrayList<>();
    for (StructField f : urlSchema.fields()) {
      urlSide.add(col(quoted(f.name())));
      captureSide.add(lit(null).cast(f.dataType()).as(f.name()));
    }
    urlSide.add(keyOf.apply(col(quoted(options.urlColumn()))).as(KEY));
    urlSide.add(lit(1).as(KIND));
    urlSide.add(xxhash64(col(quoted(options.urlColumn()))).as(URL_HASH));
    captureSide.add(col("acap_key").as(KEY));
    captureSide.add(lit(0).as(KIND));
    captureSide.add(lit(0L).as(URL_HASH));
    for (String c : new String[] {"robots_url", "status", "body", "fetch_time"}) {
      urlSide.add(lit(null).cast(CAPTURE_SCHEMA.apply(c).dataType()).as("__acap_capture_" + c));
      captureSide.add(col(c).as("__acap_capture_" + c));
    }
    // The sort's first key is a hash of the origin key, held in a column: Spark compares an 8-byte
    // prefix of the first key, which for a string starting "https://" says nothing, and a hash
    // given as an expression is computed again at every comparison.
    Dataset<Row> merged = urls.select(urlSide.toArray(Column[]::new)).union(keyedCaptures.select(captureSide.toArray(Column[]::new)))
        .repartition(col(KEY))
        .withColumn(KEY_HASH, xxhash64(col(KEY)))
        .sortWithinPartitions(col(KEY_HASH), col(KEY), col(KIND), col(URL_HASH), col(quoted(options.urlColumn())));
    Dataset<Row> decided = merged.mapPartitions(new OriginDecider(options, urlIndex, fetchIndex, width), Encoders.row(out));

    List<Column> badCaptureColumns = new ArrayList<>();
    for (StructField f : urlSchema.fields()) {
      badCaptureColumns.add(lit(null).cast(f.dataType()).as(f.name()));
    }
    for (StructField f : DECISION_SCHEMA.fields()) {
      String name = out.fields()[badCaptureColumns.size()].name();
      Column c = switch (f.name()) {
        case "robots_url" -> col("robots_url");
        case "robots_fetch_time" -> col("fetch_time");
        case "robots_status" -> col("status");
        case "problem" -> col("problem");
        case "source" -> col("source");
        case "kept" -> lit(false);
        case "crawler" -> lit(String.join(",", options.crawlers()));
        case "purpose" -> lit(options.purpose()).cast(DataTypes.StringType);
        default -> lit(null).cast(f.dataType());
      };
      badCaptureColumns.add(c.as(name));
    }
    Dataset<Row> badCaptures = captures.select(captureColumns()).where(col("problem").isNotNull().or(col("origin").isNull()))
        .select(badCaptureColumns.toArray(Column[]::new));
    return decided.unionByName(badCaptures);
  }

  private static Column[] captureColumns() {
    return java.util.Arrays.stream(CAPTURE_SCHEMA.fieldNames()).map(org.apache.spark.sql.functions::col).toArray(Column[]::new);
  }

  /** The column of the merged table that holds the origin key ({@link #urlKey}). */
  static final String KEY = "__acap_key";
  /** The column of the merged table that tells captures (0) from URLs (1). */
  static final String KIND = "__acap_kind";
  /** Columns of the merged table that order it: the URL's hash, the key's hash. */
  static final String URL_HASH = "__acap_url_hash";
  static final String KEY_HASH = "__acap_key_hash";

  /** A column name as {@code col} reads it, dots and all. */
  static String quoted(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** An origin's key: the origin and a slice number, or "" when the URL has no origin. */
  static String urlKey(String url, Map<String, Integer> slices) {
    Optional<Origin> o = url == null ? Optional.empty() : Origin.parse(url);
    if (o.isEmpty()) {
      return "";
    }
    String origin = o.get().toString();
    Integer n = slices.get(origin);
    return origin + "\t" + (n == null ? 0 : (url.hashCode() & Integer.MAX_VALUE) % n);
  }

  /** Origins to split, with their number of slices, from a sample of the URLs. */
  static Map<String, Integer> largeOrigins(Dataset<Row> urls, int urlIndex, long splitRows) {
    long total = urls.count();
    if (total == 0) {
      return Map.of();
    }
    int partitions = Integer.parseInt(urls.sparkSession().conf().get("spark.sql.shuffle.partitions"));
    long perTask = splitRows > 0 ? splitRows : Math.max(10_000, (total + partitions - 1) / partitions);
    if (total <= perTask) {
      return Map.of(); // no origin can be larger than a task's share
    }
    double fraction = Math.min(1.0, (double) SAMPLE_ROWS / total);
    List<Row> counts = urls.sample(false, fraction, 23)
        .map((MapFunction<Row, String>) r -> {
          String url = r.isNullAt(urlIndex) ? null : r.getString(urlIndex);
          return url == null ? "" : Origin.parse(url).map(Origin::toString).orElse("");
        }, Encoders.STRING())
        .groupBy("value").count().where(col("count").geq(Math.max(2, (long) (perTask * fraction)))).collectAsList();
    Map<String, Integer> slices = new HashMap<>();
    for (Row r : counts) {
      long estimate = (long) (r.getLong(1) / fraction);
      int n = (int) Math.min(partitions * 4L, (estimate + perTask - 1) / perTask);
      if (n > 1 && !r.getString(0).isEmpty()) {
        slices.put(r.getString(0), n);
      }
    }
    return slices;
  }

  /**
   * Robots.txt captures from WARC files (Common Crawl's robotstxt WARCs, or any WARC of robots.txt
   * fetches), read with jwarc: one row per response record, with its HTTP status. A record that
   * cannot be read gives a row with {@code problem} and {@code source} (file and offset).
   *
   * @param spark the session
   * @param paths WARC files, gzipped or not; globs and directories as Hadoop reads them
   * @return the captures, in {@link #CAPTURE_SCHEMA}
   */
  public static Dataset<Row> readWarc(SparkSession spark, String paths) {
    JavaRDD<Row> rows = JavaSparkContext.fromSparkContext(spark.sparkContext()).binaryFiles(paths)
        .flatMap(f -> WarcCaptures.read(f._1(), f._2().open()).iterator());
    return spark.createDataFrame(rows, CAPTURE_SCHEMA);
  }

  /**
   * Robots.txt captures from a table (Parquet, CSV, JSON, ...) with columns {@code origin} (or
   * {@code url}, the robots.txt URL), {@code status}, {@code body} (binary or text) and
   * {@code fetch_time}.
   *
   * @param table the table
   * @return the captures, in {@link #CAPTURE_SCHEMA}
   */
  public static Dataset<Row> captures(Dataset<Row> table) {
    StructType s = table.schema();
    List<String> names = List.of(s.fieldNames());
    String where = names.contains("origin") ? "origin" : "url";
    DataType bodyType = s.apply("body").dataType();
    return table.map((MapFunction<Row, Row>) r -> WarcCaptures.fromTable(r, where, bodyType), Encoders.row(CAPTURE_SCHEMA));
  }
}
