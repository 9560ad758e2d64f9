package org.acapengine.load;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.CrawlerPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;

/**
 * One origin's entry in {@link PolicyCache}, and the state machine of RFC 9309 2.3.1 and 2.4 over
 * it (docs/fetching.md): the latest fetch outcome, the policy of the last good copy (a crawler's
 * own {@link CrawlerPolicy} when the cache was built for a crawler, else the whole {@link
 * CompiledPolicy}), since when the origin has been unreachable, and what the entry weighs. The
 * last good fetch is held as a few fields, not as a {@link RobotsFetch.Fetched} (whose URL and
 * times are objects of their own): {@link #latest} makes one when asked; its status, redirects
 * and truncation share one int; an outcome that is not a fetched file, rare, is held with its
 * time of unreachability in an {@link Outage} of its own, which also holds the copy's final URL
 * (a redirected fetch's is held in the same field when there is no outage); and the weight is
 * not held: the cache weighs an entry once, when it is written ({@link #weight}); and the fetch's
 * time and lifetime share one long ({@link #times}), the rare times that do not fit it held beside
 * the final URL ({@link Exact}). So an entry is 32 bytes. Immutable.
 */
final class OriginSlot {

  /**
   * The latest outcome when it is not a fetched file, and since when (epoch milliseconds) the
   * origin has been unreachable, or {@link Long#MIN_VALUE}.
   */
  private record Outage(RobotsFetch latest, long unreachableSince, Object urlOrExact) {}

  /**
   * The last good fetch's final URL (or null) and its times (epoch milliseconds), when they do not
   * fit {@link #times}: a fetch time before 1970 or after 2109, or a lifetime that is not whole
   * seconds or is 48 days or more (options can ask for it; the fetcher's lifetimes are whole
   * seconds, at most a day by default).
   */
  private record Exact(String finalUrl, long fetchedAt, long expiresAt) {}

  /** Bits of {@link #times} that hold the lifetime in seconds; the fetch time in milliseconds is above them. */
  private static final int LIFETIME_BITS = 22;
  private static final long LIFETIME = (1L << LIFETIME_BITS) - 1;

  /**
   * The latest outcome when it is not a fetched file ({@link Outage}, with the last good fetch's
   * final URL or {@link Exact}); else the last good fetch's {@link Exact} times, or its final URL
   * when it is not the origin's robots.txt (a redirect), a string; else null.
   */
  private final Object outageOrUrl;
  /** The last good copy's policy ({@link CrawlerPolicy} or {@link CompiledPolicy}), or null. */
  final Object policy;
  /** The last good fetch's status (bits 0-15), redirects (bits 16-30) and whether it was truncated (bit 31). */
  private final int fetch;
  /**
   * The last good fetch's time (epoch milliseconds, bits 22-63) and lifetime (seconds, bits 0-21:
   * its expiry is the time plus the lifetime); 0 when the times are {@link Exact}.
   */
  private final long times;

  private OriginSlot(RobotsFetch latest, long unreachableSince, Object policy, String finalUrl, int fetch, long fetchedAt, long expiresAt) {
    boolean fits = fits(fetchedAt, expiresAt);
    Object urlOrExact = fits ? finalUrl : new Exact(finalUrl, fetchedAt, expiresAt);
    this.outageOrUrl = latest != null ? new Outage(latest, unreachableSince, urlOrExact) : urlOrExact;
    this.policy = policy;
    this.fetch = fetch;
    this.times = fits ? fetchedAt << LIFETIME_BITS | (expiresAt - fetchedAt) / 1000 : 0;
  }

  /** True when the fetch time and lifetime fit {@link #times} (read unsigned: a fetch time up to 2109). */
  private static boolean fits(long fetchedAt, long expiresAt) {
    long lifetime = expiresAt - fetchedAt;
    return fetchedAt >= 0 && fetchedAt < 1L << (64 - LIFETIME_BITS) && lifetime >= 0 && lifetime % 1000 == 0 && lifetime / 1000 <= LIFETIME;
  }

  private Outage outage() {
    return outageOrUrl instanceof Outage o ? o : null;
  }

  /** The final URL or {@link Exact} times of the last good fetch. */
  private Object urlOrExact() {
    return outageOrUrl instanceof Outage o ? o.urlOrExact() : outageOrUrl;
  }

