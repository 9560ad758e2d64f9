package org.acapengine.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Fetches a permissions reference (or any policy file) over HTTP(S): http and https only,
 * timeouts on connecting and on the whole request, at most {@code maxBytes + 1} bytes read, at
 * most five redirects. Used only where a user asked for network access. A robots.txt named by URL
 * is fetched by {@link RobotsFetcher} instead, whose RFC 9309 outcomes (unavailable, unreachable)
 * a referenced file does not have: a reference that cannot be fetched is unresolved (2.3.2).
 */
public final class HttpResolver implements ReferenceResolver {

  private final HttpClient client;
  private final Duration timeout;
  private final long maxBytes;

  /**
   * A resolver with its own HTTP client.
   *
   * @param timeout the connect timeout, and the timeout of each whole request
   * @param maxBytes the content bytes accepted; one more is read so that the caller can tell a file
   *     is too large
   */
  public HttpResolver(Duration timeout, long maxBytes) {
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.maxBytes = maxBytes;
    this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
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
   * @return the loaded bytes named by the URL, or the reason it failed; never throws
   */
  public Result fetch(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return new Result.Failed("only http and https URLs are fetched, not '" + uri + "'");
    }
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("User-Agent", "acap-engine").GET().build();
    try {
      HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = response.body()) {
        if (response.statusCode() / 100 != 2) {
          return new Result.Failed(uri + " answered HTTP " + response.statusCode());
        }
        byte[] content = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, maxBytes + 1));
        return new Result.Loaded(uri.toString(), content);
      }
    } catch (IOException e) {
      // The JDK leaves many messages empty (a refused connection has none): name the failure.
      return new Result.Failed("cannot fetch " + uri + ": " + RobotsFetcher.describe(e, FetchOptions.defaults().withTimeouts(timeout, timeout)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result.Failed("interrupted while fetching " + uri);
    }
  }

  private static URI base(String referencingSource) throws URISyntaxException {
    if (!LocalFileResolver.hasScheme(referencingSource)) {
      throw new URISyntaxException(referencingSource, "the robots.txt was not read from a URL, so a path has no host");
    }
    return new URI(referencingSource);
  }
}
