package org.acapengine.compat.crawlercommons;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the bridge the way StormCrawler's {@code HttpRobotRulesParser} calls crawler-commons: fetch
 * {@code /robots.txt} for a URL's host, {@code parseContent(url, bytes, contentType, agentNames)}
 * on a 200, {@code failedFetch(status)} otherwise, cache the rules per host, then ask {@code
 * isAllowed(url)} and {@code getCrawlDelay()}. The one line a crawler changes is marked.
 *
 * <pre>java ... StormCrawlerStyleExample "examplebot" https://example.com/a https://example.com/b</pre>
 */
public final class StormCrawlerStyleExample {

  // The one-line switch: was `new SimpleRobotRulesParser()`.
  private final BaseRobotsParser parser = new AcapRobotRulesParser();

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
      .followRedirects(HttpClient.Redirect.NORMAL).build();
  private final Map<String, BaseRobotRules> cache = new HashMap<>();
  private final List<String> agentNames;

  StormCrawlerStyleExample(List<String> agentNames) {
    this.agentNames = agentNames;
  }

  public static void main(String[] args) throws Exception {
    new StormCrawlerStyleExample(Arrays.asList(args[0].split(","))).run(Arrays.asList(args).subList(1, args.length), System.out);
  }

  void run(List<String> urls, PrintStream out) throws Exception {
    for (String u : urls) {
      BaseRobotRules rules = getRobotRulesSet(new URL(u));
      out.println(u + "\t" + (rules.isAllowed(u) ? "allowed" : "disallowed") + "\tcrawl-delay=" + rules.getCrawlDelay()
          + (rules.isDeferVisits() ? "\tdefer" : ""));
    }
  }

  /** As StormCrawler's HttpRobotRulesParser.getRobotRulesSet: one robots.txt per protocol, host and port. */
  BaseRobotRules getRobotRulesSet(URL url) throws InterruptedException {
    String key = url.getProtocol() + "://" + url.getHost() + ":" + (url.getPort() < 0 ? url.getDefaultPort() : url.getPort());
    BaseRobotRules cached = cache.get(key);
    if (cached != null) {
      return cached;
    }
    URI robots = URI.create(key + "/robots.txt");
    BaseRobotRules rules;
    try {
      HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(robots).header("User-Agent", agentNames.get(0)).timeout(Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      if (r.statusCode() == 200) {
        rules = parser.parseContent(robots.toString(), r.body(), r.headers().firstValue("content-type").orElse("text/plain"), agentNames);
      } else {
        rules = parser.failedFetch(r.statusCode());
      }
    } catch (IOException e) {
      rules = parser.failedFetch(599); // StormCrawler reports a network failure as a server error
    }
    cache.put(key, rules);
    return rules;
  }
}
