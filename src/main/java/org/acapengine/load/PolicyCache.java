package org.acapengine.load;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;

/**
 * Compiled robots.txt policies for a crawler scheduler, one per origin (scheme, host, port),
 * shared by all threads (docs/fetching.md):
 *
 * <ul>
 *   <li>one fetch per origin however many threads ask at once: the first asks, the others wait for
 *       its answer (no thread holds a lock while fetching);
 *   <li>an answer is used until it expires ({@link RobotsFetch#expiresAt()}: 24 hours, less when
 *       {@code Cache-Control: max-age} says so, RFC 9309 2.4), then the next request refetches;
 *   <li>while a refresh finds the origin unreachable, the last fetched copy keeps deciding, for up
 *       to {@code staleLimit} (30 days) of unreachability and no more than {@code staleLimit} past
 *       the copy's own expiry (RFC 9309 2.3.1.4); after that the origin counts as unavailable (or
 *       as the builder says);
 *   <li>bounded by the heap the entries hold ({@link PolicySize}), least valuable entries evicted
 *       first (Caffeine's W-TinyLFU).
 * </ul>
 *
 * <p>Built for a crawler ({@link Builder#forCrawler}), the cache keeps per origin only that
 * crawler's rules ({@link org.acapengine.eval.CrawlerPolicy}: a few flat arrays, about what crawler-commons keeps,
 * docs/performance.md) and weighs each entry by what it holds, summed from its arrays; the parsed
 * file is kept only when asked for ({@link Builder#keepDocuments}), for {@code explain}. Built
 * without, it keeps each origin's whole {@link CompiledPolicy}, weighed by {@link
 * PolicySize#estimate}.
 *
 * <p>The clock and the fetcher are injected, so tests (and simulations) need no network and no
 * sleeping.
 */
public final class PolicyCache {

  /** What an origin counts as after {@code staleLimit} of unreachability (RFC 9309 2.3.1.4 allows both first two). */
  public enum AfterStaleLimit {
    /** Unavailable: any resource may be accessed (the RFC's "MAY assume ... unavailable"). */
    UNAVAILABLE,
    /** Keep deciding by the last copy, however old; without one, unreachable. */
    KEEP_COPY,
    /** Stay unreachable: nothing may be crawled until the origin answers. */
    UNREACHABLE
  }

  /**
   * What the cache has done so far.
   *
   * @param requests answers asked for
   * @param hits answers given without fetching in that call (a fresh entry, or another thread's
   *     fetch waited for)
   * @param fetches fetcher calls (first fetches and refreshes)
   * @param staleServed answers decided by a kept copy while the origin was unreachable
   * @param evictions entries evicted to stay within the size bound
   * @param expirations entries dropped because nothing in them could be used any more
   * @param entries entries held now
   * @param bytesHeld the bytes the entries hold now (summed from a crawler's arrays, or estimated
   *     for whole policies: {@link PolicySize})
   */
  public record Stats(long requests, long hits, long fetches, long staleServed, long evictions, long expirations, long entries, long bytesHeld) {}

  private final Function<Origin, RobotsFetch> fetcher;
  private final Function<RobotsFetch.Fetched, CompiledPolicy> compiler;
  /** The crawler whose rules alone are kept, or null to keep whole policies. */
  private final List<String> crawler;
  private final boolean keepDocuments;
  private final Clock clock;
  private final Duration staleLimit;
  private final AfterStaleLimit afterStaleLimit;
  /** Per origin ({@link OriginSlot#key}) its entry, or its {@link OriginSlot.Loading} while fetched (docs/fetching.md). */
  private final Cache<String, Object> cache;
  private final ConcurrentMap<String, Object> map;
  private final LongAdder requests = new LongAdder();
  private final LongAdder hits = new LongAdder();
  private final LongAdder fetches = new LongAdder();
  private final LongAdder staleServed = new LongAdder();
  private final LongAdder evictions = new LongAdder();
  private final LongAdder expirations = new LongAdder();

