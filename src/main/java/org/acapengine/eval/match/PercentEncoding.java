package org.acapengine.eval.match;

import java.util.Objects;

/**
 * Percent-encoding normalisation of request paths and path patterns, so that both sides of a
 * comparison use one spelling for one octet sequence (RFC 9309 section 2.2.2, RFC 3986 sections
 * 2.1, 2.3 and 6.2.2).
 *
 * <p>{@link #normalise(String)} applies, in one left-to-right pass:
 *
 * <ul>
 *   <li>{@code %XX} (two hex digits) naming an <em>unreserved</em> octet ({@code ALPHA DIGIT - . _
 *       ~}, RFC 3986 section 2.3) is decoded: {@code %62%61%7A} becomes {@code baz} (RFC 9309
 *       section 2.2.2, table 1, last row);
 *   <li>any other {@code %XX} keeps its encoding with the hex digits upper-cased: {@code %2f}
 *       becomes {@code %2F}, {@code %e3} becomes {@code %E3} (RFC 3986 section 6.2.2.1).
 *       Reserved characters are therefore never decoded, and never encoded either: {@code /},
 *       {@code ?}, {@code =} and the rest stay as written;
 *   <li>a character that RFC 3986 does not allow in a URI is percent-encoded: every non-ASCII
 *       character as the octets of its UTF-8 encoding ({@code ツ} becomes {@code %E3%83%84}), and
 *       the controls {@code %x00-1F}, space, DEL and the printable {@code " < > \ ^ ` { | }} as
 *       one octet each ({@code " "} becomes {@code %20}, {@code <} becomes {@code %3C}), so that
 *       {@code /a<d.html} and {@code /a%3cd.html} are one path whichever side writes which
 *       (docs/matching.md, "Characters a URI cannot hold"; google/robotstxt encodes non-ASCII
 *       only). A lone UTF-16 surrogate, which has no UTF-8 encoding, becomes the encoding of
 *       U+FFFD ({@code %EF%BF%BD});
 *   <li>a {@code %} not followed by two hex digits is left as it is, as google/robotstxt does
 *       ({@code MaybeEscapePattern}): {@code /100%} and {@code /%zz} are unchanged;
 *   <li>everything else is left as it is: RFC 3986's unreserved and reserved characters, in
 *       particular the pattern special characters {@code *} and {@code $} (RFC 9309 section
 *       2.2.3).
 * </ul>
 *
 * <p>The result is pure printable US-ASCII, so its length in chars is its length in octets (the
 * RFC 9309 "match length" of a pattern). Normalising is idempotent, except after a stray
 * {@code %} followed by encoded hex digits ({@code %%34%31} gives {@code %41}, which a second pass
 * decodes to {@code A}). Dot segments are not removed and no case other than hex digits is
 * changed.
 */
public final class PercentEncoding {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /**
   * The printable ASCII characters RFC 3986 does not allow in a URI, as a 128-bit set (bit {@code
   * c & 63} of word {@code c >> 6}): {@code " < > \ ^ ` { | }}.
   */
  private static final long[] PRINTABLE_NOT_IN_URI = bits("\"<>\\^`{|}");

  private PercentEncoding() {}

