package org.acapengine.load;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.acapengine.eval.CompileOptions;
import org.acapengine.parse.ParseOptions;

/**
 * How {@link SiteLoader} reads, parses and compiles a site's policy files.
 *
 * @param maxBytes robots.txt (and referenced-file) content beyond this many bytes is not parsed
 * @param fetchReferences whether permissions references that are URLs are fetched over HTTP(S)
 *     when the robots.txt came from a file (a robots.txt fetched from a URL always fetches its
 *     references: naming a URL is asking for the network)
 * @param conventionalAppliesTo the usages conventional Allow/Disallow rules apply to (ACAP 2.9)
 * @param timeout the connect and whole-request timeout of every HTTP fetch
 * @param refusedAddresses the address ranges no fetch may go to ({@link
 *     FetchOptions#refusedAddresses()}): none for URLs the caller chose, all for URLs someone else
 *     supplied (a {@code --requests} line)
 */
public record LoadOptions(long maxBytes, boolean fetchReferences, Set<String> conventionalAppliesTo, Duration timeout,
    Set<AddressRange> refusedAddresses) {

  /** The HTTP timeout unless one is given. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /**
   * Checks the limits are positive and normalises the usages (trimmed, lower case) into an
   * immutable set.
   *
   * @param maxBytes robots.txt (and referenced-file) content beyond this many bytes is not parsed
   * @param fetchReferences whether permissions references that are URLs are fetched over HTTP(S)
   *     when the robots.txt came from a file (a robots.txt fetched from a URL always fetches its
   *     references: naming a URL is asking for the network)
   * @param conventionalAppliesTo the usages conventional Allow/Disallow rules apply to (ACAP 2.9)
   * @param timeout the connect and whole-request timeout of every HTTP fetch
   * @param refusedAddresses the address ranges no fetch may go to (copied)
   * @throws IllegalArgumentException when {@code maxBytes} or {@code timeout} is not positive
   */
  public LoadOptions {
    refusedAddresses = Set.copyOf(Objects.requireNonNull(refusedAddresses, "refusedAddresses"));
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
    conventionalAppliesTo = conventionalAppliesTo.stream().map(u -> u.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
  }

  /**
   * Options that refuse no address.
   *
   * @param maxBytes robots.txt (and referenced-file) content beyond this many bytes is not parsed
   * @param fetchReferences whether permissions references that are URLs are fetched
   * @param conventionalAppliesTo the usages conventional Allow/Disallow rules apply to (ACAP 2.9)
   * @param timeout the connect and whole-request timeout of every HTTP fetch
   */
  public LoadOptions(long maxBytes, boolean fetchReferences, Set<String> conventionalAppliesTo, Duration timeout) {
    this(maxBytes, fetchReferences, conventionalAppliesTo, timeout, Set.of());
  }

  /**
   * 500 KiB, references from files only, conventional rules for crawl, 10 s, every address allowed.
   *
   * @return the default options
   */
  public static LoadOptions defaults() {
    return new LoadOptions(ParseOptions.DEFAULT_MAX_BYTES, false, Set.of("crawl"), DEFAULT_TIMEOUT);
  }

  /**
   * These options with another size limit.
   *
   * @param n the content bytes parsed, positive
   * @return a copy with {@link #maxBytes()} replaced
   */
  public LoadOptions withMaxBytes(long n) {
    return new LoadOptions(n, fetchReferences, conventionalAppliesTo, timeout, refusedAddresses);
  }

  /**
   * These options with URL references fetched or not.
   *
   * @param fetch whether URL references of a robots.txt read from a file are fetched
   * @return a copy with {@link #fetchReferences()} replaced
   */
  public LoadOptions withFetchReferences(boolean fetch) {
    return new LoadOptions(maxBytes, fetch, conventionalAppliesTo, timeout, refusedAddresses);
  }

  /**
   * These options with other usages for the conventional rules.
   *
   * @param usages the usages conventional rules apply to (ACAP 2.9)
   * @return a copy with {@link #conventionalAppliesTo()} replaced
   */
  public LoadOptions withConventionalAppliesTo(Set<String> usages) {
    return new LoadOptions(maxBytes, fetchReferences, usages, timeout, refusedAddresses);
  }

  /**
   * These options with another HTTP timeout.
   *
   * @param t the timeout, positive
   * @return a copy with {@link #timeout()} replaced
   */
  public LoadOptions withTimeout(Duration t) {
    return new LoadOptions(maxBytes, fetchReferences, conventionalAppliesTo, t, refusedAddresses);
  }

  /**
   * These options refusing fetches to other address ranges.
   *
   * @param ranges the ranges refused
   * @return a copy with {@link #refusedAddresses()} replaced
   */
  public LoadOptions withRefusedAddresses(Set<AddressRange> ranges) {
    return new LoadOptions(maxBytes, fetchReferences, conventionalAppliesTo, timeout, ranges);
  }

  /**
   * How a robots.txt named by URL is fetched: {@link FetchOptions#defaults()} with {@link
   * #timeout()} as both the connect timeout and the whole-request deadline, and {@link
   * #maxBytes()} as the bytes kept.
   *
   * @return the fetch options
   */
  public FetchOptions fetchOptions() {
    return FetchOptions.defaults().withTimeouts(timeout, timeout).withMaxBytes(Math.min(maxBytes, Integer.MAX_VALUE - 16))
        .withRefusedAddresses(refusedAddresses);
  }

  ParseOptions parseOptions() {
    return new ParseOptions(maxBytes);
  }

  CompileOptions compileOptions() {
    return new CompileOptions(conventionalAppliesTo);
  }
}
