package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --robots URL} and {@code --requests} lines whose {@code robots} is a URL, against a local
 * HTTP server on 127.0.0.1: a 2xx is the file, a 4xx allows everything ({@code
 * robots-unavailable}), a 5xx, 429 or refused connection prohibits everything ({@code
 * robots-unreachable}), each naming the URL and what failed (RFC 9309 2.3.1, docs/fetching.md).
 * No assertion is about time taken.
 */
class RobotsUrlCliTest {

  static final String ROBOTS = "User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n";

  // One server for the class: stopping a JDK HttpServer takes up to a second.
  static HttpServer server;
  static final Map<String, Integer> status = new ConcurrentHashMap<>();

  @TempDir
  Path dir;

  @BeforeAll
  static void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", x -> {
      try {
        int s = status.getOrDefault(x.getRequestURI().getPath(), 404);
        byte[] b = s == 200 ? ROBOTS.getBytes(StandardCharsets.UTF_8) : "no such file".getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(s, b.length);
        x.getResponseBody().write(b);
      } finally {
        x.close();
      }
    });
    server.start();
  }

  @BeforeEach
  void clear() {
    status.clear();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  static String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** A port nothing listens on: that of a socket opened and closed. */
  static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  static JsonNode json(String line) {
    try {
      return Json.MAPPER.readTree(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** HTTP status of /robots.txt, path decided, allowed, basis, what the deciding text names. */
  @ParameterizedTest(name = "HTTP {0}, {1} -> {3}")
  @CsvSource({
      "200, /private/a,  false, conventional-rule,  Disallow: /private/",
      "200, /public/a,   true,  default,            ''",
      "404, /private/a,  true,  robots-unavailable, answered HTTP 404",
      "410, /private/a,  true,  robots-unavailable, answered HTTP 410",
      "503, /public/a,   false, robots-unreachable, answered HTTP 503 (server error)",
      "500, /public/a,   false, robots-unreachable, answered HTTP 500 (server error)",
      "429, /public/a,   false, robots-unreachable, answered HTTP 429 (too many requests)",
      "503, /robots.txt, true,  robots-txt,         ''",
  })
  void checkJsonlNamesTheBasisAndTheUrl(int httpStatus, String path, boolean allowed, String basis, String text) {
    status.put("/robots.txt", httpStatus);
    AcapRun.Result r = AcapRun.run("check", "--robots", url("/robots.txt"), "--crawler", "ExampleBot", "--format", "jsonl", path);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.outLines()).hasSize(1);
    JsonNode n = json(r.outLines().get(0));
    assertThat(n.get("allowed").asBoolean()).isEqualTo(allowed);
    assertThat(n.get("basis").asText()).isEqualTo(basis);
    assertThat(n.get("text").asText("")).contains(text);
    if (basis.startsWith("robots-un")) {
      assertThat(n.get("source").asText()).isEqualTo(url("/robots.txt"));
      assertThat(n.get("line").isNull()).isTrue();
      assertThat(n.get("text").asText()).contains(url("/robots.txt")).doesNotContain("null");
    }
  }

  @Test
  void aNotFoundRobotsTxtAllowsEverythingInText() {
    AcapRun.Result r = AcapRun.run("check", "--robots", url("/robots.txt"), "--crawler", "ExampleBot", "/private/a");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("allowed ").contains("(robots-unavailable, " + url("/robots.txt") + ": " + url("/robots.txt") + " answered HTTP 404");
  }

  @Test
  void aRefusedConnectionProhibitsEverythingAndSaysWhy() throws IOException {
    String robots = "http://127.0.0.1:" + closedPort() + "/robots.txt";
    AcapRun.Result r = AcapRun.run("check", "--robots", robots, "--crawler", "ExampleBot", "--format", "jsonl", "/a");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode n = json(r.outLines().get(0));
    assertThat(n.get("allowed").asBoolean()).isFalse();
    assertThat(n.get("basis").asText()).isEqualTo("robots-unreachable");
    assertThat(n.get("text").asText()).startsWith("cannot fetch " + robots + ": ").doesNotContain("null");
  }

  @Test
  void explainNamesTheOutcome() {
    status.put("/robots.txt", 503);
    AcapRun.Result r = AcapRun.run("explain", "--robots", url("/robots.txt"), "--crawler", "ExampleBot", "/a");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("verdict: PROHIBITED (robots-unreachable, decided by " + url("/robots.txt") + ")")
        .contains("deciding line: " + url("/robots.txt") + ": " + url("/robots.txt") + " answered HTTP 503")
        .contains("unreachable (RFC 9309 2.3.1.4)");
    AcapRun.Result json = AcapRun.run("explain", "--robots", url("/robots.txt"), "--crawler", "ExampleBot", "--format", "json", "/a");
    assertThat(json.exitCode()).as(json.err()).isZero();
    assertThat(json.out()).contains("\"robots-unreachable\"");
  }

  /** HTTP status, hints output: the fetched file's Crawl-delay, none without a file. */
  @ParameterizedTest(name = "HTTP {0}")
  @CsvSource({"200, true", "404, false", "503, false"})
  void hintsComeOnlyFromAFetchedFile(int httpStatus, boolean delay) {
    status.put("/robots.txt", httpStatus);
    AcapRun.Result r = AcapRun.run("hints", "--robots", url("/robots.txt"), "--crawler", "ExampleBot", "--format", "json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out().contains("Crawl-delay")).as(r.out()).isEqualTo(delay);
  }

  @Test
  void aUrlThatIsNoUrlStillExitsTwo() {
    AcapRun.Result r = AcapRun.run("check", "--robots", "http://exa mple.com/robots.txt", "--crawler", "ExampleBot", "/a");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("not a valid URL");
  }

  @Test
  void requestsWithUrlsUseTheSameSemantics() throws IOException {
    status.put("/robots.txt", 200);
    status.put("/gone/robots.txt", 404);
    status.put("/down/robots.txt", 503);
    String refused = "http://127.0.0.1:" + closedPort() + "/robots.txt";
    Path requests = dir.resolve("requests.jsonl");
    Files.writeString(requests, String.join("\n",
        request(url("/robots.txt"), "/private/a"),
        request(url("/gone/robots.txt"), "/private/a"),
        request(url("/down/robots.txt"), "/a"),
        request(refused, "/a"),
        request(url("/robots.txt"), "/public/a"),
        ""), StandardCharsets.UTF_8);
    // Request lines are someone else's URLs: by default they may not reach this machine.
    AcapRun.Result refusedByDefault = AcapRun.run("check", "--requests", requests.toString());
    assertThat(refusedByDefault.exitCode()).as(refusedByDefault.err()).isZero();
    assertThat(refusedByDefault.outLines()).hasSize(5).allSatisfy(l -> assertThat(json(l).get("text").asText())
        .contains(": refused: 127.0.0.1 is a loopback address, and this fetch goes only to public ones"));
    AcapRun.Result r = AcapRun.run("check", "--allow-addresses", "loopback", "--requests", requests.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<JsonNode> out = r.outLines().stream().map(RobotsUrlCliTest::json).toList();
    assertThat(out).extracting(n -> n.get("allowed").asBoolean() + " " + n.get("basis").asText())
        .containsExactly("false conventional-rule", "true robots-unavailable", "false robots-unreachable", "false robots-unreachable", "true default");
    assertThat(out.get(1).get("source").asText()).isEqualTo(url("/gone/robots.txt"));
    assertThat(out.get(3).get("text").asText()).startsWith("cannot fetch " + refused + ": ").doesNotContain("null");
  }

  /**
   * A batch fetches its robots.txt URLs side by side, and still answers in input order: the server
   * answers none of four robots.txt files until all four have been asked for (and gives up after
   * 20 s), so fetched one at a time, the first would time out (10 s) and read as unreachable.
   */
  @Test
  void aBatchFetchesItsRobotsUrlsSideBySide() throws Exception {
    CountDownLatch allAsked = new CountDownLatch(4);
    HttpServer slow = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    ExecutorService threads = Executors.newCachedThreadPool();
    slow.setExecutor(threads);
    slow.createContext("/", x -> {
      try {
        allAsked.countDown();
        boolean together = allAsked.await(20, TimeUnit.SECONDS);
        byte[] b = ("User-agent: *\nDisallow: " + x.getRequestURI().getPath().replace("robots.txt", "") + "\n").getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(together ? 200 : 503, b.length);
        x.getResponseBody().write(b);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        x.close();
      }
    });
    slow.start();
    try {
      String base = "http://127.0.0.1:" + slow.getAddress().getPort();
      StringBuilder requests = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        requests.append(request(base + "/" + (i % 4) + "/robots.txt", "/" + (i % 4) + "/page" + i)).append('\n');
      }
      AcapRun.Result r = AcapRun.runWithInput(requests.toString(), "check", "--allow-addresses", "loopback", "--requests", "-");
      assertThat(r.exitCode()).as(r.err()).isZero();
      List<JsonNode> out = r.outLines().stream().map(RobotsUrlCliTest::json).toList();
      assertThat(out).hasSize(8);
      for (int i = 0; i < 8; i++) {
        assertThat(out.get(i).get("path").asText()).isEqualTo("/" + (i % 4) + "/page" + i);
        assertThat(out.get(i).get("basis").asText()).as(out.get(i).toString()).isEqualTo("conventional-rule");
      }
    } finally {
      slow.stop(0);
      threads.shutdownNow();
    }
  }

  @Test
  void allowAddressesIsForBatchesAndNamesKnownRanges() {
    AcapRun.Result single = AcapRun.run("check", "--allow-addresses", "loopback", "--robots", url("/robots.txt"), "--crawler", "a", "/x");
    assertThat(single.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(single.errLines()).containsExactly("acap: --allow-addresses applies to --requests only: a --robots URL given on the command line may reach any address");
    AcapRun.Result bad = AcapRun.runWithInput("", "check", "--allow-addresses", "intranet", "--requests", "-");
    assertThat(bad.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(bad.errLines()).containsExactly("acap: --allow-addresses: 'intranet' is no address range (loopback, private, link-local or all)");
  }

  static String request(String robots, String path) {
    return "{\"robots\": \"" + robots + "\", \"crawler\": \"ExampleBot\", \"url\": \"" + path + "\"}";
  }
}
