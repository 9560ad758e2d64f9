package org.acapengine.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/**
 * Generated inputs for the differential test and the benchmark: origins with robots.txt captures
 * (the bundled real files and generated ones; HTTP 200, 404 and 503; some origins captured twice,
 * some not at all), written as WARC files with jwarc, and URLs with fetch times over them.
 */
final class Generated {

  static final Instant START = Instant.parse("2024-01-01T00:00:00Z");
  static final String[] CORPUS = corpusNames();
  static final String[] PATHS = {"/", "/private/a", "/public/b", "/admin/", "/search?q=x", "/images/cat.png", "/news/2024/story.html",
      "/wp-admin/admin-ajax.php", "/cart", "/account/login", "/a%2Fb", "/%7Euser/", "/api/v1/items", "/robots.txt", "/tag/x?page=2",
      "/products/123", "/blog/", "/cgi-bin/x", "/static/app.js", "/de/", "/index.html", "/print/1", "/feed/", "/x*y", "/ai/"};

  /** One capture of an origin: status, body (null for none), fetch time. */
  record Capture(String origin, int status, byte[] body, Instant time) {}

  /** An origin's captures (none: no capture at all). */
  record Site(String origin, List<Capture> captures) {}

  /** A URL row. */
  record Url(int id, String url, Instant fetchTime) {}

  final List<Site> sites = new ArrayList<>();
  final List<Url> urls = new ArrayList<>();
  private final java.util.Map<String, Site> byOrigin = new java.util.HashMap<>();

  /**
   * @param origins how many origins
   * @param urlCount how many URLs
   * @param skew the share of URLs that go to origin 0 (0 for an even spread)
   * @param seed the random seed
   */
  Generated(int origins, int urlCount, double skew, long seed) {
    Random r = new Random(seed);
    for (int i = 0; i < origins; i++) {
      String origin = (i % 10 == 9 ? "http" : "https") + "://o" + i + ".example";
      List<Capture> caps = new ArrayList<>();
      int kind = r.nextInt(100);
      Instant t1 = START.plus(Duration.ofDays(r.nextInt(60)));
      if (kind < 80 || i == 0) {
        caps.add(new Capture(origin, 200, body(r, i), t1));
        if (kind < 10) {
          caps.add(new Capture(origin, 200, body(r, i + 1), t1.plus(Duration.ofDays(100))));
        }
      } else if (kind < 88) {
        caps.add(new Capture(origin, 404, "not found".getBytes(StandardCharsets.UTF_8), t1));
      } else if (kind < 96) {
        caps.add(new Capture(origin, 503, "busy".getBytes(StandardCharsets.UTF_8), t1));
      }
      sites.add(new Site(origin, caps));
    }
    for (int id = 0; id < urlCount; id++) {
      int site = r.nextDouble() < skew ? 0 : r.nextInt(origins);
      String path = PATHS[r.nextInt(PATHS.length)];
      if (r.nextInt(4) == 0) {
        path = path + (path.endsWith("/") ? "" : "/") + "p" + r.nextInt(1000);
      }
      urls.add(new Url(id, sites.get(site).origin() + path, START.plus(Duration.ofDays(r.nextInt(200) - 20))));
    }
  }

  private static byte[] body(Random r, int i) {
    if (r.nextInt(3) > 0) {
      return corpus(CORPUS[r.nextInt(CORPUS.length)]);
    }
    StringBuilder b = new StringBuilder();
    if (r.nextBoolean()) {
      b.append("User-agent: CCBot\nDisallow: /private/\nAllow: /private/ok\n\n");
    }
    b.append("User-agent: *\n");
    int rules = 1 + r.nextInt(12);
    for (int k = 0; k < rules; k++) {
      String p = PATHS[r.nextInt(PATHS.length)];
      b.append(r.nextBoolean() ? "Disallow: " : "Allow: ").append(r.nextInt(5) == 0 ? "/*" + p.substring(1) + "$" : p).append('\n');
    }
    switch (r.nextInt(4)) {
      case 0 -> b.append("Content-Signal: search=yes, ai-train=no\n");
      case 1 -> b.append("\nACAP-crawler: *\nACAP-disallow-index: /private/\nACAP-allow-crawl: /\n");
      case 2 -> b.append("Content-Usage: train-ai=n\n");
      default -> b.append("# site ").append(i).append('\n');
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  static byte[] corpus(String name) {
    try (InputStream in = Generated.class.getResourceAsStream("/corpus/" + name)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String[] corpusNames() {
    try (InputStream in = Generated.class.getResourceAsStream("/corpus/files.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toArray(String[]::new);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes every capture as a WARC response record, over {@code files} files; returns the directory. */
  Path writeWarc(Path dir, int files) throws IOException {
    Files.createDirectories(dir);
    List<WarcWriter> writers = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      writers.add(new WarcWriter(Files.newByteChannel(dir.resolve("robots-" + f + ".warc"),
          java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)));
    }
    int n = 0;
    for (Site s : sites) {
      for (Capture c : s.captures()) {
        HttpResponse http = new HttpResponse.Builder(c.status(), c.status() == 200 ? "OK" : c.status() == 404 ? "Not Found" : "Service Unavailable")
            .body(MediaType.parse("text/plain"), c.body()).build();
        writers.get(n++ % files).write(new WarcResponse.Builder(URI.create(c.origin() + "/robots.txt")).date(c.time()).body(http).build());
      }
    }
    for (WarcWriter w : writers) {
      w.close();
    }
    return dir;
  }

  /** The capture the capture-choice rule picks for a URL, or null when its origin has none. */
  Capture chosen(Url u, String origin) {
    if (byOrigin.isEmpty()) {
      sites.forEach(x -> byOrigin.put(x.origin(), x));
    }
    Site s = byOrigin.get(origin);
    if (s == null || s.captures().isEmpty()) {
      return null;
    }
    Capture best = null;
    for (Capture c : s.captures()) {
      if (!c.time().isAfter(u.fetchTime()) && (best == null || c.time().isAfter(best.time()))) {
        best = c;
      }
    }
    return best != null ? best : s.captures().get(0);
  }
}
