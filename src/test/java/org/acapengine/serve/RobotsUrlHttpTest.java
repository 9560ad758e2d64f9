package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.acapengine.load.AddressRange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code robots}: a robots.txt URL fetched through the server's RFC 9309 cache, from origins on
 * 127.0.0.1 (so the server runs with {@code --allow-addresses loopback}); and the server answering other
 * requests while one waits for a slow origin.
 */
class RobotsUrlHttpTest {

  static HttpServer origin;
  static AcapServer server;
  static Http http;
  static final AtomicInteger fetches = new AtomicInteger();
  static final CountDownLatch release = new CountDownLatch(1);

  @BeforeAll
  static void start() throws IOException {
    origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    origin.setExecutor(Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "origin");
      t.setDaemon(true);
      return t;
    }));
    origin.createContext("/", x -> {
      try (x) {
        String host = x.getRequestHeaders().getFirst("Host");
        if (!x.getRequestURI().getPath().equals("/robots.txt")) {
          x.sendResponseHeaders(404, -1);
          return;
        }
        if (host.startsWith("localhost")) {
          // the slow origin: answers only when the test lets it
          release.await(30, TimeUnit.SECONDS);
        } else {
          fetches.incrementAndGet();
        }
        byte[] body = "User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(200, body.length);
        x.getResponseBody().write(body);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    origin.start();
    server = AcapServer.start(ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0).withAllowedAddresses(Set.of(AddressRange.LOOPBACK)), l -> {});
    http = new Http(server.uri());
  }

  @AfterAll
  static void stop() {
    release.countDown();
    server.close();
    origin.stop(0);
  }

  static String originUrl(String host) {
    return "http://" + host + ":" + origin.getAddress().getPort() + "/robots.txt";
  }

  @Test
  void aRobotsUrlIsFetchedOnceAndDecidedFromTheCache() {
    for (String url : new String[] {"/private/a", "/public/b", "/private/c"}) {
      JsonNode d = http.post("/v1/decide", Http.object().put("robots", originUrl("127.0.0.1")).put("crawler", "examplebot").put("url", url)).json();
      assertThat(d.get("allowed").asBoolean()).as(url).isEqualTo(!url.startsWith("/private/"));
    }
    JsonNode d = http.post("/v1/decide", Http.object().put("robots", originUrl("127.0.0.1")).put("crawler", "examplebot").put("url", "/private/z")).json();
    assertThat(d.get("line").asInt()).isEqualTo(2);
    assertThat(d.get("text").asText()).isEqualTo("Disallow: /private/");
    assertThat(fetches.get()).as("fetches of the one origin").isEqualTo(1);
    // the origin's /robots.txt is what counts, whatever path the URL names
    JsonNode other = http.post("/v1/decide", Http.object().put("robots", "http://127.0.0.1:" + origin.getAddress().getPort() + "/nothing")
        .put("crawler", "examplebot").put("url", "/private/a")).json();
    assertThat(other.get("allowed").asBoolean()).isFalse();
    assertThat(fetches.get()).isEqualTo(1);
    // the editor's fetch: the file itself, fetched as RFC 9309 says (not from the cache)
    JsonNode f = http.post("/v1/fetch", Http.object().put("robots", originUrl("127.0.0.1"))).json();
    assertThat(f.get("outcome").asText()).isEqualTo("fetched");
    assertThat(f.get("text").asText()).isEqualTo("User-agent: *\nDisallow: /private/\n");
  }

  /**
   * A robots.txt past the 500 KiB limit is decided on its first 500 KiB, and every answer of
   * {@code /v1/decide} says so ({@code "truncated": true}, as {@code /v1/fetch} says of the file);
   * an answer from a whole file says {@code false}.
   */
  @Test
  void aRobotsTxtCutAtTheSizeLimitSaysSoInEveryAnswer() throws IOException {
    StringBuilder big = new StringBuilder("User-agent: *\nDisallow: /private/\n");
    while (big.length() <= 520 * 1024) {
      big.append("# filler, so that the rule below falls past the limit\n");
    }
    big.append("Disallow: /late/\n");
    byte[] body = big.toString().getBytes(StandardCharsets.UTF_8);
    HttpServer large = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    large.createContext("/robots.txt", x -> {
      try (x) {
        x.sendResponseHeaders(200, body.length);
        x.getResponseBody().write(body);
      } catch (IOException e) {
        // the fetcher stops reading at the limit and closes the connection
      }
    });
    large.start();
    try {
      String robots = "http://127.0.0.1:" + large.getAddress().getPort() + "/robots.txt";
      JsonNode one = http.post("/v1/decide", Http.object().put("robots", robots).put("crawler", "examplebot").put("url", "/private/a")).json();
      assertThat(one.get("allowed").asBoolean()).isFalse();
      assertThat(one.get("truncated").asBoolean()).isTrue();
      var request = Http.object().put("robots", robots).put("crawler", "examplebot");
      request.putArray("urls").add("/late/a").add("/public/b");
      JsonNode many = http.post("/v1/decide", request).json();
      assertThat(many).hasSize(2);
      assertThat(many.get(0).get("allowed").asBoolean()).as("the rule past the limit decides nothing").isTrue();
      assertThat(many).allSatisfy(a -> assertThat(a.get("truncated").asBoolean()).isTrue());
      JsonNode f = http.post("/v1/fetch", Http.object().put("robots", robots)).json();
      assertThat(f.get("truncated").asBoolean()).isTrue();
      JsonNode whole = http.post("/v1/decide", Http.object().put("robots", originUrl("127.0.0.1")).put("crawler", "examplebot").put("url", "/private/a")).json();
      assertThat(whole.get("truncated").asBoolean()).isFalse();
      JsonNode inline = http.post("/v1/decide", Http.object().put("robots_txt", "User-agent: *\nDisallow: /\n").put("crawler", "x").put("url", "/a")).json();
      assertThat(inline.get("truncated").asBoolean()).isFalse();
    } finally {
      large.stop(0);
    }
  }

  @Test
  void theServerKeepsAnsweringWhileOneRequestWaitsForASlowOrigin() throws Exception {
    CompletableFuture<Http.Answer> slow = http.postAsync("/v1/decide",
        Http.object().put("robots", originUrl("localhost")).put("crawler", "examplebot").put("url", "/private/a"));
    Thread.sleep(200);
    long start = System.nanoTime();
    List<Http.Answer> fast = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      fast.add(http.post("/v1/decide", Http.object().put("robots_txt", "User-agent: *\nDisallow: /\n").put("crawler", "x").put("url", "/" + i)));
    }
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    assertThat(fast).allSatisfy(a -> assertThat(a.json().get("allowed").asBoolean()).isFalse());
    assertThat(slow).as("the slow request is still waiting for its origin").isNotDone();
    assertThat(took).as("20 requests while one waits").isLessThan(Duration.ofSeconds(20));
    release.countDown();
    Http.Answer s = slow.get(30, TimeUnit.SECONDS);
    assertThat(s.status()).isEqualTo(200);
    assertThat(s.json().get("allowed").asBoolean()).isFalse();
  }
}
