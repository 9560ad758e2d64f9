package org.acapengine.serve;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.acapengine.load.AddressRange;
import org.acapengine.load.FetchOptions;
import org.acapengine.parse.ParseOptions;

/**
 * How {@link AcapServer} runs.
 *
 * @param bind the address to listen on (loopback unless the operator says otherwise)
 * @param port the port; 0 for any free one
 * @param threads the requests answered at once
 * @param queue the requests accepted and waiting for a thread; more are refused
 * @param fetch how robots.txt URLs are fetched ({@link org.acapengine.load.RobotsFetcher}'s limits), and
 *     the address ranges no fetch may reach, at any redirect ({@link FetchOptions#refusedAddresses()}:
 *     all of them by default, since a URL in a request comes from someone else)
 * @param maxFileBytes the largest file a request may carry (RFC 9309's 500 KiB); 413 above
 * @param maxBodyBytes the largest request body; 413 above
 * @param headerTimeout the longest the request line and headers may take to arrive once a thread
 *     has taken the connection (the JDK's server reads them on that thread, before any of this
 *     code runs); past it the connection is closed, so a client that drips its headers holds a
 *     thread no longer
 * @param bodyTimeout the longest a request body may take to arrive once its headers have; past it
 *     the connection is closed, so a client that drips its body holds a thread no longer
 * @param cacheBytes the heap, by estimate, the robots.txt files fetched for requests may hold
 *     ({@link org.acapengine.load.PolicyCache.Builder#maxBytes})
 * @param clock the clock llm-policy.json dates are read by
 */
