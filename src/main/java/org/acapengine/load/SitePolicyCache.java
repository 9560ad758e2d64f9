package org.acapengine.load;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.acapengine.site.PolicySource;
import org.acapengine.site.SitePolicy;

/**
 * Whole site policies for a batch that names many robots.txt files beside one set of other
 * sources ({@code acap check --requests}): each robots.txt is read, fetched or compiled once while
 * it stays in the cache, and combined with the shared sources, which are loaded once when the
 * cache is made ({@link #shared()}). Bounded by the estimated heap of the compiled files ({@link
 * PolicySize}); W-TinyLFU keeps the files asked for most, and a file dropped is loaded again when
 * named again.
 *
 * <p>Loads run on a pool of a fixed number of threads, so that robots.txt URLs that answer slowly
 * (or never, until the timeout) are waited for side by side; two requests for the same file
 * share one load. Each load is isolated: a file that runs the heap out or overflows the stack
 * while it is parsed and compiled, or that fails in any other way, gives a failed load naming the
 * file and the cause, and the cache and the other loads go on. Thread-safe.
 */
public final class SitePolicyCache implements AutoCloseable {

  /** What one robots.txt gave, and the heap it is estimated to hold. */
  private record Entry(Loaded<SitePolicy> site, int weight) {}

  /** The weight of an entry that holds no compiled file: a failure, or an unfetched robots.txt. */
  private static final int SMALL = 1024;

  private final SiteLoader loader;
  private final SiteFiles files;
  private final LoadedSite shared;
  private final List<PolicySource> others = new ArrayList<>();
  private final ExecutorService pool;
  private final AsyncCache<String, Entry> cache;

  SitePolicyCache(SiteLoader loader, SiteFiles files, long maxBytes, int threads) {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be positive: " + threads);
    }
    this.loader = Objects.requireNonNull(loader, "loader");
    this.files = files;
    this.shared = loader.load(files);
    shared.policy().ifPresent(p -> others.addAll(p.sources()));
    this.pool = Executors.newFixedThreadPool(threads, daemons());
    this.cache = Caffeine.newBuilder()
        .maximumWeight(maxBytes)
        .weigher((String robots, Entry e) -> e.weight())
        .executor(Runnable::run)
        .buildAsync();
  }

  /**
   * The load of the sources every site of this cache shares (all but the robots.txt): its
   * failure, if one could not be read, and its notices.
   *
   * @return the shared sources' load
   */
  public LoadedSite shared() {
    return shared;
  }

  /**
   * The site policy of {@code robots} with the shared sources: from the cache, or loaded on the
   * cache's threads. Never completes exceptionally: a failure is a failed {@link Loaded}.
   *
   * @param robots a robots.txt file name or http(s) URL, as {@link SiteLoader#robotsSource} reads it
   * @return the policy, or why there is none, when it is ready
   */
  public CompletableFuture<Loaded<SitePolicy>> get(String robots) {
    Objects.requireNonNull(robots, "robots");
    if (shared.failure().isPresent()) {
      return CompletableFuture.completedFuture(Loaded.failed(robots, shared.failure().get()));
    }
    return cache.get(robots, (key, ignored) -> CompletableFuture.supplyAsync(() -> load(key), pool)).thenApply(Entry::site);
  }

  /**
   * The site policy of {@code robots} when the cache holds it loaded already, without waiting and
   * without starting a load: the path a batch takes for nearly every request, allocation-free.
   *
   * @param robots a robots.txt file name or http(s) URL
   * @return the policy or its failure, or null when it is not loaded yet (then {@link #get})
   */
  public Loaded<SitePolicy> getIfLoaded(String robots) {
    CompletableFuture<Entry> f = cache.getIfPresent(robots);
    return f != null && f.isDone() && !f.isCompletedExceptionally() ? f.join().site() : null;
  }

  /**
   * Replaces what the cache holds for {@code robots} by a failure, so that later requests are
   * answered with it at once: for a policy that ran the heap out while deciding.
   *
   * @param robots the file name or URL
   * @param why one line naming the file and the cause
   */
  public void fail(String robots, String why) {
    cache.put(robots, CompletableFuture.completedFuture(new Entry(Loaded.failed(robots, why), SMALL)));
  }

  private Entry load(String robots) {
    try {
      SiteFileReader.Robots r = loader.readRobots(robots);
      Loaded<PolicySource> source = r.source(robots);
      Loaded<SitePolicy> site = source.map(s -> LoadedSite.assemble(Optional.of(s), others, files.clock()));
      return new Entry(site, r.weight());
    } catch (OutOfMemoryError e) {
      return new Entry(Loaded.failed(robots, outOfMemory(robots)), SMALL);
    } catch (StackOverflowError e) {
      return new Entry(Loaded.failed(robots, "cannot compile " + robots + ": the stack overflowed (please report the file)"), SMALL);
    } catch (RuntimeException e) {
      return new Entry(Loaded.failed(robots, "cannot load " + robots + ": internal error: " + e + " (please report it)"), SMALL);
    }
  }

  /**
   * The failure of a file that ran the heap out while it was read, compiled or decided with: one
   * line, naming the heap limit and how to raise it.
   *
   * @param robots the file name or URL
   * @return the message
   */
  public static String outOfMemory(String robots) {
    return "cannot compile " + robots + ": it needs more memory than the heap allows (its limit is "
        + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB; -Xmx raises it)";
  }

  /** Stops the cache's threads; loads under way are abandoned. */
  @Override
  public void close() {
    pool.shutdownNow();
  }

  private static ThreadFactory daemons() {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "acap-load-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
