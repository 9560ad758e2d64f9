package org.acapengine.bench;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.acapengine.eval.Query;
import org.acapengine.load.Origin;
import org.acapengine.load.PolicyCache;
import org.acapengine.load.RobotsFetch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a crawler scheduler calls per URL, beside what it would call instead: acap-engine's {@link
 * PolicyCache#decide(String, Query)} on a cache built {@code forCrawler}, against crawler-commons'
 * {@code SimpleRobotRules} kept per origin in a Caffeine cache, as StormCrawler and Nutch keep them
 * ({@code new URL(url)}, the key {@code protocol:host:port} lower-cased, a cache look-up, then
 * {@code isAllowed(url)}). No network: each origin is served one of the bundled real robots.txt
 * files (src/test/resources/corpus/real-robots, round-robin) from memory.
 *
 * <ul>
 *   <li>{@code acapDecide}, {@code crawlerCommonsIsAllowed}: hits. {@code origins} origins (8 in 10
 *       {@code https} on the default port, 1 in 10 {@code http}, 1 in 10 {@code https} on port
 *       8443), all fetched and held before the measurement; a stream of {@value #URLS} full URLs
 *       precomputed with a fixed seed, each on an origin drawn at random, its path one of its
 *       file's own rule prefixes (cut at the first {@code *} or {@code $}, something appended) or
 *       an ordinary page path, half and half, some with a query string.
 *   <li>{@code acapFirstDecision}, {@code crawlerCommonsFirstDecision}: misses. Each operation
 *       decides a URL on an origin never seen before, served the next file of the corpus: the
 *       file is parsed, compiled for the crawler and held (acap: the fetcher serves the bytes, the
 *       cache parses, compiles for the crawler, weighs and inserts; crawler-commons: {@code
 *       parseContent} and {@code put}), then the URL decided. The caches are bounded (acap: 256
 *       MiB, its default; crawler-commons: 30 000 entries, about as many of these files), so once
 *       full each insert also evicts.
 * </ul>
 *
 * <p>Not part of the test suite. To run it (the figures are in docs/performance.md, "Decisions
 * through the cache"):
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) org.openjdk.jmh.Main \
 *     'SchedulerCacheBenchmark.(acapDecide|crawlerCommonsIsAllowed)$' -f 2 -wi 5 -w 2s -i 5 -r 2s -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SchedulerCacheBenchmark {

  private static final String CRAWLER = "examplebot";
  /** URLs in the precomputed stream (a power of two). */
  static final int URLS = 1 << 18;

  /** Origin {@code i} as written at the start of its URLs: 8 in 10 https on port 443, 1 http, 1 https on 8443. */
  static String origin(int i) {
    return switch (i % 10) {
      case 8 -> "http://site-" + i + ".example.org";
      case 9 -> "https://site-" + i + ".example.org:8443";
      default -> "https://www.site-" + i + ".example.com";
    };
  }

  /** The origins, their files and the URL stream. */
  @State(Scope.Benchmark)
  public static class Urls {
    @Param({"1000", "100000"})
    public int origins;

    byte[][] files;
    String[] urls;
    int next;

    @Setup(Level.Trial)
    public void build() {
      files = VersusCrawlerCommonsBenchmark.corpus();
      List<List<String>> prefixes = new ArrayList<>();
      for (byte[] f : files) {
        prefixes.add(rulePrefixes(f));
      }
      Random random = new Random(20261128);
      urls = new String[URLS];
      long chars = 0;
      for (int i = 0; i < URLS; i++) {
        int o = random.nextInt(origins);
        List<String> mine = prefixes.get(o % files.length);
        String path;
        if (!mine.isEmpty() && random.nextBoolean()) {
          path = mine.get(random.nextInt(mine.size()));
          path += switch (random.nextInt(4)) {
            case 0 -> "";
            case 1 -> path.endsWith("/") ? "index.html" : "/index.html";
            case 2 -> "page-" + random.nextInt(1000) + ".html";
            default -> (path.indexOf('?') >= 0 ? "&" : "?") + "id=" + random.nextInt(100000);
          };
        } else {
          path = switch (random.nextInt(5)) {
            case 0 -> "/";
            case 1 -> "/news/2026/11/" + random.nextInt(100000) + "-story.html";
            case 2 -> "/products/item-" + random.nextInt(100000) + "?colour=blue&size=" + random.nextInt(50);
            case 3 -> "/search?q=term" + random.nextInt(1000);
            default -> "/about/team/person-" + random.nextInt(500) + "/";
          };
        }
        urls[i] = origin(o) + path;
        chars += urls[i].length();
      }
      System.out.println();
      System.out.printf(Locale.ROOT, "%d origins, %d files, %d URLs of %.1f characters on average%n", origins, files.length, URLS, (double) chars / URLS);
    }

    String nextUrl() {
      return urls[next++ & (URLS - 1)];
    }
  }

  /**
   * The literal start of each Allow and Disallow rule of a file (any group), cut at the first
   * {@code *} or {@code $}, made a valid URL path (characters a URL may not hold percent-encoded,
   * as a crawler's URL normaliser leaves them).
   */
  static List<String> rulePrefixes(byte[] file) {
    List<String> out = new ArrayList<>();
    for (String line : new String(file, StandardCharsets.UTF_8).split("\r\n|\r|\n")) {
      int hash = line.indexOf('#');
      String l = (hash >= 0 ? line.substring(0, hash) : line).strip();
      int colon = l.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String field = l.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      if (!field.equals("allow") && !field.equals("disallow")) {
        continue;
      }
      String value = l.substring(colon + 1).strip();
      int cut = 0;
      while (cut < value.length() && value.charAt(cut) != '*' && value.charAt(cut) != '$') {
        cut++;
      }
      String prefix = urlPath(value.substring(0, cut));
      if (prefix.startsWith("/")) {
        out.add(prefix);
      }
    }
    return out;
  }

  /**
   * {@code path} with every character java.net.URI does not take in a path or query
   * percent-encoded (as UTF-8), and a {@code %} that starts no escape written {@code %25}.
   */
  private static String urlPath(String path) {
    byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
    StringBuilder sb = new StringBuilder(bytes.length);
    for (int i = 0; i < bytes.length; i++) {
      int c = bytes[i] & 0xFF;
      boolean keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~/?=&+,;:@!'()".indexOf(c) >= 0
          || (c == '%' && i + 2 < bytes.length && hex(bytes[i + 1]) && hex(bytes[i + 2]));
      if (keep) {
        sb.append((char) c);
      } else {
        sb.append('%').append(String.format(Locale.ROOT, "%02X", c));
      }
    }
    return sb.toString();
  }

  private static boolean hex(byte b) {
    return Character.digit((char) (b & 0xFF), 16) >= 0;
  }

  /** A fetcher that serves {@code file} for every origin, fetched now, valid for a day. */
  static RobotsFetch serve(Origin o, byte[] file, Clock clock) {
    Instant now = clock.instant();
    return new RobotsFetch.Fetched(o, o.robotsTxt(), 200, file, false, 0, now, now.plus(Duration.ofDays(1)));
  }

  /** acap-engine's cache for the crawler, every origin fetched once before the measurement. */
  @State(Scope.Benchmark)
  public static class AcapCache {
    PolicyCache cache;
    Query query;

    @Setup(Level.Trial)
    public void fill(Urls u) {
      Clock clock = Clock.systemUTC();
      cache = PolicyCache.builder().forCrawler(List.of(CRAWLER)).maxBytes(8L << 30)
          .fetcher(o -> serve(o, u.files[fileOf(o, u.files.length)], clock))
          .build();
      query = Query.of(CRAWLER, "crawl", "/");
      for (int i = 0; i < u.origins; i++) {
        cache.decide(origin(i) + "/", query);
      }
      PolicyCache.Stats s = cache.stats();
      if (s.fetches() != u.origins || s.entries() != u.origins || s.evictions() != 0) {
        throw new IllegalStateException("not every origin is held: " + s);
      }
      System.out.printf(Locale.ROOT, "acap-engine: %d entries, %d bytes counted (%.0f per origin)%n", s.entries(), s.bytesHeld(),
          (double) s.bytesHeld() / s.entries());
    }
  }

  /** The file served to origin {@code o}: its number ({@code site-N.}) modulo the files. */
  static int fileOf(Origin o, int files) {
    String h = o.host();
    int start = h.indexOf("site-") + 5;
    return Integer.parseInt(h.substring(start, h.indexOf('.', start))) % files;
  }

  /** crawler-commons' rules per origin in a Caffeine cache keyed as StormCrawler and Nutch key it, every origin parsed before the measurement. */
  @State(Scope.Benchmark)
  public static class PeerCache {
    Cache<String, BaseRobotRules> cache;

    @Setup(Level.Trial)
    public void fill(Urls u) throws MalformedURLException {
      // StormCrawler's default cache specification is "maximumSize=10000,expireAfterWrite=6h"; here large enough for every origin.
      cache = Caffeine.newBuilder().maximumSize(2L * u.origins).expireAfterWrite(Duration.ofHours(6)).build();
      SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
      for (int i = 0; i < u.origins; i++) {
        URL url = new URL(origin(i) + "/");
        cache.put(key(url), parser.parseContent(new URL(url, "/robots.txt").toString(), u.files[i % u.files.length], "text/plain", List.of(CRAWLER)));
      }
      if (cache.estimatedSize() != u.origins) {
        throw new IllegalStateException("not every origin is held: " + cache.estimatedSize());
      }
    }
  }

  /** The cache key StormCrawler and Nutch compute ({@code HttpRobotRulesParser.getCacheKey}): protocol, host and port, lower-cased. */
  static String key(URL url) {
    int port = url.getPort() == -1 ? url.getDefaultPort() : url.getPort();
    return url.getProtocol().toLowerCase(Locale.ROOT) + ":" + url.getHost().toLowerCase(Locale.ROOT) + ":" + port;
  }

  @Benchmark
  public boolean acapDecide(Urls u, AcapCache c) {
    return c.cache.decide(u.nextUrl(), c.query).allowed();
  }

  @Benchmark
  public boolean crawlerCommonsIsAllowed(Urls u, PeerCache c) throws MalformedURLException {
    String url = u.nextUrl();
    BaseRobotRules rules = c.cache.getIfPresent(key(new URL(url)));
    return rules.isAllowed(url);
  }

  /** Origins never seen before, each served the next file of the corpus. */
  @State(Scope.Benchmark)
  public static class Fresh {
    byte[][] files;
    int next;
    PolicyCache acap;
    Query query;
    Cache<String, BaseRobotRules> peer;
    SimpleRobotRulesParser parser;

    @Setup(Level.Trial)
    public void build() {
      files = VersusCrawlerCommonsBenchmark.corpus();
      Clock clock = Clock.systemUTC();
      acap = PolicyCache.builder().forCrawler(List.of(CRAWLER)).fetcher(o -> serve(o, files[fileOf(o, files.length)], clock)).build();
      query = Query.of(CRAWLER, "crawl", "/");
      // About as many origins as acap-engine's default bound (256 MiB) holds of these files (8.5 KB counted per origin).
      peer = Caffeine.newBuilder().maximumSize(30_000).expireAfterWrite(Duration.ofHours(6)).build();
      parser = new SimpleRobotRulesParser();
    }

    /** The next URL, on an origin never seen before ({@code site-N.}, N counting up). */
    String nextUrl() {
      return "https://www.site-" + next++ + ".example.com/news/2026/11/story.html";
    }
  }

  @Benchmark
  public boolean acapFirstDecision(Fresh f) {
    return f.acap.decide(f.nextUrl(), f.query).allowed();
  }

  @Benchmark
  public boolean crawlerCommonsFirstDecision(Fresh f) throws MalformedURLException {
    int n = f.next;
    String s = f.nextUrl();
    URL url = new URL(s);
    String key = key(url);
    BaseRobotRules rules = f.peer.getIfPresent(key);
    if (rules == null) {
      rules = f.parser.parseContent(new URL(url, "/robots.txt").toString(), f.files[n % f.files.length], "text/plain", List.of(CRAWLER));
      f.peer.put(key, rules);
    }
    return rules.isAllowed(s);
  }
}