public record ServeOptions(InetAddress bind, int port, int threads, int queue, FetchOptions fetch, long maxFileBytes,
    long maxBodyBytes, Duration headerTimeout, Duration bodyTimeout, long cacheBytes, Clock clock) {

  /** The largest request body by default: a diff's two files of 500 KiB, with room for JSON escaping. */
  public static final long DEFAULT_MAX_BODY = 2L * 1024 * 1024;

  /** The heap the robots.txt cache may hold by default: 64 MiB. */
  public static final long DEFAULT_CACHE_BYTES = 64L * 1024 * 1024;

  /**
   * How long the request line and headers may take by default: 10 seconds, time enough for any
   * client on a slow link (browsers send them in one packet).
   */
  public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);

  /** The port {@code acap serve} listens on by default. */
  public static final int DEFAULT_PORT = 8089;

  /**
   * Checks the options.
   *
   * @param bind the address
   * @param port the port, 0 to 65535
   * @param threads at least 1
   * @param queue at least 1
   * @param fetch the fetch options
   * @param maxFileBytes at least 1
   * @param maxBodyBytes at least {@code maxFileBytes}
   * @param headerTimeout positive
   * @param bodyTimeout positive
   * @param cacheBytes positive
   * @param clock the clock
   * @throws IllegalArgumentException when a value is out of range
   */
  public ServeOptions {
    Objects.requireNonNull(bind, "bind");
    Objects.requireNonNull(fetch, "fetch");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(headerTimeout, "headerTimeout");
    Objects.requireNonNull(bodyTimeout, "bodyTimeout");
    if (headerTimeout.isNegative() || headerTimeout.isZero() || bodyTimeout.isNegative() || bodyTimeout.isZero() || cacheBytes < 1) {
      throw new IllegalArgumentException("headerTimeout, bodyTimeout and cacheBytes must be positive");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("the port must be 0 to 65535, not " + port);
    }
    if (threads < 1 || queue < 1) {
      throw new IllegalArgumentException("threads and queue must be positive");
    }
    if (maxFileBytes < 1 || maxBodyBytes < maxFileBytes || maxBodyBytes > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("need 1 <= maxFileBytes <= maxBodyBytes < 2 GiB");
    }
  }

  /**
   * Loopback, port {@value #DEFAULT_PORT}, 8 threads and 256 waiting requests, the fetcher's default
   * limits with {@code User-Agent: acap-engine} and every {@link AddressRange} refused (public
   * addresses only), 500 KiB files, request headers that arrive within 10 seconds, 2 MiB bodies
   * that arrive within 30 seconds, 64 MiB of cached robots.txt files.
   *
   * @return the defaults
   */
  public static ServeOptions defaults() {
    return new ServeOptions(InetAddress.getLoopbackAddress(), DEFAULT_PORT, 8, 256, FetchOptions.defaults().withRefusedAddresses(EnumSet.allOf(AddressRange.class)), ParseOptions.DEFAULT_MAX_BYTES,
        DEFAULT_MAX_BODY, DEFAULT_HEADER_TIMEOUT, Duration.ofSeconds(30), DEFAULT_CACHE_BYTES, Clock.systemUTC());
  }

  /**
   * These options on another address and port.
   *
   * @param address the address
   * @param p the port
   * @return a copy
   */
  public ServeOptions withAddress(InetAddress address, int p) {
    return new ServeOptions(address, p, threads, queue, fetch, maxFileBytes, maxBodyBytes, headerTimeout, bodyTimeout, cacheBytes, clock);
  }

  /**
   * These options letting fetches reach some address ranges ({@code acap serve --allow-addresses}):
   * every other range stays refused.
   *
   * @param allowed the ranges a request's robots URL (and its redirects) may reach
   * @return a copy
   */
  public ServeOptions withAllowedAddresses(Set<AddressRange> allowed) {
    Set<AddressRange> refused = EnumSet.allOf(AddressRange.class);
    refused.removeAll(allowed);
    return withFetch(fetch.withRefusedAddresses(refused));
  }

  /**
   * These options with other fetch options, the refused address ranges among them.
   *
   * @param f the fetch options
   * @return a copy
   */
  public ServeOptions withFetch(FetchOptions f) {
    return new ServeOptions(bind, port, threads, queue, f, maxFileBytes, maxBodyBytes, headerTimeout, bodyTimeout, cacheBytes, clock);
  }

  /**
   * These options with another pool size.
   *
   * @param t the threads
   * @param q the waiting requests
   * @return a copy
   */
  public ServeOptions withThreads(int t, int q) {
    return new ServeOptions(bind, port, t, q, fetch, maxFileBytes, maxBodyBytes, headerTimeout, bodyTimeout, cacheBytes, clock);
  }

  /**
   * These options with another deadline for request lines and headers.
   *
   * @param t the longest they may take to arrive, positive
   * @return a copy
   */
  public ServeOptions withHeaderTimeout(Duration t) {
    return new ServeOptions(bind, port, threads, queue, fetch, maxFileBytes, maxBodyBytes, t, bodyTimeout, cacheBytes, clock);
  }

  /**
   * These options with another deadline for request bodies.
   *
   * @param t the longest a body may take to arrive, positive
   * @return a copy
   */
  public ServeOptions withBodyTimeout(Duration t) {
    return new ServeOptions(bind, port, threads, queue, fetch, maxFileBytes, maxBodyBytes, headerTimeout, t, cacheBytes, clock);
  }

  /**
   * These options with another robots.txt cache size ({@code acap serve --cache-mb}).
   *
   * @param bytes the heap, by estimate, the cache may hold; positive
   * @return a copy
   */
  public ServeOptions withCacheBytes(long bytes) {
    return new ServeOptions(bind, port, threads, queue, fetch, maxFileBytes, maxBodyBytes, headerTimeout, bodyTimeout, bytes, clock);
  }

  /**
   * These options with another clock.
   *
   * @param c the clock dated sources are read by
   * @return a copy
   */
  public ServeOptions withClock(Clock c) {
    return new ServeOptions(bind, port, threads, queue, fetch, maxFileBytes, maxBodyBytes, headerTimeout, bodyTimeout, cacheBytes, c);
  }

  /**
   * Whether the server listens on a loopback address only.
   *
   * @return true for 127.0.0.0/8 and ::1
   */
  public boolean loopbackOnly() {
    return bind.isLoopbackAddress();
  }
}
