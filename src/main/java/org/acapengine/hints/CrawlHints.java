package org.acapengine.hints;

import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.acapengine.model.SourceLine;

/**
 * The crawl-rate hints that apply to one crawler, one typed value per kind, each optional and each
 * carrying its {@link SourceLine}. Sources: robots.txt {@code Crawl-delay}/{@code Request-rate}
 * ({@link RobotsTxtHintReader}), the Scorpion {@code /.special/crawl} numbers {@code N P D R w}
 * (scorpion-protocol.txt, "Automated crawling") and the TCT {@code rate_hints} object
 * (tct-collab-tunnel-draft.txt, policy descriptor). All of them are advisory.
 *
 * <p>{@link #merge} keeps, for every kind, the most restrictive value and its source. What
 * "restrictive" means per kind is given on each component:
 *
 * @param minDelay minimum delay between the end of one request and the next (robots.txt
 *     {@code Crawl-delay}, Scorpion {@code D}); longer is more restrictive
 * @param requestRate maximum request rate, exact, possibly windowed (robots.txt
 *     {@code Request-rate}, TCT {@code max_requests_per_second}); fewer requests per second is more
 *     restrictive; windows are ignored when comparing (a windowed limit counts as if always in force)
 * @param requestsPerDay maximum requests per day (TCT {@code max_requests_per_day}); lower is more
 *     restrictive
 * @param maxParallelDownloads maximum simultaneous downloads (Scorpion {@code P}); lower is more
 *     restrictive
 * @param maxFiles maximum number of files to download (Scorpion {@code N}); lower is more
 *     restrictive
 * @param revisitInterval minimum time from starting a crawl of the site to starting it over
 *     (Scorpion {@code R}); longer is more restrictive
 * @param policyRefetchInterval how long a fetched policy file may be used before it is fetched
 *     again (Scorpion {@code w}); <em>shorter</em> is more restrictive: it bounds how stale the
 *     policy a crawler obeys may be, and a fresher policy can only add the publisher's newer
 *     restrictions
 */
