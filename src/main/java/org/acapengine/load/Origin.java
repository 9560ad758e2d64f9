package org.acapengine.load;

import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The authority a robots.txt speaks for: scheme, host and port (RFC 9309 2.3: "the rules apply
 * only to the host, protocol, and port number where the file is hosted"). The host is lower-cased
 * and in its ASCII (punycode) form; the port is explicit (80 for http, 443 for https when the URL
 * gives none), so {@code http://Example.com/} and {@code http://example.com:80/x} are one origin.
 *
 * @param scheme {@code http} or {@code https}
 * @param host the host name or address, lower-case ASCII; an IPv6 address without brackets
 * @param port the port, 1 to 65535
 */
public record Origin(String scheme, String host, int port) {

  /**
   * Checks the scheme is http or https, the host is not empty and the port is in 1..65535.
   *
   * @param scheme {@code http} or {@code https}
   * @param host the host name or address, lower-case ASCII; an IPv6 address without brackets
   * @param port the port, 1 to 65535
   * @throws IllegalArgumentException when one of them is not
   */
  public Origin {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(host, "host");
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException("an origin is http or https, not '" + scheme + "'");
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("an origin has a host");
    }
    if (port < 1 || port > 65_535) {
      throw new IllegalArgumentException("port " + port + " is outside 1 to 65535");
    }
  }

  /**
   * The origin of an absolute http or https URL; empty for anything else (no scheme, no host, another scheme, unparsable).
   *
   * @param url any text, possibly hostile
   * @return the origin, or empty
   */
  public static Optional<Origin> parse(String url) {
    if (url == null || url.length() > 8192) {
      return Optional.empty();
    }
    try {
      return of(new URI(url.strip()));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  /**
   * The origin of an absolute http or https URI; empty for anything else.
   *
   * @param uri any URI
   * @return the origin, or empty
   */
  public static Optional<Origin> of(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return Optional.empty();
    }
    String host = uri.getHost();
    if (host == null) {
      // java.net.URI leaves non-ASCII ("IDN") hosts as a registry-based authority.
      host = hostOfAuthority(uri.getRawAuthority());
    }
    if (host == null || host.isEmpty()) {
      return Optional.empty();
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    } else {
      for (int i = 0; i < host.length(); i++) {
        char c = host.charAt(i);
        if (c <= ' ' || c == 0x7f || ":/?#[]@%\\".indexOf(c) >= 0) {
          return Optional.empty();
        }
      }
      try {
        host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
    }
    int port = uri.getPort() >= 0 ? uri.getPort() : portOfAuthority(uri.getRawAuthority(), scheme);
    if (port < 1 || port > 65_535 || host.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Origin(scheme, host.toLowerCase(Locale.ROOT), port));
  }

  /**
   * The URL of this origin's robots.txt (RFC 9309 2.3: at the top-level path "/robots.txt").
   *
   * @return {@code scheme://host[:port]/robots.txt}, the port written only when it is not the
   *         scheme's default
   */
  public URI robotsTxt() {
    return URI.create(this + "/robots.txt");
  }

  /** {@code scheme://host[:port]}, the port left out when it is the scheme's default. */
  @Override
  public String toString() {
    String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    boolean defaultPort = (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
    return scheme + "://" + h + (defaultPort ? "" : ":" + port);
  }

  private static String hostOfAuthority(String authority) {
    if (authority == null) {
      return null;
    }
    String a = authority.substring(authority.lastIndexOf('@') + 1);
    int colon = a.lastIndexOf(':');
    return colon >= 0 && !a.endsWith("]") ? a.substring(0, colon) : a;
  }

  private static int portOfAuthority(String authority, String scheme) {
    if (authority != null) {
      String a = authority.substring(authority.lastIndexOf('@') + 1);
      int colon = a.lastIndexOf(':');
      if (colon >= 0 && !a.endsWith("]") && colon + 1 < a.length()) {
        try {
          return Integer.parseInt(a.substring(colon + 1));
        } catch (NumberFormatException e) {
          return -1;
        }
      }
    }
    return scheme.equals("http") ? 80 : 443;
  }
}
