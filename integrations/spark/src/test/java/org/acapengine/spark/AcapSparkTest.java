package org.acapengine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link AcapSpark#decide} on a real local Spark session, with captures given as a table. */
class AcapSparkTest {

  static SparkSession spark;

  static final StructType URLS = new StructType().add("id", DataTypes.IntegerType).add("url", DataTypes.StringType)
      .add("fetch_time", DataTypes.TimestampType);
  static final StructType TABLE = new StructType().add("origin", DataTypes.StringType).add("status", DataTypes.IntegerType)
      .add("body", DataTypes.StringType).add("fetch_time", DataTypes.TimestampType);

  static final String EARLY = "User-agent: *\nDisallow: /private/\n";
  static final String LATE = "User-agent: *\nDisallow: /\nAllow: /public/\n";
  static final String SIGNAL = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n";

  @BeforeAll
  static void start() {
    spark = SparkSessions.local(2, 4);
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static Timestamp t(String instant) {
    return Timestamp.from(Instant.parse(instant));
  }

  static Dataset<Row> captures() {
    List<Row> rows = List.of(
        RowFactory.create("https://a.example", 200, EARLY, t("2024-01-01T00:00:00Z")),
        RowFactory.create("https://a.example", 200, LATE, t("2024-06-01T00:00:00Z")),
        RowFactory.create("https://gone.example", 404, null, t("2024-01-01T00:00:00Z")),
        RowFactory.create("https://down.example", 503, null, t("2024-01-01T00:00:00Z")),
        RowFactory.create("https://empty.example", 200, null, t("2024-01-01T00:00:00Z")),
        RowFactory.create("https://signal.example", 200, SIGNAL, t("2024-01-01T00:00:00Z")),
        RowFactory.create("https://twice.example", 200, EARLY, t("2024-01-01T00:00:00Z")),
        RowFactory.create("https://twice.example", 200, LATE, t("2024-01-01T00:00:00Z")),
        RowFactory.create("not a url", 200, EARLY, t("2024-01-01T00:00:00Z")));
    return AcapSpark.captures(spark.createDataFrame(rows, TABLE));
  }

  static Map<Integer, Row> decide(List<Row> urls, DecideOptions options) {
    Dataset<Row> out = AcapSpark.decide(spark.createDataFrame(urls, URLS), captures(), options);
    Map<Integer, Row> byId = new TreeMap<>();
    for (Row r : out.collectAsList()) {
      if (!r.isNullAt(0)) {
        byId.put(r.getInt(0), r);
      }
    }
    return byId;
  }

  @ParameterizedTest(name = "{1} at {2}")
  @CsvSource({
      // id, url, fetch time, allowed, basis, capture rule, robots status
      "1, https://a.example/private/x,  2024-03-01T00:00:00Z, false, conventional-rule, latest-at-or-before, 200",
      "2, https://a.example/other,      2024-03-01T00:00:00Z, true,  default,           latest-at-or-before, 200",
      "3, https://a.example/other,      2024-07-01T00:00:00Z, false, conventional-rule, latest-at-or-before, 200",
      "4, https://a.example/public/p,   2024-07-01T00:00:00Z, true,  conventional-rule, latest-at-or-before, 200",
      "5, https://a.example/private/x,  2023-01-01T00:00:00Z, false, conventional-rule, earliest-after,      200",
      "6, https://gone.example/x,       2024-03-01T00:00:00Z, true,  robots-unavailable, latest-at-or-before, 404",
      "7, https://down.example/x,       2024-03-01T00:00:00Z, false, robots-unreachable, latest-at-or-before, 503",
      "8, https://down.example/robots.txt, 2024-03-01T00:00:00Z, true, robots-txt,       latest-at-or-before, 503",
      "9, https://empty.example/x,      2024-03-01T00:00:00Z, false, robots-unreachable, latest-at-or-before, 200",
      "10, https://none.example/x,      2024-03-01T00:00:00Z, false, robots-unreachable, no-capture,"})
  void decidesByTheChosenCapture(int id, String url, String at, boolean allowed, String basis, String rule, Integer status) {
    Row r = decide(List.of(RowFactory.create(id, url, t(at))), DecideOptions.of("examplebot", "crawl", null)).get(id);
    assertEquals(allowed, r.getAs("allowed"), r.toString());
    assertEquals(basis, r.getAs("basis"), r.toString());
    assertEquals(rule, r.getAs("capture_rule"));
    assertEquals(status, r.getAs("robots_status"));
  }

  @Test
  void noCaptureCanBeReadAsUnavailable() {
    Row r = decide(List.of(RowFactory.create(1, "https://none.example/x", t("2024-03-01T00:00:00Z"))),
        DecideOptions.of("examplebot", "crawl", null).withNoCapture(DecideOptions.NoCapture.UNAVAILABLE)).get(1);
    assertEquals(true, r.getAs("allowed"));
    assertEquals("robots-unavailable", r.getAs("basis"));
  }

  @Test
  void theEvidenceNamesTheDecidingLineAndTheBodyHash() {
    Row r = decide(List.of(RowFactory.create(1, "https://a.example/private/x", t("2024-03-01T00:00:00Z"))),
        DecideOptions.of("examplebot", "crawl", null)).get(1);
    assertEquals(2, (Integer) r.getAs("line"));
    assertEquals("Disallow: /private/", r.getAs("line_text"));
    assertEquals("https://a.example/robots.txt", r.getAs("robots_url"));
    assertEquals(CapturePolicy.sha256(EARLY.getBytes(StandardCharsets.UTF_8)), r.getAs("robots_sha256"));
    assertEquals(t("2024-01-01T00:00:00Z"), r.getAs("robots_fetch_time"));
  }

  @Test
  void contentSignalInRobotsTxtDecidesTheAiPurposes() {
    List<Row> urls = List.of(RowFactory.create(1, "https://signal.example/a", t("2024-03-01T00:00:00Z")));
    assertEquals(false, decide(urls, DecideOptions.of("examplebot", "index", "ai-train")).get(1).getAs("allowed"));
    assertEquals(true, decide(urls, DecideOptions.of("examplebot", "index", "search")).get(1).getAs("allowed"));
  }

  @Test
  void badInputGetsAnEvidenceRowWithItsReason() {
    Dataset<Row> out = AcapSpark.decide(spark.createDataFrame(List.of(RowFactory.create(1, "::not a url", t("2024-03-01T00:00:00Z")),
        RowFactory.create(2, "https://twice.example/private/x", t("2024-03-01T00:00:00Z"))), URLS), captures(),
        DecideOptions.of("examplebot", "crawl", null));
    List<String> problems = new ArrayList<>();
    for (Row r : out.collectAsList()) {
      if (r.getAs("problem") != null) {
        problems.add(r.<String>getAs("problem"));
      }
    }
    problems.sort(null);
    assertEquals(3, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("conflicting captures of https://twice.example/robots.txt at 2024-01-01T00:00:00Z"), problems.get(0));
    assertTrue(problems.get(1).startsWith("unparseable URL: '::not a url'"), problems.get(1));
    assertTrue(problems.get(2).startsWith("unreadable capture: 'not a url'"), problems.get(2));
  }

  @Test
  void conflictingCapturesDecideByStatusAndHashOrder() {
    String first = CapturePolicy.sha256(EARLY.getBytes(StandardCharsets.UTF_8)).compareTo(CapturePolicy.sha256(LATE.getBytes(StandardCharsets.UTF_8))) < 0
        ? EARLY : LATE;
    Row r = decide(List.of(RowFactory.create(1, "https://twice.example/other", t("2024-03-01T00:00:00Z"))),
        DecideOptions.of("examplebot", "crawl", null)).get(1);
    assertEquals(CapturePolicy.sha256(first.getBytes(StandardCharsets.UTF_8)), r.getAs("robots_sha256"));
  }

  @Test
  void aLargeOriginSplitOverTasksDecidesAsAWholeOne() {
    List<Row> urls = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      String path = i % 3 == 0 ? "/private/" + i : i % 3 == 1 ? "/public/" + i : "/o/" + i;
      urls.add(RowFactory.create(i, (i % 10 == 0 ? "https://gone.example" : "https://a.example") + path, t(i % 2 == 0 ? "2024-03-01T00:00:00Z" : "2024-07-01T00:00:00Z")));
    }
    DecideOptions options = DecideOptions.of("examplebot", "crawl", null);
    Map<String, Integer> slices = AcapSpark.largeOrigins(spark.createDataFrame(urls, URLS), 1, 500);
    assertTrue(slices.getOrDefault("https://a.example", 0) >= 4, slices.toString());
    Map<Integer, Row> whole = decide(urls, options);
    Map<Integer, Row> split = decide(urls, options.withSplitRows(500));
    assertEquals(3000, split.size());
    for (int i = 0; i < 3000; i++) {
      assertEquals(whole.get(i), split.get(i));
    }
  }

