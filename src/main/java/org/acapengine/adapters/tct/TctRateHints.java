package org.acapengine.adapters.tct;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.hints.RequestRate;

/**
 * The descriptor's {@code rate_hints} object in the shape the draft shows
 * (tct-collab-tunnel-draft.txt, policy descriptor): {@code max_requests_per_second} (a
 * non-negative number, fractions allowed), {@code max_requests_per_day} (a non-negative integer)
 * and a free-text {@code note}. {@code null} means "no limit stated", as in the draft's example.
 * The draft calls all of it advisory and non-binding.
 *
 * @param maxRequestsPerSecond {@code max_requests_per_second}, with the line it came from; empty
 *     for {@code null} or absent
 * @param maxRequestsPerDay {@code max_requests_per_day}, with the line it came from; empty for
 *     {@code null} or absent
 * @param note the free-text {@code note}, if any
 */
public record TctRateHints(
    Optional<Hint<BigDecimal>> maxRequestsPerSecond, Optional<Hint<Long>> maxRequestsPerDay, Optional<String> note) {

  private static final TctRateHints NONE = new TctRateHints(Optional.empty(), Optional.empty(), Optional.empty());

  /**
   * Checks that no component is null.
   *
   * @param maxRequestsPerSecond {@code max_requests_per_second}, with the line it came from; empty
   *     for {@code null} or absent
   * @param maxRequestsPerDay {@code max_requests_per_day}, with the line it came from; empty for
   *     {@code null} or absent
   * @param note the free-text {@code note}, if any
   */
  public TctRateHints {
    Objects.requireNonNull(maxRequestsPerSecond, "maxRequestsPerSecond");
    Objects.requireNonNull(maxRequestsPerDay, "maxRequestsPerDay");
    Objects.requireNonNull(note, "note");
  }

  /**
   * Hints for a descriptor that states none.
   *
   * @return the shared empty instance
   */
  public static TctRateHints none() {
    return NONE;
  }

  /**
   * True when no hint and no note is stated.
   *
   * @return true when every component is empty
   */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /**
   * The hints as {@link CrawlHints}: per-second as a request rate, per-day as requests per day.
   *
   * @return the hints, or {@link CrawlHints#none()} when neither rate is stated
   */
  public CrawlHints toCrawlHints() {
    CrawlHints hints = CrawlHints.none();
    if (maxRequestsPerSecond.isPresent()) {
      Hint<BigDecimal> h = maxRequestsPerSecond.get();
      hints = hints.withRequestRate(new Hint<>(RequestRate.perSecond(h.value()), h.source()));
    }
    if (maxRequestsPerDay.isPresent()) {
      hints = hints.withRequestsPerDay(maxRequestsPerDay.get());
    }
    return hints;
  }
}
