package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import javax.net.ssl.SSLHandshakeException;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RobotsFetcher} against a local HTTP server: every answer RFC 9309 2.3.1 distinguishes,
 * redirects, the size cap, timeouts and refused connections. No assertion is about time taken.
 */
class RobotsFetcherTest {

  private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  private static final String ROBOTS = "User-agent: *\nDisallow: /private/\n";

  private LocalServer server;
  private RobotsFetcher fetcher;

  @BeforeEach
  void start() throws IOException {
    server = new LocalServer();
    fetcher = new RobotsFetcher(FetchOptions.defaults().withUserAgent("ExampleBot/2.1 (+https://example.com/bot)")
        .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5)), CLOCK);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** status, outcome, basis of a crawl decision on /private/a, whether it is allowed. */
  @ParameterizedTest(name = "HTTP {0} -> {1}")
  @CsvSource({
      "200, Fetched,     conventional-rule,  false",
      "204, Fetched,     default,            true",
      "400, Unavailable, robots-unavailable, true",
      "401, Unavailable, robots-unavailable, true",
      "403, Unavailable, robots-unavailable, true",
      "404, Unavailable, robots-unavailable, true",
      "410, Unavailable, robots-unavailable, true",
      "451, Unavailable, robots-unavailable, true",
      "429, Unreachable, robots-unreachable, false",
      "500, Unreachable, robots-unreachable, false",
      "502, Unreachable, robots-unreachable, false",
      "503, Unreachable, robots-unreachable, false",
      "599, Unreachable, robots-unreachable, false",
      "300, Unavailable, robots-unavailable, true",
      "304, Unavailable, robots-unavailable, true",
  })
  void eachStatusGivesTheOutcomeRfc9309Names(int status, String outcome, String basis, boolean allowed) {
    server.on("/robots.txt", status == 204 ? LocalServer.text(204, "") : LocalServer.text(status, ROBOTS));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f.getClass().getSimpleName()).as(f.describe()).isEqualTo(outcome);
    Decision d = decide(f, "/private/a");
    assertThat(d.basis().label()).isEqualTo(basis);
    assertThat(d.allowed()).isEqualTo(allowed);
    assertThat(f.describe()).contains(server.origin().robotsTxt().toString()).doesNotContain("null");
    assertThat(f.fetchedAt()).isEqualTo(NOW);
    if (f instanceof RobotsFetch.Unavailable u) {
      assertThat(u.status()).isEqualTo(status);
    } else if (f instanceof RobotsFetch.Unreachable u) {
      assertThat(u.status()).hasValue(status);
    }
  }

  @Test
  void sendsTheConfiguredUserAgent() {
    server.on("/robots.txt", LocalServer.text(200, ROBOTS));
    fetcher.fetch(server.origin());
    assertThat(server.userAgents).containsExactly("ExampleBot/2.1 (+https://example.com/bot)");
  }

  /** hops, outcome: five redirects are followed (RFC 9309 2.3.1.2), a sixth is not. */
  @ParameterizedTest(name = "{0} redirects ({1}) -> {2}")
  @CsvSource({
      "1, 301, Fetched",
      "5, 301, Fetched",
      "5, 308, Fetched",
      "5, 302, Fetched",
      "6, 301, Unavailable",
      "6, 307, Unavailable",
  })
  void redirectChains(int hops, int code, String outcome) {
    server.on("/robots.txt", LocalServer.redirect(code, "/hop1"));
    for (int i = 1; i < hops; i++) {
      server.on("/hop" + i, LocalServer.redirect(code, "/hop" + (i + 1)));
    }
    server.on("/hop" + hops, LocalServer.text(200, ROBOTS));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f.getClass().getSimpleName()).as(f.describe()).isEqualTo(outcome);
    if (f instanceof RobotsFetch.Fetched ok) {
      assertThat(ok.redirects()).isEqualTo(hops);
      assertThat(ok.finalUrl()).isEqualTo(URI.create(server.origin() + "/hop" + hops));
      assertThat(ok.origin()).isEqualTo(server.origin());
    } else {
      assertThat(f.describe()).contains("after 5 redirects").contains("RFC 9309 2.3.1.2");
      assertThat(server.requests).hasSize(6).doesNotContain("/hop6");
    }
  }

  @Test
  void aRedirectToAnotherHostIsFollowedAndTheRulesApplyToTheOriginalOrigin() {
    server.on("/robots.txt", LocalServer.redirect(301, server.otherHost("/elsewhere.txt")));
    server.on("/elsewhere.txt", LocalServer.text(200, ROBOTS));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f).isInstanceOf(RobotsFetch.Fetched.class);
    RobotsFetch.Fetched ok = (RobotsFetch.Fetched) f;
    assertThat(ok.finalUrl().getHost()).isEqualTo("localhost");
    assertThat(ok.origin()).isEqualTo(server.origin());
    assertThat(ok.document().source().name()).isEqualTo(server.origin() + "/robots.txt");
    assertThat(decide(f, "/private/x").allowed()).isFalse();
  }

  @ParameterizedTest
  @CsvSource({"ftp://127.0.0.1/robots.txt", "file:///etc/passwd", "mailto:a@b.c"})
  void aRedirectToAnotherSchemeIsNotFollowed(String location) {
    server.on("/robots.txt", LocalServer.redirect(302, location));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f).isInstanceOf(RobotsFetch.Unavailable.class);
    assertThat(f.describe()).contains("not an http or https URL").contains(location);
  }

  @Test
  void aRedirectWithoutLocationIsUnavailable() {
    server.on("/robots.txt", x -> x.sendResponseHeaders(301, -1));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f).isInstanceOf(RobotsFetch.Unavailable.class);
    assertThat(f.describe()).contains("without a Location header");
  }

  @Test
  void aBodyOverTheCapIsCutAndTheRestIsNotRead() {
    // The body never ends: only a fetcher that stops reading at the cap can answer at all.
    server.on("/robots.txt", LocalServer.endless());
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f).as(f.describe()).isInstanceOf(RobotsFetch.Fetched.class);
    RobotsFetch.Fetched ok = (RobotsFetch.Fetched) f;
    assertThat(ok.length()).isEqualTo(500 * 1024);
    assertThat(ok.truncated()).isTrue();
    assertThat(ok.document().source().truncated()).isTrue();
    assertThat(decide(f, "/x").allowed()).isFalse();
  }

  @Test
  void aBodyOfExactlyTheCapIsNotTruncated() {
    String body = "#".repeat(1023) + "\n";
    fetcher = new RobotsFetcher(FetchOptions.defaults().withMaxBytes(1024), CLOCK);
    server.on("/robots.txt", LocalServer.text(200, body));
    RobotsFetch.Fetched ok = (RobotsFetch.Fetched) fetcher.fetch(server.origin());
    assertThat(ok.length()).isEqualTo(1024);
    assertThat(ok.truncated()).isFalse();
    server.on("/robots.txt", LocalServer.text(200, body + "Disallow: /\n"));
    ok = (RobotsFetch.Fetched) fetcher.fetch(server.origin());
    assertThat(ok.length()).isEqualTo(1024);
    assertThat(ok.truncated()).isTrue();
  }

  @Test
  void aSlowDripTimesOutAsUnreachable() {
    fetcher = new RobotsFetcher(FetchOptions.defaults().withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(200)), CLOCK);
    server.on("/robots.txt", LocalServer.drip());
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f).isInstanceOf(RobotsFetch.Unreachable.class);
    assertThat(f.describe()).contains(server.origin().robotsTxt().toString()).contains("within 200 ms").contains("read timeout");
    assertThat(((RobotsFetch.Unreachable) f).status()).isEmpty();
  }

  @Test
  void aRefusedConnectionIsUnreachableAndSaysSo() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    RobotsFetch f = fetcher.fetch(new Origin("http", "127.0.0.1", port));
    assertThat(f).isInstanceOf(RobotsFetch.Unreachable.class);
    assertThat(f.describe()).isEqualTo("cannot fetch http://127.0.0.1:" + port + "/robots.txt: the connection was refused or failed");
    Decision d = ((RobotsFetch.Unreachable) f).decision(Query.of("ExampleBot", "crawl", "/a"));
    assertThat(d.allowed()).isFalse();
    assertThat(d.basis()).isEqualTo(Basis.ROBOTS_UNREACHABLE);
    assertThat(d.decidingLine().text()).contains("connection was refused").contains("RFC 9309 2.3.1.4");
    assertThat(((RobotsFetch.Unreachable) f).decision(Query.of("ExampleBot", "crawl", "/robots.txt")).allowed()).isTrue();
  }

  /** Cache-Control value, freshness in seconds (RFC 9309 2.4: at most 24 hours; our floor: 1 minute). */
  @ParameterizedTest(name = "Cache-Control: {0} -> {1} s")
  @CsvSource(delimiter = '|', value = {
      "(none)                 | 86400",
      "max-age=3600           | 3600",
      "public, max-age=600    | 600",
      "max-age=999999999      | 86400",
      "max-age=10             | 60",
      "no-store               | 60",
      "no-cache, max-age=3600 | 60",
      "max-age=abc            | 86400",
      "max-age=\"120\"        | 120",
  })
  void freshnessFollowsCacheControlWithinBounds(String cacheControl, long seconds) {
    server.on("/robots.txt", cacheControl.equals("(none)") ? LocalServer.text(200, ROBOTS) : LocalServer.text(200, ROBOTS, "Cache-Control", cacheControl));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(Duration.between(f.fetchedAt(), f.expiresAt())).isEqualTo(Duration.ofSeconds(seconds));
  }

  @Test
  void unavailableAnswersFollowCacheControlToo() {
    server.on("/robots.txt", LocalServer.text(404, "", "Cache-Control", "max-age=7200"));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(Duration.between(f.fetchedAt(), f.expiresAt())).isEqualTo(Duration.ofHours(2));
  }

  /** status, Retry-After, retry in seconds: the default retry (1 hour) unless Retry-After asks for longer, at most 24 hours. */
  @ParameterizedTest
  @CsvSource({"503, '', 3600", "503, 60, 3600", "503, 7200, 7200", "429, 999999, 86400", "500, Wed, 3600"})
  void unreachableAnswersAreRetriedAfterAnHourOrRetryAfter(int status, String retryAfter, long seconds) {
    server.on("/robots.txt", retryAfter.isEmpty() ? LocalServer.text(status, "") : LocalServer.text(status, "", "Retry-After", retryAfter));
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f).isInstanceOf(RobotsFetch.Unreachable.class);
    assertThat(Duration.between(f.fetchedAt(), f.expiresAt())).isEqualTo(Duration.ofSeconds(seconds));
  }

  static Stream<Arguments> failures() {
    return Stream.of(
        Arguments.of(new ConnectException(), "the connection was refused or failed"),
        Arguments.of(new IOException(new ConnectException("Connection refused")), "cannot connect: Connection refused"),
        Arguments.of(new ConnectException(null) {{ initCause(new UnresolvedAddressException()); }}, "the host name cannot be resolved (DNS)"),
        Arguments.of(new UnknownHostException("nowhere.invalid"), "the host name cannot be resolved (DNS)"),
        Arguments.of(new HttpConnectTimeoutException("HTTP connect timed out"), "no connection within 10000 ms (connect timeout)"),
        Arguments.of(new HttpTimeoutException("request timed out"), "no answer within 30000 ms (read timeout)"),
        Arguments.of(new SSLHandshakeException("PKIX path building failed"), "the TLS handshake failed: PKIX path building failed"),
        Arguments.of(new IOException(), "the connection failed (IOException)"),
        Arguments.of(new IOException("HTTP/1.1 header parser received no bytes"), "the connection failed (IOException: HTTP/1.1 header parser received no bytes)"),
        Arguments.of(new IllegalStateException(), "the request failed (IllegalStateException)"),
        Arguments.of(new IOException("bad\nline"), "the connection failed (IOException: bad\\x0aline)"));
  }

  @ParameterizedTest
  @MethodSource("failures")
  void everyFailureIsNamedNeverNull(Throwable t, String expected) {
    assertThat(RobotsFetcher.describe(t, FetchOptions.defaults())).isEqualTo(expected);
  }

  @Test
  void originsAreSchemeHostAndPort() {
    assertThat(Origin.parse("HTTP://Example.COM/a/b?c")).hasValue(new Origin("http", "example.com", 80));
    assertThat(Origin.parse("https://example.com:8443")).hasValue(new Origin("https", "example.com", 8443));
    assertThat(Origin.parse("https://bücher.example/x")).hasValue(new Origin("https", "xn--bcher-kva.example", 443));
    assertThat(Origin.parse("http://[::1]:8080/")).hasValue(new Origin("http", "::1", 8080));
    assertThat(Origin.parse("http://[::1]:8080/").orElseThrow().robotsTxt()).isEqualTo(URI.create("http://[::1]:8080/robots.txt"));
    for (String bad : List.of("ftp://example.com/", "/relative/path", "example.com/a", "http:///x", "http://exa mple.com/", "http://a:1:2/", "http://a%20b/", "")) {
      assertThat(Origin.parse(bad)).as(bad).isEmpty();
    }
    assertThat(new Origin("https", "example.com", 443).robotsTxt()).isEqualTo(URI.create("https://example.com/robots.txt"));
  }

  private static Decision decide(RobotsFetch f, String path) {
    Query q = Query.of("ExampleBot", "crawl", path);
    if (f instanceof RobotsFetch.Fetched ok) {
      return CompiledPolicy.compile(ok.document()).decide(q);
    }
    if (f instanceof RobotsFetch.Unavailable u) {
      return u.decision();
    }
    return ((RobotsFetch.Unreachable) f).decision(q);
  }

  /** The redirect-limit message names the URL first fetched, which need not be the origin's /robots.txt. */
  @Test
  void theRedirectLimitNamesTheUrlFetched() {
    for (int i = 0; i < 7; i++) {
      server.on("/mirror/" + i, LocalServer.redirect(302, "/mirror/" + (i + 1)));
    }
    RobotsFetch f = fetcher.fetch(server.origin(), URI.create(server.origin() + "/mirror/0"));
    assertThat(f).isInstanceOf(RobotsFetch.Unavailable.class);
    assertThat(f.describe()).contains("after 5 redirects from " + server.origin() + "/mirror/0;").doesNotContain("/robots.txt");
  }

  /** Refused address ranges, checked after resolution and at every hop, before any connection. */
  @Test
  void refusedAddressesAreCheckedAtEveryHop() {
    RobotsFetcher publicOnly = fetcher.withOptions(fetcher.options().withRefusedAddresses(java.util.EnumSet.allOf(AddressRange.class)));
    server.on("/robots.txt", LocalServer.text(200, ROBOTS));
    RobotsFetch direct = publicOnly.fetch(server.origin());
    assertThat(direct).isInstanceOf(RobotsFetch.Unreachable.class);
    assertThat(direct.describe()).contains("refused: 127.0.0.1 is a loopback address");
    RobotsFetch named = publicOnly.fetch(server.origin(), URI.create(server.otherHost("/robots.txt")));
    assertThat(named.describe()).contains("refused: localhost resolves to ").contains(", a loopback address");
    assertThat(server.requests).as("no request reached the server").isEmpty();

    // Loopback allowed, the link and private networks not: the redirect is refused, not followed.
    RobotsFetcher noLink = fetcher.withOptions(fetcher.options().withRefusedAddresses(java.util.Set.of(AddressRange.LINK_LOCAL, AddressRange.PRIVATE)));
    for (String target : List.of("http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/robots.txt", "http://[fe80::1]/robots.txt")) {
      server.on("/robots.txt", LocalServer.redirect(302, target));
      RobotsFetch f = noLink.fetch(server.origin());
      assertThat(f).as(target).isInstanceOf(RobotsFetch.Unreachable.class);
      assertThat(f.describe()).as(target).startsWith("cannot fetch " + target + ": refused: ");
      assertThat(decide(f, "/a").allowed()).isFalse();
    }
  }

  /** An unasked Content-Encoding is decoded, at most the cap; one that cannot be is unreachable, never raw bytes. */
  @Test
  void anUnaskedContentEncodingIsDecodedOrRefused() throws IOException {
    byte[] gzip = gzip(ROBOTS.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    server.on("/robots.txt", x -> {
      x.getResponseHeaders().add("Content-Encoding", "gzip");
      x.sendResponseHeaders(200, gzip.length);
      x.getResponseBody().write(gzip);
    });
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(f).as(f.describe()).isInstanceOf(RobotsFetch.Fetched.class);
    assertThat(decide(f, "/private/a").allowed()).isFalse();

    for (String coding : List.of("deflate-zlib", "deflate-raw")) {
      java.util.zip.Deflater d = new java.util.zip.Deflater(6, coding.equals("deflate-raw"));
      d.setInput(ROBOTS.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      d.finish();
      byte[] buf = new byte[1024];
      byte[] body = java.util.Arrays.copyOf(buf, d.deflate(buf));
      d.end();
      server.on("/robots.txt", x -> {
        x.getResponseHeaders().add("Content-Encoding", "deflate");
        x.sendResponseHeaders(200, body.length);
        x.getResponseBody().write(body);
      });
      assertThat(decide(fetcher.fetch(server.origin()), "/private/a").allowed()).as(coding).isFalse();
    }

    // A bomb: 50 MB of line feeds in 50 KB; decoded up to the cap and no further.
    byte[] bomb = gzip(new byte[50_000_000]);
    server.on("/robots.txt", x -> {
      x.getResponseHeaders().add("Content-Encoding", "gzip");
      x.sendResponseHeaders(200, bomb.length);
      x.getResponseBody().write(bomb);
    });
    RobotsFetcher small = new RobotsFetcher(FetchOptions.defaults().withMaxBytes(100_000), CLOCK);
    RobotsFetch.Fetched cut = (RobotsFetch.Fetched) small.fetch(server.origin());
    assertThat(cut.length()).isEqualTo(100_000);
    assertThat(cut.truncated()).isTrue();

    for (String[] c : new String[][] {{"br", "with Content-Encoding br, which was not asked for and cannot be decoded"},
        {"gzip", "with Content-Encoding gzip, but the body is not gzip"}}) {
      server.on("/robots.txt", LocalServer.text(200, ROBOTS, "Content-Encoding", c[0]));
      RobotsFetch r = fetcher.fetch(server.origin());
      assertThat(r).as(c[0]).isInstanceOf(RobotsFetch.Unreachable.class);
      assertThat(r.describe()).isEqualTo(server.origin() + "/robots.txt answered HTTP 200 " + c[1]);
    }
  }

  /** A body in UTF-16 with its byte order mark is read as UTF-16, never as bytes that hold no rule. */
  @Test
  void aUtf16BodyWithItsByteOrderMarkDecides() {
    byte[] utf16 = ("\uFEFF" + ROBOTS).getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
    server.on("/robots.txt", x -> {
      x.sendResponseHeaders(200, utf16.length);
      x.getResponseBody().write(utf16);
    });
    RobotsFetch f = fetcher.fetch(server.origin());
    assertThat(decide(f, "/private/a").allowed()).isFalse();
    assertThat(((RobotsFetch.Fetched) f).document().diagnostics()).extracting(d -> d.code()).containsExactly("invalid-utf8");
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
      z.write(bytes);
    }
    return out.toByteArray();
  }
}