  /** The last good fetch's final URL when it is not the origin's robots.txt, else null. */
  private String finalUrl() {
    Object x = urlOrExact();
    return x instanceof Exact e ? e.finalUrl() : (String) x;
  }

  /** When the last good fetch came (epoch milliseconds). */
  private long fetchedAt() {
    return urlOrExact() instanceof Exact e ? e.fetchedAt() : times >>> LIFETIME_BITS;
  }

  /** When the last good fetch expires (epoch milliseconds). */
  private long copyExpiresAt() {
    return urlOrExact() instanceof Exact e ? e.expiresAt() : (times >>> LIFETIME_BITS) + 1000 * (times & LIFETIME);
  }

  /**
   * The bytes the entry holds, for the cache's bound (at most {@link Integer#MAX_VALUE}), computed
   * when the cache weighs the entry (once, when it is written): the entry and its key, the last
   * good copy's policy (a crawler policy by what it holds, {@link CrawlerPolicy#heapBytes}, as a
   * crawler's first decision leaves it; a whole policy by {@link PolicySize#estimate}), and for an
   * outcome that is not a fetched file {@link PolicySize#NO_POLICY} more.
   *
   * @param key the origin's key, as the cache holds it
   */
  int weight(String key) {
    long bytes = policy == null ? 0
        : PolicySize.entry(key, finalUrl())
            + (policy instanceof CrawlerPolicy c ? c.heapBytes() : PolicySize.estimate(((CompiledPolicy) policy).document()));
    return (int) Math.min(Integer.MAX_VALUE, outageOrUrl instanceof Outage ? PolicySize.NO_POLICY + bytes : bytes);
  }

  /** A fetch's status (0 to 65 535; HTTP's are three digits), redirects (up to 32 767) and truncation as one int. */
  private static int fetch(int status, int redirects, boolean truncated) {
    return (Math.max(0, Math.min(0xFFFF, status))) | (Math.max(0, Math.min(0x7FFF, redirects)) << 16) | (truncated ? 1 << 31 : 0);
  }

  /** An entry for a fetched file and its policy. */
  static OriginSlot fetched(RobotsFetch.Fetched f, Object policy) {
    String url = f.finalUrl().equals(f.robotsUrl()) ? null : f.finalUrl().toString();
    return new OriginSlot(null, 0, policy, url, fetch(f.status(), f.redirects(), f.truncated()), f.fetchedAt().toEpochMilli(),
        f.expiresAt().toEpochMilli());
  }

  /** The entry after an unreachable answer: the last good copy kept (if any), since when unreachable. */
  OriginSlot unreachable(RobotsFetch.Unreachable u) {
    long since = unreachableSince() != Long.MIN_VALUE ? unreachableSince() : u.fetchedAt().toEpochMilli();
    return new OriginSlot(u, since, policy, finalUrl(), fetch, fetchedAt(), copyExpiresAt());
  }

  /** The entry of an outcome without a policy (unavailable; unreachable with no copy before). */
  static OriginSlot without(RobotsFetch outcome) {
    long since = outcome instanceof RobotsFetch.Unreachable u ? u.fetchedAt().toEpochMilli() : Long.MIN_VALUE;
    return new OriginSlot(outcome, since, null, null, 0, 0, 0);
  }

  /** Since when (epoch milliseconds) the origin has been unreachable, or {@link Long#MIN_VALUE}. */
  private long unreachableSince() {
    Outage outage = outage();
    return outage == null ? Long.MIN_VALUE : outage.unreachableSince();
  }

  /** The latest outcome when it is not a fetched file, else null. */
  private RobotsFetch outcome() {
    Outage outage = outage();
    return outage == null ? null : outage.latest();
  }

  /** When the latest outcome expires. */
  Instant expiresAt() {
    Outage outage = outage();
    return outage != null ? outage.latest().expiresAt() : Instant.ofEpochMilli(copyExpiresAt());
  }

  boolean isFetched() {
    return !(outageOrUrl instanceof Outage);
  }

  boolean isUnreachable() {
    return outcome() instanceof RobotsFetch.Unreachable;
  }

  boolean hasCopy() {
    return policy != null;
  }

