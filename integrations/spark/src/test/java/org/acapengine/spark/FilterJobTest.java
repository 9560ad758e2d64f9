package org.acapengine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ready job, as spark-submit runs it: WARC captures, a Parquet URL table, Parquet out. */
class FilterJobTest {

  static SparkSession spark;
  static Generated g = new Generated(200, 5_000, 0.3, 7);

  @BeforeAll
  static void start() {
    spark = SparkSessions.local(2, 4);
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static Path inputs(Path dir, boolean malformed) throws IOException {
    Path warc = g.writeWarc(dir.resolve("warc"), 2);
    if (malformed) {
      // a valid file followed by bytes that are no WARC record: counted, with file and offset
      byte[] good = Files.readAllBytes(warc.resolve("robots-0.warc"));
      byte[] bad = "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: zz\r\n\r\n".getBytes(StandardCharsets.UTF_8);
      byte[] all = new byte[good.length + bad.length];
      System.arraycopy(good, 0, all, 0, good.length);
      System.arraycopy(bad, 0, all, good.length, bad.length);
      Files.write(warc.resolve("robots-2.warc"), all);
    }
    List<Row> rows = new ArrayList<>();
    for (Generated.Url u : g.urls) {
      rows.add(RowFactory.create(u.id(), u.url(), Timestamp.from(u.fetchTime()), "text/html"));
    }
    rows.add(RowFactory.create(-1, "not a url", Timestamp.from(Generated.START), "text/html"));
    StructType schema = new StructType().add("id", DataTypes.IntegerType).add("url", DataTypes.StringType)
        .add("fetch_time", DataTypes.TimestampType).add("content_mime_type", DataTypes.StringType);
    spark.createDataFrame(rows, schema).repartition(3).write().parquet(dir.resolve("urls").toString());
    return dir;
  }

  static String[] args(Path in, Path out, String... more) {
    List<String> a = new ArrayList<>(List.of("filter", "--urls", in.resolve("urls").toString(), "--robots", in.resolve("warc").toString(),
        "--crawler", "CCBot", "--usage", "index", "--purpose", "ai-train", "--out", out.toString()));
    a.addAll(List.of(more));
    return a.toArray(String[]::new);
  }

  @Test
  void writesKeptRowsEvidenceAndSummaryIdenticallyOnEachRun(@TempDir Path dir) throws IOException {
    Path in = inputs(dir, true);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    assertEquals(0, FilterJob.run(spark, args(in, dir.resolve("out1")), new PrintStream(log, true, StandardCharsets.UTF_8)));
    assertEquals(0, FilterJob.run(spark, args(in, dir.resolve("out2")), new PrintStream(log, true, StandardCharsets.UTF_8)));

    String summary = Files.readString(dir.resolve("out1/summary.json"));
    assertTrue(summary.contains("\"urls\": 5001") && summary.contains("\"malformed WARC record\": 1") && summary.contains("\"unparseable URL\": 1"),
        summary);
    assertEquals(summary, Files.readString(dir.resolve("out2/summary.json")));
    for (String table : List.of("evidence", "kept")) {
      List<Row> first = spark.read().parquet(dir.resolve("out1").resolve(table).toString()).collectAsList();
      List<Row> second = spark.read().parquet(dir.resolve("out2").resolve(table).toString()).collectAsList();
      assertEquals(first, second, table);
    }
    List<Row> kept = spark.read().parquet(dir.resolve("out1/kept").toString()).collectAsList();
    assertEquals(List.of("id", "url", "fetch_time", "content_mime_type"), List.of(spark.read().parquet(dir.resolve("out1/kept").toString()).schema().fieldNames()));
    long allowed = spark.read().parquet(dir.resolve("out1/evidence").toString()).where("allowed AND problem IS NULL").count();
    assertEquals(allowed, kept.size());
    Row malformed = spark.read().parquet(dir.resolve("out1/evidence").toString()).where("problem LIKE 'malformed WARC record%'").first();
    assertTrue(malformed.<String>getAs("source").matches(".*robots-2\\.warc@\\d+"), malformed.toString());
    try (Stream<Path> left = Files.list(dir)) {
      assertFalse(left.anyMatch(p -> p.getFileName().toString().contains("acap-tmp")));
    }
  }

  @Test
  void strictFailsOnBadInputAndWritesNothing(@TempDir Path dir) throws IOException {
    Path in = inputs(dir, true);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    assertEquals(1, FilterJob.run(spark, args(in, dir.resolve("out"), "--strict"), new PrintStream(log, true, StandardCharsets.UTF_8)));
    assertFalse(Files.exists(dir.resolve("out")));
    try (Stream<Path> left = Files.list(dir)) {
      assertFalse(left.anyMatch(p -> p.getFileName().toString().contains("acap-tmp")));
    }
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("--strict: 2 bad inputs; nothing written"), log.toString(StandardCharsets.UTF_8));
  }

  @Test
  void badArgumentsAreOneLine(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("exists"));
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    assertThrows(FilterJob.UsageException.class, () -> FilterJob.run(spark, new String[] {"filter", "--urls", "x"}, quiet));
    assertThrows(FilterJob.UsageException.class, () -> FilterJob.run(spark, new String[] {"filter", "--bogus", "x"}, quiet));
    Path in = inputs(dir, false);
    FilterJob.UsageException e = assertThrows(FilterJob.UsageException.class, () -> FilterJob.run(spark, args(in, dir.resolve("exists")), quiet));
    assertTrue(e.getMessage().contains("exists"), e.getMessage());
  }
}
