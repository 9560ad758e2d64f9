package org.acapengine.eval.match;

import java.util.Objects;

/**
 * The part of a request URL that robots.txt rules are matched against: the path with its params
 * and query, without scheme, authority and fragment (RFC 9309 section 2.2.2: "The matching MUST
 * start with the first octet of the path"), in the canonical form that {@link PathPattern#matches}
 * expects.
 *
 * <p>Extraction follows google/robotstxt's {@code GetPathParamsQuery}:
 *
 * <ul>
 *   <li>two leading slashes ({@code //host/p}) introduce an authority, which is dropped;
 *   <li>{@code ://} introduces an authority (and ends a scheme) only when no {@code /}, {@code ?}
 *       or {@code ;} comes before it; the authority runs to the first {@code /}, {@code ?} or
 *       {@code ;};
 *   <li>anything else before the first {@code /}, {@code ?} or {@code ;} is taken as a host name:
 *       {@code example.com/a} gives {@code /a}, and so does {@code a/a};
 *   <li>the result runs from there to the first {@code #}; it always starts with {@code /} (one is
 *       put before a leading {@code ?} or {@code ;});
 *   <li>no path at all gives {@code /}: {@code http://h}, {@code example.com}, {@code ""}, {@code
 *       #frag}, and any other garbage without {@code /}, {@code ?} or {@code ;}. A {@code #}
 *       before the path also gives {@code /}.
 * </ul>
 *
 * <p>Nothing is resolved or validated: dot segments, backslashes, ports and user info are kept or
 * dropped as the rules above say, and no input makes {@link #of} throw (except {@code null}).
 *
 * <p>The extracted path is then put in canonical form: a literal {@code *} becomes {@code %2A}
 * and a literal {@code $} becomes {@code %24} (in a URL they are plain data, and RFC 9309 section
 * 2.2.3 has robots.txt authors match them verbatim as {@code %2A} and {@code %24}), and the result
 * is normalised with {@link PercentEncoding#normalise}. google/robotstxt does neither: it expects
 * its caller to percent-encode the URL, and compares {@code *} and {@code $} as written.
 */
public final class RequestPath {

  private RequestPath() {}

  /**
   * The canonical path-with-query of a URL or path (RFC 9309 section 2.2.2); see the class
   * comment.
   *
   * @param urlOrPath an absolute URL ({@code http://h/p?q#f}), a scheme-less one ({@code h/p}),
   *     or a path ({@code /p?q}); never rejected
   * @return the path-with-query, starting with {@code /}, percent-normalised
   */
  public static String of(String urlOrPath) {
    Objects.requireNonNull(urlOrPath, "urlOrPath");
    return PercentEncoding.normalise(escapeSpecials(extract(urlOrPath)));
  }

  /**
   * The raw path-with-query of a URL, before canonicalisation: the extraction of the class
   * comment alone, for sources that compare the path as sent (Scorpion).
   *
   * @param url an absolute URL, a network-path reference or a path
   * @return the path with query as written, {@code /} when the URL has none
   */
  public static String extract(String url) {
    Objects.requireNonNull(url, "url");
    final int n = url.length();
    int searchStart = n >= 2 && url.charAt(0) == '/' && url.charAt(1) == '/' ? 2 : 0;
    int firstDelimiter = indexOfPathStart(url, searchStart);
    int schemeEnd = url.indexOf("://", searchStart);
    int authorityStart;
    if (schemeEnd < 0 || (firstDelimiter >= 0 && firstDelimiter < schemeEnd)) {
      authorityStart = searchStart;
    } else {
      authorityStart = schemeEnd + 3;
    }
    int pathStart = indexOfPathStart(url, authorityStart);
    if (pathStart < 0) {
      return "/";
    }
    int hash = url.indexOf('#', searchStart);
    if (hash >= 0 && hash < pathStart) {
      return "/";
    }
    int pathEnd = hash < 0 ? n : hash;
    if (url.charAt(pathStart) != '/') {
      return "/" + url.substring(pathStart, pathEnd);
    }
    return url.substring(pathStart, pathEnd);
  }

  private static int indexOfPathStart(String url, int from) {
    for (int i = from; i < url.length(); i++) {
      char c = url.charAt(i);
      if (c == '/' || c == '?' || c == ';') {
        return i;
      }
    }
    return -1;
  }

  /**
   * The path-with-query as a client sends it: {@link #extract}, with the octets that cannot go on
   * the wire as they are (non-ASCII as UTF-8, space, controls, DEL) written as {@code %XX}, and
   * nothing else changed: no decoding, no case change of hex, {@code *} and {@code $} literal. For
   * sources that compare the URL as sent, byte for byte (Scorpion, docs/adapters.md).
   *
   * @param urlOrPath an absolute URL or a path
   * @return the path with query, encoded for the wire
   */
  public static String asSent(String urlOrPath) {
    return wire(extract(urlOrPath));
  }

  /**
   * A URL's path in both forms, from one extraction: what a query needs ({@code Query.Builder#url}).
   *
   * @param canonical {@link #of}
   * @param asSent {@link #asSent}
   */
  public record Forms(String canonical, String asSent) {}

  /**
   * {@link #of} and {@link #asSent} of the same URL, reading it once.
   *
   * @param urlOrPath an absolute URL or a path
   * @return both forms
   */
  public static Forms forms(String urlOrPath) {
    String raw = extract(urlOrPath);
    return new Forms(PercentEncoding.normalise(escapeSpecials(raw)), wire(raw));
  }

  /** {@link #asSent} of an extracted path. */
  private static String wire(String raw) {
    int i = 0;
    while (i < raw.length() && raw.charAt(i) > 0x20 && raw.charAt(i) < 0x7F) {
      i++;
    }
    if (i == raw.length()) {
      return raw;
    }
    StringBuilder out = new StringBuilder(raw.length() + 16).append(raw, 0, i);
    for (byte b : raw.substring(i).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if (c > 0x20 && c < 0x7F) {
        out.append((char) c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16))).append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return out.toString();
  }

  /** Writes literal {@code *} and {@code $} as {@code %2A} and {@code %24}. */
  private static String escapeSpecials(String path) {
    int i = 0;
    final int n = path.length();
    while (i < n && path.charAt(i) != '*' && path.charAt(i) != '$') {
      i++;
    }
    if (i == n) {
      return path;
    }
    StringBuilder out = new StringBuilder(n + 8).append(path, 0, i);
    for (; i < n; i++) {
      char c = path.charAt(i);
      if (c == '*') {
        out.append("%2A");
      } else if (c == '$') {
        out.append("%24");
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
