package org.acapengine.collections;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The origin (scheme, host, port) a robots.txt governs. RFC 9309 section 2.3 places the rules at
 * {@code scheme://authority/robots.txt} and applies them to that authority under that scheme, so
 * a page on another host, scheme or port is outside the policy: the collection filters drop it as
 * off-site rather than decide it by the wrong robots.txt.
 *
 * @param scheme {@code http} or {@code https}, lower case
 * @param host the host, lower case (an IPv6 literal keeps its brackets)
 * @param port the port, with the scheme's default filled in
 */
public record SiteOrigin(String scheme, String host, int port) {

  /**
   * Checks the scheme is {@code http} or {@code https}, the host is not empty and the port is in
   * 1..65535.
   *
   * @param scheme {@code http} or {@code https}, lower case
   * @param host the host, lower case (an IPv6 literal keeps its brackets)
   * @param port the port, with the scheme's default filled in
   * @throws IllegalArgumentException when one of them is not
   */
  public SiteOrigin {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(host, "host");
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException("scheme must be http or https: " + scheme);
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port out of range: " + port);
    }
  }

  /**
   * Parses a site given on the command line: {@code https://host}, {@code https://host:8443}, or
   * any absolute http(s) URL (whose path is ignored).
   *
   * @throws IllegalArgumentException with a message fit for the user when it is not one
   * @param site the site as given
   * @return the origin
   */
  public static SiteOrigin parse(String site) {
    return ofUrl(site)
        .orElseThrow(() -> new IllegalArgumentException("not an absolute http(s) URL with a host: " + site));
  }

  /**
   * The origin of an absolute http(s) URL with a host, or empty when {@code url} is not one.
   *
   * @param url any text, possibly hostile
   * @return the origin, or empty
   */
  public static Optional<SiteOrigin> ofUrl(String url) {
    return parseHttpUrl(url).map(SiteOrigin::of);
  }

  /**
   * Parses an absolute http(s) URL that has a host (what SCP's page schema requires of {@code
   * url} and TCT of {@code cUrl}/{@code mUrl}), or returns empty. Uses {@link URI}'s hand-written
   * RFC 2396 parser; nothing here is a regular expression.
   *
   * @param url any text, possibly hostile
   * @return the URL, or empty when it is not an absolute http(s) URL with a host
   */
  public static Optional<URI> parseHttpUrl(String url) {
    if (url == null || url.isEmpty()) {
      return Optional.empty();
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
    String scheme = uri.getScheme();
    if (scheme == null || uri.isOpaque()) {
      return Optional.empty();
    }
    String lower = scheme.toLowerCase(Locale.ROOT);
    if (!lower.equals("http") && !lower.equals("https")) {
      return Optional.empty();
    }
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(uri);
  }

  private static SiteOrigin of(URI uri) {
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    int port = uri.getPort() == -1 ? defaultPort(scheme) : uri.getPort();
    return new SiteOrigin(scheme, uri.getHost().toLowerCase(Locale.ROOT), port);
  }

  /**
   * True when {@code uri} (an absolute http(s) URL with a host) is on this origin.
   *
   * @param uri the URL to test
   * @return true when scheme, host and effective port are this origin's
   */
  public boolean contains(URI uri) {
    if (uri.getScheme() == null || uri.getHost() == null) {
      return false;
    }
    String otherScheme = uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals(otherScheme)) {
      return false;
    }
    int otherPort = uri.getPort() == -1 ? defaultPort(otherScheme) : uri.getPort();
    return port == otherPort && host.equals(uri.getHost().toLowerCase(Locale.ROOT));
  }

  private static int defaultPort(String scheme) {
    return scheme.equals("https") ? 443 : 80;
  }

  /** {@code scheme://host}, with {@code :port} when it is not the scheme's default. */
  @Override
  public String toString() {
    return scheme + "://" + host + (port == defaultPort(scheme) ? "" : ":" + port);
  }
}