  @Test
  void theResultDoesNotDependOnInputPartitioning() {
    List<Row> urls = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      urls.add(RowFactory.create(i, "https://a.example/" + (i % 2 == 0 ? "private/" : "") + i, t("2024-03-01T00:00:00Z")));
    }
    DecideOptions options = DecideOptions.of("examplebot", "crawl", null);
    List<Row> one = AcapSpark.decide(spark.createDataFrame(urls, URLS).repartition(1), captures(), options).where("id IS NOT NULL").orderBy("id").collectAsList();
    List<Row> seven = AcapSpark.decide(spark.createDataFrame(urls, URLS).repartition(7), captures().repartition(3), options).where("id IS NOT NULL").orderBy("id").collectAsList();
    assertEquals(one, seven);
    assertNull(one.get(0).getAs("problem"));
  }

  @Test
  void theSqlFunctionDecidesFromABody() {
    AcapSql.register(spark);
    spark.createDataFrame(List.of(RowFactory.create("https://x.example/private/a", EARLY), RowFactory.create("https://x.example/b", EARLY)),
        new StructType().add("url", DataTypes.StringType).add("robots", DataTypes.StringType)).createOrReplaceTempView("pages");
    List<Row> rows = spark.sql("SELECT url, acap_decide(robots, url, 'examplebot', 'crawl', NULL) AS d FROM pages ORDER BY url").collectAsList();
    assertEquals(true, rows.get(0).getStruct(1).getAs("allowed"));
    assertEquals("default", rows.get(0).getStruct(1).getAs("basis"));
    assertEquals(false, rows.get(1).getStruct(1).getAs("allowed"));
    assertEquals(2, (Integer) rows.get(1).getStruct(1).getAs("line"));
    assertEquals("conventional-rule", rows.get(1).getStruct(1).getAs("basis"));
  }
}
