package org.acapengine.compat.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs the StormCrawler-style example against a local server. */
class StormCrawlerStyleExampleTest {

  @Test
  void theExampleFetchesParsesAndDecidesAsACrawlerWould() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    byte[] robots = "User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n\nACAP-crawler: examplebot\nACAP-disallow-crawl: /drafts/\n".getBytes(StandardCharsets.UTF_8);
    server.createContext("/robots.txt", x -> {
      x.sendResponseHeaders(200, robots.length);
      x.getResponseBody().write(robots);
      x.close();
    });
    server.start();
    try {
      String site = "http://127.0.0.1:" + server.getAddress().getPort();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      new StormCrawlerStyleExample(List.of("examplebot")).run(List.of(site + "/a", site + "/private/b", site + "/drafts/c"),
          new PrintStream(out, true, StandardCharsets.UTF_8));
      assertThat(out.toString(StandardCharsets.UTF_8).split("\n")).containsExactly(
          site + "/a\tallowed\tcrawl-delay=2000",
          site + "/private/b\tdisallowed\tcrawl-delay=2000",
          site + "/drafts/c\tdisallowed\tcrawl-delay=2000");
    } finally {
      server.stop(0);
    }
  }
}