  /** The last good fetch, made again from the fields kept (its body is not kept: empty). */
  RobotsFetch.Fetched copy(Origin origin) {
    String finalUrl = finalUrl();
    URI url = finalUrl == null ? origin.robotsTxt() : URI.create(finalUrl);
    return new RobotsFetch.Fetched(origin, url, fetch & 0xFFFF, new byte[0], fetch < 0, (fetch >>> 16) & 0x7FFF, Instant.ofEpochMilli(fetchedAt()),
        Instant.ofEpochMilli(copyExpiresAt()));
  }

  /** The latest outcome (for a fetched file, made again: {@link #copy}). */
  RobotsFetch latest(Origin origin) {
    Outage outage = outage();
    return outage != null ? outage.latest() : copy(origin);
  }

  /** When nothing in the entry can be used any more: an outcome past its expiry, a copy past the stale limit. */
  Instant dropAt(Duration staleLimit) {
    Instant at = expiresAt();
    if (hasCopy() || unreachableSince() != Long.MIN_VALUE) {
      // Kept to decide by the copy, or to count the days of unreachability, if the next refresh fails.
      at = at.plus(staleLimit);
    }
    return at;
  }

  /**
   * What decisions rest on now: the policy fetched last, a stale copy while the origin is
   * unreachable (RFC 9309 2.3.1.4, within the stale limit), or no policy (unavailable,
   * unreachable).
   */
  CachedPolicy view(Origin origin, Instant now, Duration staleLimit, PolicyCache.AfterStaleLimit after) {
    if (isFetched()) {
      return new CachedPolicy(origin, CachedPolicy.State.FETCHED, copy(origin), compiled(), crawler(), Optional.empty());
    }
    RobotsFetch latest = outage().latest();
    if (latest instanceof RobotsFetch.Unavailable u) {
      return new CachedPolicy(origin, CachedPolicy.State.UNAVAILABLE, latest, Optional.empty(), Optional.empty(), Optional.of(u.reason()));
    }
    RobotsFetch.Unreachable u = (RobotsFetch.Unreachable) latest;
    Instant since = unreachableSince() != Long.MIN_VALUE ? Instant.ofEpochMilli(unreachableSince()) : u.fetchedAt();
    boolean tooLong = !now.isBefore(since.plus(staleLimit));
    boolean copyUsable = hasCopy() && (after == PolicyCache.AfterStaleLimit.KEEP_COPY || now.isBefore(Instant.ofEpochMilli(copyExpiresAt()).plus(staleLimit)));
    if (!tooLong || after == PolicyCache.AfterStaleLimit.KEEP_COPY) {
      if (copyUsable) {
        return new CachedPolicy(origin, CachedPolicy.State.STALE_COPY, latest, compiled(), crawler(),
            Optional.of(u.reason() + "; deciding by the copy fetched at " + Instant.ofEpochMilli(fetchedAt())
                + ", as RFC 9309 2.3.1.4 allows while the origin is unreachable"));
      }
      return new CachedPolicy(origin, CachedPolicy.State.UNREACHABLE, latest, Optional.empty(), Optional.empty(), Optional.of(u.reason()));
    }
    if (after == PolicyCache.AfterStaleLimit.UNAVAILABLE) {
      return new CachedPolicy(origin, CachedPolicy.State.UNAVAILABLE, latest, Optional.empty(), Optional.empty(),
          Optional.of(u.reason() + "; unreachable since " + since + ", " + staleLimit.toDays() + " days or more, so counted as unavailable"));
    }
    return new CachedPolicy(origin, CachedPolicy.State.UNREACHABLE, latest, Optional.empty(), Optional.empty(), Optional.of(u.reason()));
  }

  /**
   * The decision for a query on the path of {@code url} by the policy fetched last ({@link
   * #isFetched}): a crawler's policy decides the path as it is, without a new query.
   */
  Decision decide(Query query, String url) {
    return policy instanceof CrawlerPolicy c ? c.decide(query, url) : ((CompiledPolicy) policy).decide(query.withPath(url));
  }

  private Optional<CompiledPolicy> compiled() {
    return policy instanceof CompiledPolicy c ? Optional.of(c) : Optional.empty();
  }

