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
    Origin plain = plain(url);
    return plain != null ? Optional.of(plain) : parseByUri(url);
  }

  /**
   * The origin of an absolute http or https URL read from its scheme and authority, whatever its
   * path, query and fragment hold: {@link #parse}, else {@link #parse} of the URL cut at the first
   * {@code /}, {@code ?} or {@code #} after {@code ://}. For the URLs a crawler meets whose path or
   * query holds characters java.net.URI refuses ({@code |}, braces, a space, a {@code %} without
   * two hex digits): their origin's robots.txt decides them all the same.
   *
   * @param url any text, possibly hostile
   * @return the origin, or empty
   */
  static Optional<Origin> parseIgnoringPath(String url) {
    Optional<Origin> whole = parse(url);
    if (whole.isPresent() || url == null || url.length() > 8192) {
      return whole;
    }
    String u = url.strip();
    int start = u.indexOf("://");
    if (start < 0) {
      return Optional.empty();
    }
    int end = start + 3;
    while (end < u.length() && "/?#".indexOf(u.charAt(end)) < 0) {
      end++;
    }
    return parse(u.substring(0, end));
  }

  /** {@link #parse} by java.net.URI and {@link IDN}, for any URL. */
  static Optional<Origin> parseByUri(String url) {
    try {
      return of(new URI(url.strip()));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  /**
   * The origin of a URL written as most URLs a crawler meets are, read in one pass without
   * java.net.URI (which a scheduler's {@code decide} paid for on every URL): {@code http://} or
   * {@code https://}; a host name in lower case as java.net.URI reads one (labels of 1 to 63
   * letters, digits and inner hyphens, the last starting with a letter), which {@link IDN} leaves
   * as it is; an optional port of 1 to 5 digits, 1 to 65535; then nothing, or a path, query and
   * fragment of characters java.net.URI takes as they are ({@code %} with two hex digits, one
   * {@code #}). Anything else (upper case, an address, user information, other characters) is
   * null, and {@link #parse} reads it by {@link #parseByUri}: both give the same origin
   * (OriginTest).
   */
  static Origin plain(String url) {
    long read = readPlain(url);
    if (read < 0) {
      return null;
    }
    boolean https = url.charAt(4) == 's';
    return new Origin(https ? "https" : "http", url.substring(https ? 8 : 7, plainHostEnd(read)), plainPort(read));
  }

  /** Bits of {@link #readPlain}'s answer that hold the port; the host's end is above them. */
  private static final int PORT_BITS = 17;

  /**
   * {@link #plain} without making the origin: -1 when {@link #plain} is null, else where the host
   * ends in {@code url} ({@link #plainHostEnd}; it starts after {@code http://} or {@code
   * https://}) and the port ({@link #plainPort}), in one long. For {@link OriginSlot#key(String)},
   * which needs neither the origin nor its host.
   */
  static long readPlain(String url) {
    int i;
    boolean https;
    if (url.startsWith("https://")) {
      https = true;
      i = 8;
    } else if (url.startsWith("http://")) {
      https = false;
      i = 7;
    } else {
      return -1;
    }
    final int n = url.length();
    int label = i;
    char c = 0;
    for (; i < n; i++) {
      c = url.charAt(i);
      if (c == '.') {
        if (!hostLabel(url, label, i, false)) {
          return -1;
        }
        label = i + 1;
      } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
        break;
      }
    }
    final int hostEnd = i;
    if (!hostLabel(url, label, hostEnd, true)) {
      return -1;
    }
    int port = https ? 443 : 80;
    if (i < n && c == ':') {
      int digits = 0;
      port = 0;
      for (i++; i < n && (c = url.charAt(i)) >= '0' && c <= '9'; i++) {
        port = port * 10 + (c - '0');
        digits++;
      }
      if (digits == 0 || digits > 5 || port < 1 || port > 65_535) {
        return -1;
      }
    }
    if (i < n && c != '/' && c != '?' && c != '#') {
      return -1;
    }
    boolean fragment = false;
    for (; i < n; i++) {
      c = url.charAt(i);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~!$&'()*+,;=:@/?".indexOf(c) >= 0) {
        continue;
      }
      if (c == '%' && i + 2 < n && Character.digit(url.charAt(i + 1), 16) >= 0 && Character.digit(url.charAt(i + 2), 16) >= 0
          && url.charAt(i + 1) < 0x80 && url.charAt(i + 2) < 0x80) {
        i += 2;
      } else if (c == '#' && !fragment) {
        fragment = true;
      } else {
        return -1;
      }
    }
    return (long) hostEnd << PORT_BITS | port;
  }

  /** Where the host ends, from {@link #readPlain}'s answer. */
  static int plainHostEnd(long read) {
    return (int) (read >>> PORT_BITS);
  }

  /** The port, from {@link #readPlain}'s answer. */
  static int plainPort(long read) {
    return (int) (read & ((1 << PORT_BITS) - 1));
  }

  /** Whether {@code url[from, to)} is a label of a host name as java.net.URI reads one: 1 to 63 characters, no hyphen first or last, a letter first if it is the last. */
  private static boolean hostLabel(String url, int from, int to, boolean last) {
    if (to == from || to - from > 63 || url.charAt(from) == '-' || url.charAt(to - 1) == '-') {
      return false;
    }
    return !last || (url.charAt(from) >= 'a' && url.charAt(from) <= 'z');
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