public record CrawlHints(
    Optional<Hint<Duration>> minDelay,
    Optional<Hint<RequestRate>> requestRate,
    Optional<Hint<Long>> requestsPerDay,
    Optional<Hint<Long>> maxParallelDownloads,
    Optional<Hint<Long>> maxFiles,
    Optional<Hint<Duration>> revisitInterval,
    Optional<Hint<Duration>> policyRefetchInterval) {

  private static final CrawlHints NONE =
      new CrawlHints(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
          Optional.empty(), Optional.empty(), Optional.empty());

  /**
   * Checks that no component is null.
   *
   * @param minDelay minimum delay between the end of one request and the next (robots.txt
   *     {@code Crawl-delay}, Scorpion {@code D}); longer is more restrictive
   * @param requestRate maximum request rate, exact, possibly windowed (robots.txt
   *     {@code Request-rate}, TCT {@code max_requests_per_second}); fewer requests per second is more
   *     restrictive; windows are ignored when comparing (a windowed limit counts as if always in force)
   * @param requestsPerDay maximum requests per day (TCT {@code max_requests_per_day}); lower is more
   *     restrictive
   * @param maxParallelDownloads maximum simultaneous downloads (Scorpion {@code P}); lower is more
   *     restrictive
   * @param maxFiles maximum number of files to download (Scorpion {@code N}); lower is more
   *     restrictive
   * @param revisitInterval minimum time from starting a crawl of the site to starting it over
   *     (Scorpion {@code R}); longer is more restrictive
   * @param policyRefetchInterval how long a fetched policy file may be used before it is fetched
   *     again (Scorpion {@code w}); <em>shorter</em> is more restrictive: it bounds how stale the
   *     policy a crawler obeys may be, and a fresher policy can only add the publisher's newer
   *     restrictions
   */
  public CrawlHints {
    Objects.requireNonNull(minDelay, "minDelay");
    Objects.requireNonNull(requestRate, "requestRate");
    Objects.requireNonNull(requestsPerDay, "requestsPerDay");
    Objects.requireNonNull(maxParallelDownloads, "maxParallelDownloads");
    Objects.requireNonNull(maxFiles, "maxFiles");
    Objects.requireNonNull(revisitInterval, "revisitInterval");
    Objects.requireNonNull(policyRefetchInterval, "policyRefetchInterval");
  }

  /**
   * No hints at all.
   *
   * @return the empty hints
   */
  public static CrawlHints none() {
    return NONE;
  }

  /**
   * True when no kind has a value.
   *
   * @return true when every kind is empty
   */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /**
   * These hints with the minimum delay between requests set.
   *
   * @param hint the value and its source line
   * @return the new hints; this object is unchanged
   */
  public CrawlHints withMinDelay(Hint<Duration> hint) {
    return new CrawlHints(Optional.of(hint), requestRate, requestsPerDay, maxParallelDownloads, maxFiles, revisitInterval, policyRefetchInterval);
  }

  /**
   * These hints with the request rate set.
   *
   * @param hint the value and its source line
   * @return the new hints; this object is unchanged
   */
  public CrawlHints withRequestRate(Hint<RequestRate> hint) {
    return new CrawlHints(minDelay, Optional.of(hint), requestsPerDay, maxParallelDownloads, maxFiles, revisitInterval, policyRefetchInterval);
  }

  /**
   * These hints with the largest number of requests per day set.
   *
   * @param hint the value and its source line
   * @return the new hints; this object is unchanged
   */
  public CrawlHints withRequestsPerDay(Hint<Long> hint) {
    return new CrawlHints(minDelay, requestRate, Optional.of(hint), maxParallelDownloads, maxFiles, revisitInterval, policyRefetchInterval);
  }

  /**
   * These hints with the largest number of parallel downloads set.
   *
   * @param hint the value and its source line
   * @return the new hints; this object is unchanged
   */
  public CrawlHints withMaxParallelDownloads(Hint<Long> hint) {
    return new CrawlHints(minDelay, requestRate, requestsPerDay, Optional.of(hint), maxFiles, revisitInterval, policyRefetchInterval);
  }

  /**
   * These hints with the largest number of files to fetch set.
   *
   * @param hint the value and its source line
   * @return the new hints; this object is unchanged
   */
  public CrawlHints withMaxFiles(Hint<Long> hint) {
    return new CrawlHints(minDelay, requestRate, requestsPerDay, maxParallelDownloads, Optional.of(hint), revisitInterval, policyRefetchInterval);
  }

  /**
   * These hints with the interval between revisits set.
   *
   * @param hint the value and its source line
   * @return the new hints; this object is unchanged
   */
  public CrawlHints withRevisitInterval(Hint<Duration> hint) {
    return new CrawlHints(minDelay, requestRate, requestsPerDay, maxParallelDownloads, maxFiles, Optional.of(hint), policyRefetchInterval);
  }

  /**
   * These hints with the interval after which the policy is fetched again set.
   *
   * @param hint the value and its source line
   * @return the new hints; this object is unchanged
   */
  public CrawlHints withPolicyRefetchInterval(Hint<Duration> hint) {
    return new CrawlHints(minDelay, requestRate, requestsPerDay, maxParallelDownloads, maxFiles, revisitInterval, Optional.of(hint));
  }

  /**
   * {@link #merge(List)} of the arguments.
   *
   * @param hints the hints to merge, in the order their sources are cited
   * @return the most restrictive value of each kind
   */
  public static CrawlHints merge(CrawlHints... hints) {
    return merge(Arrays.asList(hints));
  }

  /**
   * The most restrictive value of each kind over all {@code hints}, keeping the winning value's
   * source. On a tie the value that comes first in the list wins (so callers list their sources in
   * the order they want cited).
   *
   * @param hints the hints to merge, in the order their sources are cited
   * @return the most restrictive value of each kind
   */
  public static CrawlHints merge(List<CrawlHints> hints) {
    Comparator<Duration> longer = Comparator.reverseOrder();
    Comparator<Duration> shorter = Comparator.naturalOrder();
    Comparator<Long> lower = Comparator.naturalOrder();
    return new CrawlHints(
        strictest(hints, CrawlHints::minDelay, longer),
        strictest(hints, CrawlHints::requestRate, RequestRate::compareRate),
        strictest(hints, CrawlHints::requestsPerDay, lower),
        strictest(hints, CrawlHints::maxParallelDownloads, lower),
        strictest(hints, CrawlHints::maxFiles, lower),
        strictest(hints, CrawlHints::revisitInterval, longer),
        strictest(hints, CrawlHints::policyRefetchInterval, shorter));
  }

  /** The first value that no later value beats; {@code moreRestrictiveFirst} orders the most restrictive first. */
  private static <T> Optional<Hint<T>> strictest(
      List<CrawlHints> hints, Function<CrawlHints, Optional<Hint<T>>> kind, Comparator<T> moreRestrictiveFirst) {
    Hint<T> best = null;
    for (CrawlHints h : hints) {
      Optional<Hint<T>> candidate = kind.apply(h);
      if (candidate.isPresent()
          && (best == null || moreRestrictiveFirst.compare(candidate.get().value(), best.value()) < 0)) {
        best = candidate.get();
      }
    }
    return Optional.ofNullable(best);
  }
}
