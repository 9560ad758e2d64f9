package org.acapengine.hints;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A request-rate limit kept exactly as stated: at most {@code requests} requests per
 * {@code period}, optionally only inside a {@link VisitWindow}. robots.txt
 * {@code Request-rate: 1/5} is 1 request per 5 seconds; TCT {@code max_requests_per_second: 0.5}
 * is 0.5 requests per second. Comparisons are exact (no floating point).
 *
 * @param requests how many requests, positive
 * @param period in how long a time, positive
 * @param window the time of day the rate applies in, when stated
 */
public record RequestRate(BigDecimal requests, Duration period, Optional<VisitWindow> window) {

  private static final BigDecimal NANOS_PER_SECOND = BigDecimal.valueOf(1_000_000_000L);

  /**
   * Checks that no component is null; rejects invalid values (see below).
   *
   * @param requests how many requests, positive
   * @param period in how long a time, positive
   * @param window the time of day the rate applies in, when stated
   * @throws IllegalArgumentException if {@code requests} is negative or {@code period} is not positive
   */
  public RequestRate {
    Objects.requireNonNull(requests, "requests");
    Objects.requireNonNull(period, "period");
    Objects.requireNonNull(window, "window");
    if (requests.signum() < 0) {
      throw new IllegalArgumentException("a request rate cannot be negative: " + requests);
    }
    if (period.isNegative() || period.isZero()) {
      throw new IllegalArgumentException("a request-rate period must be positive: " + period);
    }
  }

  /**
   * {@code requests} per second, all day.
   *
   * @param requests requests per second, not negative
   * @return the rate, with no visit window
   */
  public static RequestRate perSecond(BigDecimal requests) {
    return new RequestRate(requests, Duration.ofSeconds(1), Optional.empty());
  }

  /**
   * The rate in requests per second (rounded to 16 significant digits; use {@link #compareRate} to compare).
   *
   * @return requests per second
   */
  public BigDecimal requestsPerSecond() {
    return requests.multiply(NANOS_PER_SECOND).divide(periodNanos(), MathContext.DECIMAL64);
  }

  /**
   * Compares the rates exactly, ignoring the windows: negative when this rate allows fewer
   * requests per unit of time than {@code other} (is more restrictive).
   *
   * @param other the rate to compare with
   * @return negative when this rate is more restrictive, 0 when equal, positive when less restrictive
   */
  public int compareRate(RequestRate other) {
    return requests.multiply(other.periodNanos()).compareTo(other.requests.multiply(periodNanos()));
  }

  private BigDecimal periodNanos() {
    return new BigDecimal(period.getSeconds()).multiply(NANOS_PER_SECOND).add(BigDecimal.valueOf(period.getNano()));
  }
}