  /**
   * Normalises the percent-encoding of a path, path-with-query or path pattern (RFC 9309 section
   * 2.2.2); see the class comment for the rules.
   *
   * @param pathOrPattern the text to normalise
   * @return the normalised text: the same instance when nothing had to change
   */
  public static String normalise(String pathOrPattern) {
    Objects.requireNonNull(pathOrPattern, "pathOrPattern");
    final String s = pathOrPattern;
    final int n = s.length();
    int i = 0;
    // Fast scan: most inputs need no change.
    while (i < n) {
      char c = s.charAt(i);
      if (c == '%') {
        int hi = hexValue(s, i + 1);
        int lo = hexValue(s, i + 2);
        if (hi >= 0 && lo >= 0) {
          boolean changes = isUnreserved((hi << 4) | lo)
              || isLowerHex(s.charAt(i + 1))
              || isLowerHex(s.charAt(i + 2));
          if (changes) {
            break;
          }
          i += 3;
          continue;
        }
        i++;
      } else if (needsEncoding(c)) {
        break;
      } else {
        i++;
      }
    }
    if (i == n) {
      return s;
    }
    StringBuilder out = new StringBuilder(n + 16);
    out.append(s, 0, i);
    while (i < n) {
      char c = s.charAt(i);
      if (c == '%') {
        int hi = hexValue(s, i + 1);
        int lo = hexValue(s, i + 2);
        if (hi >= 0 && lo >= 0) {
          int octet = (hi << 4) | lo;
          if (isUnreserved(octet)) {
            out.append((char) octet);
          } else {
            appendEncoded(out, octet);
          }
          i += 3;
        } else {
          out.append('%');
          i++;
        }
      } else if (!needsEncoding(c)) {
        out.append(c);
        i++;
      } else if (c < 0x80) {
        appendEncoded(out, c);
        i++;
      } else {
        int cp;
        boolean pair = Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1));
        if (pair) {
          cp = Character.toCodePoint(c, s.charAt(i + 1));
          i += 2;
        } else {
          cp = Character.isSurrogate(c) ? 0xFFFD : c;
          i++;
        }
        appendUtf8(out, cp);
      }
    }
    return out.toString();
  }

  /** True for the RFC 3986 section 2.3 unreserved octets: ALPHA, DIGIT, "-", ".", "_", "~". */
  static boolean isUnreserved(int octet) {
    return (octet >= 'A' && octet <= 'Z')
        || (octet >= 'a' && octet <= 'z')
        || (octet >= '0' && octet <= '9')
        || octet == '-'
        || octet == '.'
        || octet == '_'
        || octet == '~';
  }

  /**
   * True for the characters RFC 3986 (section 2) does not allow in a URI: controls, space, DEL,
   * non-ASCII, and {@code " < > \ ^ ` { | }} ({@link #PRINTABLE_NOT_IN_URI}). {@code %} is the
   * caller's business.
   */
  private static boolean needsEncoding(char c) {
    return c <= 0x20 || c >= 0x7F || (PRINTABLE_NOT_IN_URI[c >> 6] >>> c & 1L) != 0;
  }

  private static long[] bits(String chars) {
    long[] set = new long[2];
    for (char c : chars.toCharArray()) {
      set[c >> 6] |= 1L << c;
    }
    return set;
  }

  private static boolean isLowerHex(char c) {
    return c >= 'a' && c <= 'f';
  }

  /** The value of the hex digit at {@code index}, or -1 when there is none there. */
  private static int hexValue(String s, int index) {
    if (index >= s.length()) {
      return -1;
    }
    char c = s.charAt(index);
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    return -1;
  }

  private static void appendEncoded(StringBuilder out, int octet) {
    out.append('%').append(HEX[(octet >> 4) & 0xF]).append(HEX[octet & 0xF]);
  }

  private static void appendUtf8(StringBuilder out, int cp) {
    if (cp < 0x80) {
      appendEncoded(out, cp);
    } else if (cp < 0x800) {
      appendEncoded(out, 0xC0 | (cp >> 6));
      appendEncoded(out, 0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      appendEncoded(out, 0xE0 | (cp >> 12));
      appendEncoded(out, 0x80 | ((cp >> 6) & 0x3F));
      appendEncoded(out, 0x80 | (cp & 0x3F));
    } else {
      appendEncoded(out, 0xF0 | (cp >> 18));
      appendEncoded(out, 0x80 | ((cp >> 12) & 0x3F));
      appendEncoded(out, 0x80 | ((cp >> 6) & 0x3F));
      appendEncoded(out, 0x80 | (cp & 0x3F));
    }
  }
}