  private Optional<CrawlerPolicy> crawler() {
    return policy instanceof CrawlerPolicy c ? Optional.of(c) : Optional.empty();
  }

  /**
   * The entry after {@code outcome}: a fetched file compiled, kept whole or as {@code crawler}'s
   * rules alone (weighed, with the index for crawl made as a crawler's first decision makes it,
   * by what it holds), an unreachable origin with the copy it had, or an outcome without a policy.
   *
   * @param crawler the crawler's names, or null to keep whole policies
   * @param key the origin's key as the cache holds it: a crawler's rules name their file by it
   *     when it is the origin's robots.txt ({@link CrawlerPolicy#namingItsFileBy}), as is usual
   */
  static OriginSlot next(OriginSlot previous, RobotsFetch outcome, java.util.function.Function<RobotsFetch.Fetched, CompiledPolicy> compiler,
      java.util.List<String> crawler, String key) {
    if (outcome instanceof RobotsFetch.Fetched f) {
      CompiledPolicy policy = compiler.apply(f);
      if (crawler == null) {
        return fetched(f, policy);
      }
      CrawlerPolicy mine = policy.forCrawler(crawler).namingItsFileBy(key);
      mine.decide("crawl", "/"); // the index for crawl, before the cache weighs the entry
      return fetched(f, mine);
    }
    if (outcome instanceof RobotsFetch.Unreachable u && previous != null) {
      return previous.unreachable(u);
    }
    return without(outcome);
  }

  /**
   * The key an origin is held under, one string and no key object: its host for https on port
   * 443, as most origins are, else the origin as written ({@code scheme://host[:port]},
   * {@link Origin#toString}). Two origins never share a key: a host holds no {@code /}.
   */
  static String key(Origin origin) {
    return origin.port() == 443 && origin.scheme().equals("https") ? origin.host() : origin.toString();
  }

  /**
   * {@link #key(Origin)} of the origin of {@code url} when {@link Origin#plain} reads it (as it
   * reads most URLs a crawler meets), cut from the URL without making the origin or its host; else
   * null (the origin is then read by {@link Origin#parse}, as are URLs longer than it reads).
   *
   * @param url any text, possibly hostile
   * @return the key, or null
   */
  static String key(String url) {
    if (url == null || url.length() > 8192) {
      return null;
    }
    long read = Origin.readPlain(url);
    if (read < 0) {
      return null;
    }
    int hostEnd = Origin.plainHostEnd(read);
    int port = Origin.plainPort(read);
    boolean https = url.charAt(4) == 's';
    if (https && port == 443) {
      return url.substring(8, hostEnd); // the host
    }
    if (!https && port == 80) {
      return url.substring(0, hostEnd); // scheme://host, the default port not written (Origin#toString)
    }
    int portEnd = hostEnd + 1;
    while (portEnd < url.length() && url.charAt(portEnd) >= '0' && url.charAt(portEnd) <= '9') {
      portEnd++;
    }
    // scheme://host:port, the port as Origin#toString writes it: without the leading zeros a URL may give
    return url.charAt(hostEnd + 1) != '0' ? url.substring(0, portEnd) : url.substring(0, hostEnd) + ":" + port;
  }

  /**
   * An origin's place in the cache while it is fetched: the threads that ask meanwhile wait on its
   * future. It weighs nothing and never expires, as an unfinished future in an {@code AsyncCache}.
   */
  static final class Loading {
    final CompletableFuture<OriginSlot> future = new CompletableFuture<>();
  }

  /** Nanoseconds from {@code now} to {@code at}: 0 when past, capped at {@link Long#MAX_VALUE}. */
  static long nanosBetween(Instant now, Instant at) {
    Duration d = Duration.between(now, at);
    if (d.isNegative()) {
      return 0;
    }
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /** A fetcher's failure as an unreachable outcome (never thrown on). */
  static RobotsFetch.Unreachable fetcherFailed(Origin origin, RuntimeException e, Instant now) {
    return new RobotsFetch.Unreachable(origin, OptionalInt.empty(),
        "cannot fetch " + origin.robotsTxt() + ": the fetcher failed (" + RobotsFetcher.describe(e, FetchOptions.defaults()) + ")",
        now, now.plus(FetchOptions.defaults().unreachableRetry()));
  }
}
