package org.acapengine.load;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.acapengine.parse.ParseOptions;

/**
 * How {@link RobotsFetcher} fetches a robots.txt and how long what it got stays fresh
 * (docs/fetching.md).
 *
 * @param connectTimeout the longest wait for a TCP (and TLS) connection
 * @param readTimeout the longest one request may take, from sending it to the last body byte
 *     kept; a server that drips its answer a byte at a time is cut off here
 * @param maxBytes the body bytes kept (RFC 9309 2.5: at least 500 kibibytes must be parsed);
 *     the rest is neither read into memory nor parsed
 * @param maxRedirects the redirects followed (RFC 9309 2.3.1.2: at least five); one more makes
 *     the robots.txt unavailable
 * @param userAgent the {@code User-Agent} header sent, for example {@code
 *     "ExampleBot/2.1 (+https://example.com/bot)"}
 * @param maxAge the longest a fetched robots.txt is used before it is fetched again (RFC 9309
 *     2.4: 24 hours); a shorter {@code Cache-Control: max-age} wins
 * @param minAge the shortest freshness given to any answer, so {@code max-age=0} or {@code
 *     no-store} cannot make a crawler fetch robots.txt before every page
 * @param unreachableRetry how long an unreachable answer stands before the next attempt (a
 *     {@code Retry-After} on a 429 or 503 may lengthen it, up to {@code maxAge})
 * @param refusedAddresses the address ranges no request of this fetch may go to, checked after
 *     the host name is resolved and again at every redirect; none by default (the caller's own
 *     URLs), {@link AddressRange all} for URLs someone else supplied
 */
