package org.acapengine.load;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Fetches a permissions reference (or any policy file) over HTTP(S) with the same machinery as
 * {@link RobotsFetcher}: http and https only, a connect timeout and a deadline on the whole
 * request including the last body byte (a server that drips its answer is cut off), the body read
 * as a stream and cut at {@code maxBytes + 1} bytes, at most five redirects, each to an http or
 * https URL (a redirect to any other scheme fails). Used only where a user asked for network
 * access. A referenced file has no RFC 9309 outcomes (unavailable, unreachable): any answer but
 * a 2xx leaves the reference unresolved (2.3.2), with the reason.
 */
public final class HttpResolver implements ReferenceResolver {

  /** Redirects followed for a referenced file, as RFC 9309 2.3.1.2 asks for robots.txt. */
  public static final int MAX_REDIRECTS = 5;

  private final RobotsFetcher fetcher;

  /**
   * A resolver with an HTTP client of its own.
   *
   * @param timeout the connect timeout, and the deadline of each whole request
   * @param maxBytes the content bytes accepted; one more is read so that the caller can tell a file
   *     is too large
   */
  public HttpResolver(Duration timeout, long maxBytes) {
    this(new RobotsFetcher(FetchOptions.defaults().withTimeouts(Objects.requireNonNull(timeout, "timeout"), timeout), Clock.systemUTC()), maxBytes);
  }

  /**
   * A resolver that shares {@code fetcher}'s HTTP client, timeouts and refused addresses.
   *
   * @param fetcher the fetcher whose client and options are used
   * @param maxBytes the content bytes accepted; one more is read so that the caller can tell a file
   *     is too large
   */
  public HttpResolver(RobotsFetcher fetcher, long maxBytes) {
    this.fetcher = fetcher.withOptions(fetcher.options().withMaxBytes(Math.min(Integer.MAX_VALUE - 16, maxBytes + 1)).withMaxRedirects(MAX_REDIRECTS));
  }

  @Override
  public Result load(String locator, String referencingSource) {
    URI uri;
    try {
      uri = LocalFileResolver.hasScheme(locator) ? new URI(locator) : base(referencingSource).resolve(locator);
    } catch (URISyntaxException | IllegalArgumentException e) {
      return new Result.Failed("'" + locator + "' is not a URL that can be fetched from " + referencingSource);
    }
    return fetch(uri);
  }

  /**
   * Fetches a URL; the answer's bytes, or why not.
   *
   * @param uri the URL; any scheme but http and https fails
   * @return the loaded bytes named by the URL (at most {@code maxBytes + 1}), or the reason it
   *     failed; never throws
   */
  public Result fetch(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return new Result.Failed("only http and https URLs are fetched, not '" + uri + "'");
    }
    Optional<Origin> origin = Origin.of(uri);
    if (origin.isEmpty()) {
      return new Result.Failed("'" + uri + "' names no host to fetch from");
    }
    RobotsFetch answer = fetcher.fetch(origin.get(), uri);
    if (answer instanceof RobotsFetch.Fetched f) {
      return new Result.Loaded(uri.toString(), f.body());
    }
    return new Result.Failed(answer.describe());
  }

  private static URI base(String referencingSource) throws URISyntaxException {
    if (!LocalFileResolver.hasScheme(referencingSource)) {
      throw new URISyntaxException(referencingSource, "the robots.txt was not read from a URL, so a path has no host");
    }
    return new URI(referencingSource);
  }
}