  private PolicyCache(Builder b) {
    this.fetcher = b.fetcher;
    this.compiler = b.compiler;
    this.crawler = b.crawler;
    this.keepDocuments = b.keepDocuments || b.crawler == null;
    this.clock = b.clock;
    this.staleLimit = b.staleLimit;
    this.afterStaleLimit = b.afterStaleLimit;
    Clock c = b.clock;
    Ticker ticker = () -> {
      Instant now = c.instant();
      return Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000_000L), now.getNano());
    };
    this.cache = Caffeine.newBuilder()
        .ticker(ticker)
        .executor(b.executor)
        .maximumWeight(b.maxBytes)
        .weigher((String o, Object v) -> v instanceof OriginSlot s ? s.weight(o) : 0)
        .expireAfter(new Expiry<String, Object>() {
          @Override
          public long expireAfterCreate(String key, Object value, long currentTime) {
            return value instanceof OriginSlot s ? OriginSlot.nanosBetween(clock.instant(), s.dropAt(staleLimit)) : Long.MAX_VALUE;
          }

          @Override
          public long expireAfterUpdate(String key, Object value, long currentTime, long currentDuration) {
            return expireAfterCreate(key, value, currentTime);
          }

          @Override
          public long expireAfterRead(String key, Object value, long currentTime, long currentDuration) {
            return currentDuration;
          }
        })
        .removalListener((String o, Object v, RemovalCause cause) -> {
          if (cause == RemovalCause.SIZE) {
            evictions.increment();
          } else if (cause == RemovalCause.EXPIRED) {
            expirations.increment();
          }
        })
        .build();
    this.map = cache.asMap();
  }

  /**
   * A builder with the defaults listed on its setters: {@code PolicyCache.builder().build()} fetches
   * with {@link FetchOptions#defaults()} (the User-Agent being the crawler's name when built {@link
   * Builder#forCrawler}), keeps whole policies and holds up to 256 MiB.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Decides {@code query} for {@code url}: the origin is taken from the URL, the path put in the
   * query (its crawler names, usage, purpose and honoured qualifiers are kept).
   *
   * @throws IllegalArgumentException when {@code url} is not an absolute http or https URL (its
   *     path and query may hold characters java.net.URI refuses, such as {@code |} or a space)
   * @param url the absolute http(s) URL of the page
   * @param query the query; its path is replaced by the URL's path and query
   * @return the decision, never null
   */
  public Decision decide(String url, Query query) {
    // Most URLs: the key read from the URL itself, no Origin made unless the origin is fetched.
    String key = OriginSlot.key(url);
    Origin origin = key == null ? originOf(url) : null;
    OriginSlot s = slot(origin, key == null ? OriginSlot.key(origin) : key, url);
    // The policy fetched last decides without a CachedPolicy being made (the common case), a crawler's without a new Query.
    return s.isFetched() ? s.decide(query, url) : view(origin != null ? origin : originOf(url), s).decide(query.withPath(url));
  }

  /**
   * The policy for the origin of {@code url}, fetched if need be.
   *
   * @param url the absolute http(s) URL of any page of the origin
   * @return the policy, never null (unavailable and unreachable origins have one too)
   */
  public CachedPolicy policy(String url) {
    return policy(originOf(url));
  }

  /**
   * The policy for {@code origin}, fetched (once, for all threads) if none is held or it has expired.
   *
   * @param origin the origin
   * @return the policy, never null
   */
  public CachedPolicy policy(Origin origin) {
    return view(Objects.requireNonNull(origin, "origin"), slot(origin, OriginSlot.key(origin), null));
  }

  /**
   * The entry under {@code key}, fetched (once, for all threads) if none is held or it has expired;
   * {@code origin} is null when the key was read from {@code url}, and made from it only to fetch.
   */
  private OriginSlot slot(Origin origin, String key, String url) {
    requests.increment();
    while (true) {
      Object held = map.get(key);
      if (held == null) {
        Origin o = origin != null ? origin : originOf(url);
        OriginSlot.Loading mine = new OriginSlot.Loading();
        held = map.putIfAbsent(key, mine);
        if (held == null) {
          return load(o, key, null, mine);
        }
      }
      OriginSlot slot = held instanceof OriginSlot.Loading l ? l.future.join() : (OriginSlot) held;
      Instant now = clock.instant();
      if (now.isBefore(slot.expiresAt())) {
        hits.increment();
        return slot;
      }
      OriginSlot.Loading mine = new OriginSlot.Loading();
      if (map.replace(key, held, mine)) {
        return load(origin != null ? origin : originOf(url), key, slot, mine);
      }
      // another thread is refreshing (or the entry went): look again
    }
  }

  /**
   * The policy held for {@code origin}, if any, without fetching or waiting.
   *
   * @param origin the origin
   * @return the policy held, or empty when none is held or it is still being fetched
   */
  public Optional<CachedPolicy> peek(Origin origin) {
    Object held = map.get(OriginSlot.key(origin));
    return held instanceof OriginSlot s ? Optional.of(view(origin, s)) : Optional.empty();
  }

  /**
   * Forgets an origin (its next request fetches).
   *
   * @param origin the origin; nothing happens when none is held
   */
  public void invalidate(Origin origin) {
    map.remove(OriginSlot.key(origin));
  }

  /**
   * What the cache has done so far, and what it holds now.
   *
   * @return a snapshot of the counters
   */
  public Stats stats() {
    cache.cleanUp();
    long bytes = cache.policy().eviction().map(e -> e.weightedSize().orElse(0)).orElse(0L);
    return new Stats(requests.sum(), hits.sum(), fetches.sum(), staleServed.sum(), evictions.sum(), expirations.sum(),
        cache.estimatedSize(), bytes);
  }

  private static Origin originOf(String url) {
    return Origin.parseIgnoringPath(url).orElseThrow(() -> new IllegalArgumentException("'" + RobotsFetcher.printable(String.valueOf(url))
        + "' is not an absolute http or https URL, so it has no robots.txt"));
  }

  /** Fetches, puts the entry in place of {@code loading} (unless invalidated meanwhile), completes its future. */
  private OriginSlot load(Origin origin, String key, OriginSlot previous, OriginSlot.Loading loading) {
    OriginSlot next;
    try {
      fetches.increment();
      RobotsFetch outcome;
      try {
        outcome = Objects.requireNonNull(fetcher.apply(origin), "the fetcher returned null");
      } catch (RuntimeException e) {
        outcome = OriginSlot.fetcherFailed(origin, e, clock.instant());
      }
      next = next(previous, outcome, key);
    } catch (RuntimeException | Error e) {
      map.remove(key, loading);
      loading.future.completeExceptionally(e);
      throw e;
    }
    map.replace(key, loading, next);
    loading.future.complete(next);
    return next;
  }

  private OriginSlot next(OriginSlot previous, RobotsFetch outcome, String key) {
    var held = cache.policy().getEntryIfPresentQuietly(key); // the map's key string: a refresh looks up with a new one
    return OriginSlot.next(previous, outcome, compiler, keepDocuments ? null : crawler, held == null ? key : held.getKey());
  }

  private CachedPolicy view(Origin origin, OriginSlot s) {
    CachedPolicy p = s.view(origin, clock.instant(), staleLimit, afterStaleLimit);
    if (p.state() == CachedPolicy.State.STALE_COPY) {
      staleServed.increment();
    }
    return p;
  }

  /** Builds a {@link PolicyCache}. */
  public static final class Builder {
    private Function<Origin, RobotsFetch> fetcher;
    private Function<RobotsFetch.Fetched, CompiledPolicy> compiler = f -> CompiledPolicy.compile(f.document());
    private List<String> crawler;
    private boolean keepDocuments;
    private Clock clock = Clock.systemUTC();
    private long maxBytes = 256L * 1024 * 1024;
    private Duration staleLimit = Duration.ofDays(30);
    private AfterStaleLimit afterStaleLimit = AfterStaleLimit.UNAVAILABLE;
    private Executor executor = Runnable::run;

    /**
     * The fetcher: a {@link RobotsFetcher}'s {@code fetch}, or a stand-in (tests, simulations). It
     * must not throw; if it does, the origin counts as unreachable. Default: {@link #fetchOptions}
     * with {@link FetchOptions#defaults()}, sending as {@code User-Agent} the first name given to
     * {@link #forCrawler} (else {@value FetchOptions#DEFAULT_USER_AGENT}); name your crawler's
     * full User-Agent, with a contact URL, through {@link #fetchOptions}.
     *
     * @param f the fetcher; not null
     * @return this builder
     */
    public Builder fetcher(Function<Origin, RobotsFetch> f) {
      this.fetcher = Objects.requireNonNull(f, "fetcher");
      return this;
    }

    /**
     * {@code fetcher(new RobotsFetcher(options, clock)::fetch)} with this builder's clock.
     *
     * @param options the fetch options; not null
     * @return this builder
     */
    public Builder fetchOptions(FetchOptions options) {
      RobotsFetcher f = new RobotsFetcher(options, clock);
      return fetcher(f::fetch);
    }

    /**
     * How a fetched file becomes a policy (default: parse, then compile with the default options).
     *
     * @param c the compiler; not null
     * @return this builder
     */
    public Builder compiler(Function<RobotsFetch.Fetched, CompiledPolicy> c) {
      this.compiler = Objects.requireNonNull(c, "compiler");
      return this;
    }

    /**
     * Keeps per origin only the rules of the crawler with these names ({@link
     * CompiledPolicy#forCrawler}): every query must then name this crawler (as {@link
     * Query#crawlers()} with these names). Each entry then holds a few flat arrays, about what
     * crawler-commons holds for the same file, and is weighed by what it holds. Default: keep each
     * origin's whole compiled policy, any crawler may be asked about.
     *
     * @param names the crawler's names, at least one, as the queries will give them
     * @return this builder
     * @throws IllegalArgumentException if {@code names} is empty
     */
    public Builder forCrawler(List<String> names) {
      if (names.isEmpty()) {
        throw new IllegalArgumentException("a crawler has at least one name");
      }
      this.crawler = List.copyOf(names);
      return this;
    }

    /**
     * With {@link #forCrawler}: keeps each origin's whole compiled policy (its parsed file), so that
     * {@link CachedPolicy#policy()} can {@code explain}; the entries are then several times larger.
     * Without {@link #forCrawler} whole policies are always kept.
     *
     * @param keep true to keep the documents
     * @return this builder
     */
    public Builder keepDocuments(boolean keep) {
      this.keepDocuments = keep;
      return this;
    }

    /**
     * The clock for expiry (default: the system's, UTC). Set it before {@link #fetchOptions}.
     *
     * @param c the clock; not null
     * @return this builder
     */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /**
     * The bound on the bytes the entries hold (default 256 MiB).
     *
     * @param bytes the bound in bytes, not negative
     * @return this builder
     */
    public Builder maxBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("maxBytes must not be negative: " + bytes);
      }
      this.maxBytes = bytes;
      return this;
    }

    /**
     * How long a copy may stand in for an unreachable origin (default 30 days, RFC 9309 2.3.1.4).
     *
     * @param d the limit, not negative
     * @return this builder
     */
    public Builder staleLimit(Duration d) {
      if (d.isNegative()) {
        throw new IllegalArgumentException("staleLimit must not be negative: " + d);
      }
      this.staleLimit = d;
      return this;
    }

    /**
     * What an origin counts as after {@code staleLimit} of unreachability (default: unavailable).
     *
     * @param a what the origin counts as; not null
     * @return this builder
     */
    public Builder afterStaleLimit(AfterStaleLimit a) {
      this.afterStaleLimit = Objects.requireNonNull(a, "afterStaleLimit");
      return this;
    }

    /**
     * Where Caffeine does its upkeep (evictions, removal notices); default: the calling thread.
     *
     * @param e the executor; not null
     * @return this builder
     */
    public Builder executor(Executor e) {
      this.executor = Objects.requireNonNull(e, "executor");
      return this;
    }

    /**
     * The cache, empty; it is thread-safe.
     *
     * @return the cache
     * @throws IllegalArgumentException when no fetcher was set and the crawler's first name cannot
     *     be sent as a User-Agent (blank, or with control characters)
     */
    public PolicyCache build() {
      if (fetcher == null) {
        FetchOptions options = FetchOptions.defaults();
        fetchOptions(crawler == null ? options : options.withUserAgent(crawler.get(0)));
      }
      return new PolicyCache(this);
    }
  }
}