public record FetchOptions(
    Duration connectTimeout, Duration readTimeout, long maxBytes, int maxRedirects, String userAgent,
    Duration maxAge, Duration minAge, Duration unreachableRetry, Set<AddressRange> refusedAddresses) {

  /** The {@code User-Agent} sent unless the caller names its crawler. */
  public static final String DEFAULT_USER_AGENT = "acap-engine";

  /**
   * Checks every option: durations positive, {@code minAge} between 0 and {@code maxAge}, {@code
   * maxBytes} from 1 to about 2 GiB, {@code maxRedirects} from 0 to 100, a non-blank {@code
   * userAgent} without control characters.
   *
   * @param connectTimeout the longest wait for a TCP (and TLS) connection
   * @param readTimeout the longest one request may take, from sending it to the last body byte
   *     kept; a server that drips its answer a byte at a time is cut off here
   * @param maxBytes the body bytes kept (RFC 9309 2.5: at least 500 kibibytes must be parsed);
   *     the rest is neither read into memory nor parsed
   * @param maxRedirects the redirects followed (RFC 9309 2.3.1.2: at least five); one more makes
   *     the robots.txt unavailable
   * @param userAgent the {@code User-Agent} header sent, for example {@code
   *     "ExampleBot/2.1 (+https://example.com/bot)"}
   * @param maxAge the longest a fetched robots.txt is used before it is fetched again (RFC 9309
   *     2.4: 24 hours); a shorter {@code Cache-Control: max-age} wins
   * @param minAge the shortest freshness given to any answer, so {@code max-age=0} or {@code
   *     no-store} cannot make a crawler fetch robots.txt before every page
   * @param unreachableRetry how long an unreachable answer stands before the next attempt (a
   *     {@code Retry-After} on a 429 or 503 may lengthen it, up to {@code maxAge})
   * @param refusedAddresses the address ranges no request may go to (copied)
   * @throws IllegalArgumentException when an option is out of range
   */
  public FetchOptions {
    Objects.requireNonNull(refusedAddresses, "refusedAddresses");
    refusedAddresses = refusedAddresses.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(refusedAddresses));
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(readTimeout, "readTimeout");
    Objects.requireNonNull(userAgent, "userAgent");
    Objects.requireNonNull(maxAge, "maxAge");
    Objects.requireNonNull(minAge, "minAge");
    Objects.requireNonNull(unreachableRetry, "unreachableRetry");
    positive(connectTimeout, "connectTimeout");
    positive(readTimeout, "readTimeout");
    positive(maxAge, "maxAge");
    if (minAge.isNegative() || minAge.compareTo(maxAge) > 0) {
      throw new IllegalArgumentException("minAge must be between 0 and maxAge, not " + minAge);
    }
    positive(unreachableRetry, "unreachableRetry");
    if (maxBytes < 1 || maxBytes > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("maxBytes must be between 1 and about 2 GiB, not " + maxBytes);
    }
    if (maxRedirects < 0 || maxRedirects > 100) {
      throw new IllegalArgumentException("maxRedirects must be between 0 and 100, not " + maxRedirects);
    }
    if (userAgent.isBlank() || userAgent.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw new IllegalArgumentException("the User-Agent header must be non-blank text without control characters");
    }
  }

  /**
   * The options with no address refused, as before {@code refusedAddresses} existed.
   *
   * @param connectTimeout the longest wait for a TCP (and TLS) connection
   * @param readTimeout the longest one request may take
   * @param maxBytes the body bytes kept
   * @param maxRedirects the redirects followed
   * @param userAgent the {@code User-Agent} header sent
   * @param maxAge the longest a fetched robots.txt is used
   * @param minAge the shortest freshness given to any answer
   * @param unreachableRetry how long an unreachable answer stands
   */
  public FetchOptions(Duration connectTimeout, Duration readTimeout, long maxBytes, int maxRedirects, String userAgent,
      Duration maxAge, Duration minAge, Duration unreachableRetry) {
    this(connectTimeout, readTimeout, maxBytes, maxRedirects, userAgent, maxAge, minAge, unreachableRetry, Set.of());
  }

  /**
   * Connect timeout 10 s, read timeout 30 s, 500 KiB, five redirects, {@code User-Agent:
   * acap-engine}, fresh for 24 hours (at least 1 minute), unreachable answers retried after 1 hour,
   * every address allowed.
   *
   * @return the default options
   */
  public static FetchOptions defaults() {
    return new FetchOptions(Duration.ofSeconds(10), Duration.ofSeconds(30), ParseOptions.DEFAULT_MAX_BYTES, 5, DEFAULT_USER_AGENT,
        Duration.ofHours(24), Duration.ofMinutes(1), Duration.ofHours(1));
  }

  /**
   * These options with another {@code User-Agent} header.
   *
   * @param ua the header value, non-blank, without control characters
   * @return a copy with {@link #userAgent()} replaced
   */
  public FetchOptions withUserAgent(String ua) {
    return new FetchOptions(connectTimeout, readTimeout, maxBytes, maxRedirects, ua, maxAge, minAge, unreachableRetry, refusedAddresses);
  }

  /**
   * These options with other timeouts.
   *
   * @param connect the connect timeout, positive
   * @param read the read timeout, positive
   * @return a copy with both timeouts replaced
   */
  public FetchOptions withTimeouts(Duration connect, Duration read) {
    return new FetchOptions(connect, read, maxBytes, maxRedirects, userAgent, maxAge, minAge, unreachableRetry, refusedAddresses);
  }

  /**
   * These options with another body limit.
   *
   * @param max the body bytes kept
   * @return a copy with {@link #maxBytes()} replaced
   */
  public FetchOptions withMaxBytes(long max) {
    return new FetchOptions(connectTimeout, readTimeout, max, maxRedirects, userAgent, maxAge, minAge, unreachableRetry, refusedAddresses);
  }

  /**
   * These options with another redirect limit.
   *
   * @param max the redirects followed, 0 to 100
   * @return a copy with {@link #maxRedirects()} replaced
   */
  public FetchOptions withMaxRedirects(int max) {
    return new FetchOptions(connectTimeout, readTimeout, maxBytes, max, userAgent, maxAge, minAge, unreachableRetry, refusedAddresses);
  }

  /**
   * These options with other freshness times.
   *
   * @param max the longest a fetched robots.txt is used
   * @param min the shortest freshness given to any answer, at most {@code max}
   * @param retryUnreachable how long an unreachable answer stands
   * @return a copy with the three times replaced
   */
  public FetchOptions withFreshness(Duration max, Duration min, Duration retryUnreachable) {
    return new FetchOptions(connectTimeout, readTimeout, maxBytes, maxRedirects, userAgent, max, min, retryUnreachable, refusedAddresses);
  }

  /**
   * These options refusing requests to other address ranges.
   *
   * @param ranges the ranges refused: none, or some of {@link AddressRange#values()}
   * @return a copy with {@link #refusedAddresses()} replaced
   */
  public FetchOptions withRefusedAddresses(Set<AddressRange> ranges) {
    return new FetchOptions(connectTimeout, readTimeout, maxBytes, maxRedirects, userAgent, maxAge, minAge, unreachableRetry, ranges);
  }

  private static void positive(Duration d, String name) {
    if (d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException(name + " must be positive, not " + d);
    }
  }
}
