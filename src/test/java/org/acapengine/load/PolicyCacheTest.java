package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PolicyCache} against a local HTTP server and a hand-moved clock: one fetch for many
 * threads, expiry, the stale copy while unreachable, and what follows 30 days of it; eviction by
 * size with a stand-in fetcher.
 */
class PolicyCacheTest {

  private static final Instant START = Instant.parse("2026-11-24T10:00:00Z");
  private static final String ROBOTS = "User-agent: *\nDisallow: /private/\n";
  private static final Query CRAWL = Query.of("ExampleBot", "crawl", "/");

  private LocalServer server;
  private MutableClock clock;
  private String site;

  @BeforeEach
  void start() throws IOException {
    server = new LocalServer();
    clock = new MutableClock(START);
    site = server.origin().toString();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private PolicyCache cache(PolicyCache.AfterStaleLimit after) {
    return PolicyCache.builder().clock(clock).fetchOptions(FetchOptions.defaults().withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5)))
        .afterStaleLimit(after).build();
  }

  @Test
  void theFirstRequestFetchesAndTheNextOnesDoNot() {
    server.on("/robots.txt", LocalServer.text(200, ROBOTS));
    PolicyCache cache = cache(PolicyCache.AfterStaleLimit.UNAVAILABLE);
    assertThat(cache.decide(site + "/private/a", CRAWL).allowed()).isFalse();
    assertThat(cache.decide(site + "/public/a", CRAWL).allowed()).isTrue();
    assertThat(cache.decide(site.replace("http://", "HTTP://") + "/private/b?q", CRAWL).allowed()).isFalse();
    assertThat(server.requests).containsExactly("/robots.txt");
    PolicyCache.Stats s = cache.stats();
    assertThat(s.requests()).isEqualTo(3);
    assertThat(s.fetches()).isEqualTo(1);
    assertThat(s.hits()).isEqualTo(2);
    assertThat(s.entries()).isEqualTo(1);
    assertThat(s.bytesHeld()).isPositive();
  }

  @Test
  void withoutFetchOptionsTheCacheFetchesAsTheCrawlerItIsFor() {
    server.on("/robots.txt", LocalServer.text(200, ROBOTS));
    PolicyCache cache = PolicyCache.builder().clock(clock).forCrawler(List.of("ExampleBot")).build();
    assertThat(cache.decide(site + "/private/a", CRAWL).allowed()).isFalse();
    assertThat(server.userAgents).containsExactly("ExampleBot");
  }

  @Test
  void withoutFetchOptionsOrCrawlerTheCacheFetchesWithTheDefaultUserAgent() {
    server.on("/robots.txt", LocalServer.text(200, ROBOTS));
    PolicyCache cache = PolicyCache.builder().clock(clock).build();
    assertThat(cache.decide(site + "/private/a", CRAWL).allowed()).isFalse();
    assertThat(server.userAgents).containsExactly(FetchOptions.DEFAULT_USER_AGENT);
  }

  @Test
  void aCrawlerNameThatCannotBeAUserAgentIsRefusedWhenBuilt() {
    assertThatThrownBy(() -> PolicyCache.builder().forCrawler(List.of(" ")).build()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("User-Agent");
  }

  @Test
  void concurrentFirstRequestsShareOneFetch() throws Exception {
    int threads = 16;
    CountDownLatch release = new CountDownLatch(1);
    server.on("/robots.txt", x -> {
      try {
        release.await(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      LocalServer.text(200, ROBOTS).answer(x);
    });
    PolicyCache cache = cache(PolicyCache.AfterStaleLimit.UNAVAILABLE);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Decision>> answers = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        answers.add(pool.submit(() -> cache.decide(site + "/private/x", CRAWL)));
      }
      while (cache.stats().requests() < threads) {
        Thread.onSpinWait(); // every thread has asked before the one fetch may answer
      }
      release.countDown();
      for (Future<Decision> f : answers) {
        assertThat(f.get(20, TimeUnit.SECONDS).allowed()).isFalse();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(server.requests).containsExactly("/robots.txt");
    assertThat(cache.stats().fetches()).isEqualTo(1);
    assertThat(cache.stats().hits()).isEqualTo(threads - 1);
  }

  /** Cache-Control, seconds later, whether that refetches. */
  @ParameterizedTest(name = "{0}, {1} s later: refetch {2}")
  @CsvSource({
      "'',          86399, false",
      "'',          86400, true",
      "max-age=600, 599,   false",
      "max-age=600, 600,   true",
      "max-age=0,   59,    false",
      "max-age=0,   60,    true",
  })
  void entriesExpireAfter24HoursOrMaxAge(String cacheControl, long later, boolean refetch) {
    server.on("/robots.txt", cacheControl.isEmpty() ? LocalServer.text(200, ROBOTS) : LocalServer.text(200, ROBOTS, "Cache-Control", cacheControl));
    PolicyCache cache = cache(PolicyCache.AfterStaleLimit.UNAVAILABLE);
    cache.decide(site + "/a", CRAWL);
    server.on("/robots.txt", LocalServer.text(200, "User-agent: *\nDisallow: /\n"));
    clock.advance(Duration.ofSeconds(later));
    Decision d = cache.decide(site + "/a", CRAWL);
    assertThat(server.requests).hasSize(refetch ? 2 : 1);
    assertThat(d.allowed()).isEqualTo(!refetch);
  }

  /** policy after staleLimit, the decision on /private/x and on /public/x then, and its basis. */
  @ParameterizedTest(name = "after 30 days unreachable ({0}): /private {1}, /public {2}")
  @CsvSource({
      "UNAVAILABLE, true,  true,  robots-unavailable",
      "KEEP_COPY,   false, true,  conventional-rule",
      "UNREACHABLE, false, false, robots-unreachable",
  })
  void aCopyServesWhileTheOriginIsUnreachableThenTheOriginCountsAsTheBuilderSays(
      PolicyCache.AfterStaleLimit after, boolean privateAllowed, boolean publicAllowed, String publicBasis) {
    server.on("/robots.txt", LocalServer.text(200, ROBOTS + "Allow: /public/\n"));
    PolicyCache cache = cache(after);
    assertThat(cache.decide(site + "/private/x", CRAWL).allowed()).isFalse();

    server.on("/robots.txt", LocalServer.text(503, ""));
    clock.advance(Duration.ofHours(24));
    CachedPolicy p = cache.policy(site + "/");
    assertThat(p.state()).isEqualTo(CachedPolicy.State.STALE_COPY);
    assertThat(p.reason().orElseThrow()).contains("answered HTTP 503").contains("copy fetched at " + START);
    assertThat(cache.decide(site + "/private/x", CRAWL).allowed()).isFalse();
    assertThat(cache.decide(site + "/public/x", CRAWL).allowed()).isTrue();
    assertThat(cache.stats().staleServed()).isEqualTo(3);
    int fetchesBefore = server.requests.size();

    // Day after day the origin stays unreachable; the copy keeps deciding for 30 days.
    for (int day = 1; day < 30; day++) {
      clock.advance(Duration.ofDays(1));
      assertThat(cache.policy(site + "/").state()).as("day %d", day).isEqualTo(CachedPolicy.State.STALE_COPY);
    }
    assertThat(server.requests).hasSize(fetchesBefore + 29); // retried once a day here (each answer stands an hour)
    clock.advance(Duration.ofDays(1));
    assertThat(cache.decide(site + "/private/x", CRAWL).allowed()).isEqualTo(privateAllowed);
    Decision pub = cache.decide(site + "/public/x", CRAWL);
    assertThat(pub.allowed()).isEqualTo(publicAllowed);
    assertThat(pub.basis().label()).isEqualTo(publicBasis);
    assertThat(pub.deciding()).allSatisfy(e -> assertThat(e.text()).doesNotContain("null"));

    // When it answers again, the new file decides.
    server.on("/robots.txt", LocalServer.text(200, "User-agent: *\nDisallow: /public/\n"));
    clock.advance(Duration.ofHours(2));
    assertThat(cache.decide(site + "/public/x", CRAWL).allowed()).isFalse();
    assertThat(cache.decide(site + "/private/x", CRAWL).allowed()).isTrue();
    assertThat(cache.policy(site + "/").state()).isEqualTo(CachedPolicy.State.FETCHED);
  }

  @Test
  void unreachableWithoutACopyProhibitsAndUnavailableAllows() {
    PolicyCache cache = cache(PolicyCache.AfterStaleLimit.UNAVAILABLE);
    server.on("/robots.txt", LocalServer.text(500, ""));
    Decision d = cache.decide(site + "/a", CRAWL);
    assertThat(d.allowed()).isFalse();
    assertThat(d.basis().label()).isEqualTo("robots-unreachable");
    assertThat(d.decidingLine().text()).contains(site + "/robots.txt answered HTTP 500");
    assertThat(cache.decide(site + "/robots.txt", CRAWL).allowed()).isTrue();

    server.on("/robots.txt", LocalServer.text(404, ""));
    clock.advance(Duration.ofHours(1));
    d = cache.decide(site + "/a", CRAWL);
    assertThat(d.allowed()).isTrue();
    assertThat(d.basis().label()).isEqualTo("robots-unavailable");
    assertThat(d.decidingLine().text()).contains(site + "/robots.txt answered HTTP 404").contains("RFC 9309 2.3.1.3");
  }

  @Test
  void aFetcherThatThrowsMakesTheOriginUnreachableWithAReason() {
    PolicyCache cache = PolicyCache.builder().clock(clock).fetcher(o -> {
      throw new IllegalStateException("boom");
    }).build();
    Decision d = cache.decide("https://example.com/a", CRAWL);
    assertThat(d.allowed()).isFalse();
    assertThat(d.decidingLine().text()).contains("https://example.com/robots.txt").contains("the fetcher failed").contains("boom");
  }

  @Test
  void aUrlWithoutAnOriginIsRefusedByName() {
    PolicyCache cache = PolicyCache.builder().clock(clock).fetcher(o -> {
      throw new AssertionError("not fetched");
    }).build();
    assertThatThrownBy(() -> cache.decide("/relative/path", CRAWL)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'/relative/path' is not an absolute http or https URL, so it has no robots.txt");
    assertThatThrownBy(() -> cache.decide("ftp://example.com/x", CRAWL)).hasMessageContaining("ftp://example.com/x");
  }

  /** A crawler's URL whose path or query java.net.URI refuses is decided by its origin's robots.txt, as the policy decides its path. */
  @ParameterizedTest(name = "{0}: allowed {1}")
  @CsvSource(delimiter = ' ', value = {
      "https://example.com/a|b false",
      "https://example.com/a|c true",
      "https://example.com/x{y} false",
      "https://example.com/x%zz false",
      "https://example.com/search?q=a|b&r=%zz true",
      "https://example.com:8443/a|b#frag|x false",
      "http://www.example.com/a{b} true"})
  void aUrlThatJavaNetUriRefusesIsDecidedByItsOrigin(String url, boolean allowed) {
    List<Origin> fetched = new ArrayList<>();
    PolicyCache cache = PolicyCache.builder().clock(clock).forCrawler(List.of("ExampleBot")).fetcher(o -> {
      fetched.add(o);
      return new RobotsFetch.Fetched(o, o.robotsTxt(), 200, "User-agent: *\nDisallow: /a|b\nDisallow: /x{\nDisallow: /x%zz\n".getBytes(),
          false, 0, START, START.plus(Duration.ofDays(1)));
    }).build();
    assertThat(Origin.parse(url)).isEmpty();
    assertThat(cache.decide(url, CRAWL).allowed()).isEqualTo(allowed);
    assertThat(fetched).containsExactly(Origin.parseIgnoringPath(url).orElseThrow());
    assertThat(fetched.get(0).host()).isEqualTo(url.startsWith("http://www.") ? "www.example.com" : "example.com");
  }

  @ParameterizedTest
  @ValueSource(strings = {"https://exa mple.com/a", "https://example.com\\@evil.com/a", "https://example.com|evil.com/", "https:///a|b", "/a|b"})
  void aUrlWhoseAuthorityJavaNetUriRefusesIsRefused(String url) {
    PolicyCache cache = PolicyCache.builder().clock(clock).fetcher(o -> {
      throw new AssertionError("not fetched");
    }).build();
    assertThatThrownBy(() -> cache.decide(url, CRAWL)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not an absolute http or https URL");
  }

  @Test
  void theSizeBoundEvictsPoliciesByTheirEstimatedSize() {
    AtomicInteger fetched = new AtomicInteger();
    String big = "User-agent: *\n" + "Disallow: /some/rather/long/path/to/keep/out/\n".repeat(200);
    AtomicReference<PolicyCache> ref = new AtomicReference<>();
    PolicyCache cache = PolicyCache.builder().clock(clock).maxBytes(1_000_000).fetcher(o -> {
      fetched.incrementAndGet();
      return new RobotsFetch.Fetched(o, o.robotsTxt(), 200, big.getBytes(java.nio.charset.StandardCharsets.UTF_8), false, 0, clock.instant(),
          clock.instant().plus(Duration.ofHours(24)));
    }).build();
    ref.set(cache);
    long one = PolicySize.estimate(new RobotsFetch.Fetched(new Origin("http", "x", 80), java.net.URI.create("http://x/robots.txt"), 200,
        big.getBytes(java.nio.charset.StandardCharsets.UTF_8), false, 0, START, START).document());
    assertThat(one).as("one policy's estimate").isBetween(50_000L, 500_000L);
    int origins = 40;
    for (int i = 0; i < origins; i++) {
      cache.decide("http://host" + i + ".example/private", CRAWL);
    }
    PolicyCache.Stats s = cache.stats();
    assertThat(s.fetches()).isEqualTo(origins);
    assertThat(s.bytesHeld()).isLessThanOrEqualTo(1_000_000);
    assertThat(s.entries()).isEqualTo(1_000_000 / one).isLessThan(origins);
    assertThat(s.evictions()).isEqualTo(origins - s.entries());
    // An evicted origin is fetched again when asked.
    int before = fetched.get();
    for (int i = 0; i < origins; i++) {
      cache.decide("http://host" + i + ".example/private", CRAWL);
    }
    assertThat(fetched.get()).isGreaterThan(before);
  }
}
