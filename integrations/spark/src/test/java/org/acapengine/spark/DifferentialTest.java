package org.acapengine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.acapengine.cli.AcapCommand;
import org.acapengine.cli.Io;
import org.acapengine.load.Origin;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark job's decisions equal {@code acap check --requests}' answers, line for line, on the
 * same generated inputs: 3 000 origins (the bundled real robots.txt files among generated ones;
 * captures with HTTP 200, 404 and 503, some origins captured twice, some not at all) written as
 * WARC files with jwarc, and 100 000 URLs, each decided for crawl and index, for CCBot with purpose
 * ai-train. The command line gets, for each URL, the capture the capture-choice rule picks: a 200's
 * body as a file, a 404 or 503 (or no capture, which the job reads as unreachable) as a robots.txt
 * URL on a JDK HTTP server on 127.0.0.1 answering with that status.
 */
class DifferentialTest {

  static SparkSession spark;
  static HttpServer server;

  @BeforeAll
  static void start() throws IOException {
    spark = SparkSessions.local(2, 8);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      int status = exchange.getRequestURI().getPath().startsWith("/s404") ? 404 : 503;
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
    });
    server.start();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
    spark.stop();
  }

  @Test
  void theJobAnswersAsCheckRequestsDoes(@TempDir Path dir) throws IOException {
    Generated g = new Generated(3000, 100_000, 0.0, 2026);
    Path warc = g.writeWarc(dir.resolve("warc"), 4);
    List<Row> rows = new ArrayList<>();
    for (Generated.Url u : g.urls) {
      rows.add(RowFactory.create(u.id(), u.url(), Timestamp.from(u.fetchTime())));
    }
    StructType schema = new StructType().add("id", DataTypes.IntegerType).add("url", DataTypes.StringType).add("fetch_time", DataTypes.TimestampType);
    Dataset<Row> urls = spark.createDataFrame(rows, schema);
    DecideOptions options = new DecideOptions(List.of("CCBot"), List.of("crawl", "index"), "ai-train", "url",
        "fetch_time", DecideOptions.NoCapture.UNREACHABLE, 0);
    Dataset<Row> captures = AcapSpark.readWarc(spark, warc.toString());
    assertEquals(0, captures.where("problem IS NOT NULL").count());
    List<Row> decided = AcapSpark.decide(urls, captures, options).where("id IS NOT NULL").orderBy("id", "usage").collectAsList();
    assertEquals(200_000, decided.size());

    // the same questions, as check --requests lines, in the same order (id, then usage: crawl < index)
    Path bodies = Files.createDirectories(dir.resolve("bodies"));
    String server404 = "http://127.0.0.1:" + server.getAddress().getPort() + "/s404/robots.txt";
    String server503 = "http://127.0.0.1:" + server.getAddress().getPort() + "/s503/robots.txt";
    ObjectMapper json = new ObjectMapper();
    StringBuilder requests = new StringBuilder();
    int[] statuses = new int[3];
    for (Generated.Url u : g.urls) {
      String origin = Origin.parse(u.url()).orElseThrow().toString();
      Generated.Capture c = g.chosen(u, origin);
      String robots;
      if (c == null || c.status() == 503) {
        robots = server503;
        statuses[2]++;
      } else if (c.status() == 404) {
        robots = server404;
        statuses[1]++;
      } else {
        Path file = bodies.resolve(CapturePolicy.sha256(c.body()) + ".txt");
        if (!Files.exists(file)) {
          Files.write(file, c.body());
        }
        robots = file.toString();
        statuses[0]++;
      }
      for (String usage : List.of("crawl", "index")) {
        ObjectNode n = json.createObjectNode();
        n.put("robots", robots);
        n.putArray("crawler").add("CCBot");
        n.put("usage", usage);
        n.put("purpose", "ai-train");
        n.put("url", u.url());
        requests.append(json.writeValueAsString(n)).append('\n');
      }
    }
    assertTrue(statuses[0] > 50_000 && statuses[1] > 3_000 && statuses[2] > 3_000, java.util.Arrays.toString(statuses));
    Path requestFile = dir.resolve("requests.jsonl");
    Files.writeString(requestFile, requests);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = AcapCommand.run(new String[] {"check", "--allow-addresses", "loopback", "--requests", requestFile.toString()},
        new Io(InputStream.nullInputStream(), new PrintWriter(out), new PrintWriter(err), false));
    assertEquals(0, code, err.toString());
    List<String> answers = out.toString().lines().toList();
    assertEquals(200_000, answers.size());

    int differences = 0;
    StringBuilder first = new StringBuilder();
    for (int i = 0; i < answers.size(); i++) {
      JsonNode a = json.readTree(answers.get(i));
      Row r = decided.get(i);
      boolean unfetched = a.path("basis").asText().startsWith("robots-un");
      boolean same = a.path("usage").asText().equals(r.getAs("usage"))
          && a.path("allowed").asBoolean() == (Boolean) r.getAs("allowed")
          && a.path("basis").asText().equals(r.getAs("basis"))
          && Objects.equals(a.path("line").isNull() ? null : a.path("line").asInt(), r.getAs("line"))
          && (unfetched || Objects.equals(a.path("text").isNull() ? null : a.path("text").asText(), r.getAs("line_text")));
      if (!same && differences++ < 5) {
        first.append("\nrequest ").append(requests.toString().lines().skip(i).findFirst().orElse("")).append("\n  answer ")
            .append(answers.get(i)).append("\n  job ").append(r);
      }
    }
    assertEquals(0, differences, differences + " of 200000 answers differ, the first:" + first);
  }
}
