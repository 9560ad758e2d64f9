package org.acapengine.eval.match;

import java.util.Objects;

/**
 * Crawler names: the product token that a {@code User-agent:} value (RFC 9309 section 2.2.1) or
 * an {@code ACAP-crawler:} name (ACAP 1.0 part 1, section 2.3.1) stands for, and how two tokens
 * are compared.
 *
 * <p>RFC 9309 section 2.2.1: a product token "MUST contain only uppercase and lowercase letters
 * ("a-z" and "A-Z"), underscores ("_"), and hyphens ("-")", and crawlers "MUST use
 * case-insensitive matching to find the group that matches the product token". The RFC does not
 * say how to read a value that is not a bare token ({@code Googlebot/2.1}, {@code Foo Bar}); this
 * class reads it as google/robotstxt does ({@code ExtractUserAgent}): the token is the leading run
 * of {@code [A-Za-z_-]}.
 */
public final class ProductToken {

  /** The value that addresses every crawler without a group of its own. */
  public static final String WILDCARD = "*";

  private ProductToken() {}

  /**
   * The product token that a {@code User-agent:} value or an {@code ACAP-crawler:} name names
   * (RFC 9309 section 2.2.1; ACAP 1.0 part 1 section 2.3.1).
   *
   * <ul>
   *   <li>leading ASCII whitespace is skipped (google's parser strips it off the value);
   *   <li>{@code *}, alone or followed by whitespace ({@code * # all}, {@code * foo}), gives
   *       {@link #WILDCARD};
   *   <li>otherwise the token is the leading run of ASCII letters, {@code _} and {@code -}:
   *       {@code MSNPTC/1.0} gives {@code MSNPTC}, {@code Foo Bar} gives {@code Foo}, {@code
   *       Googlebot-Image/1.0} gives {@code Googlebot-Image}, {@code Bücherbot} gives {@code B};
   *   <li>a value that starts with anything else ({@code 123bot}, {@code *bot}, {@code /}, or an
   *       empty value) gives the empty string, which names no crawler: {@link #sameCrawler} is
   *       false for it.
   * </ul>
   *
   * @param userAgentValue the field value, comments already removed
   * @return the token, possibly empty; the same instance when the value is exactly a token
   */
  public static String of(String userAgentValue) {
    Objects.requireNonNull(userAgentValue, "userAgentValue");
    final String v = userAgentValue;
    final int n = v.length();
    int start = 0;
    while (start < n && isAsciiWhitespace(v.charAt(start))) {
      start++;
    }
    boolean wildcard = start < n
        && v.charAt(start) == '*'
        && (start + 1 == n || isAsciiWhitespace(v.charAt(start + 1)));
    if (wildcard) {
      return WILDCARD;
    }
    int end = start;
    while (end < n && isTokenChar(v.charAt(end))) {
      end++;
    }
    return v.substring(start, end);
  }

  /**
   * True when {@code token} is a valid product token for a crawler to call itself by (RFC 9309
   * section 2.2.1): one or more ASCII letters, {@code _} or {@code -}. False for {@link
   * #WILDCARD}, which is not a crawler's name, for the empty string and for anything with a
   * digit, {@code /}, whitespace or non-ASCII in it (as google's {@code IsValidUserAgentToObey}).
   */
  public static boolean isValidProductToken(String token) {
    if (token == null || token.isEmpty()) {
      return false;
    }
    for (int i = 0; i < token.length(); i++) {
      if (!isTokenChar(token.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * True when two product tokens name the same crawler: equal up to ASCII case (RFC 9309 section
   * 2.2.1; ACAP 1.0 part 1 section 2.3.1 note: crawler names are "not case-sensitive"). The tokens
   * are compared as given, not extracted with {@link #of}; an empty token matches nothing, and
   * {@link #WILDCARD} only matches itself (deciding that {@code *} applies is the caller's
   * business). Only ASCII letters are folded, so {@code ſ} (U+017F) is not {@code s} and the
   * Kelvin sign is not {@code K}, unlike {@link String#equalsIgnoreCase}.
   */
  public static boolean sameCrawler(String a, String b) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    if (a.isEmpty() || a.length() != b.length()) {
      return false;
    }
    for (int i = 0; i < a.length(); i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y && foldAscii(x) != foldAscii(y)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isTokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
  }

  /** The whitespace that google's parser strips ({@code absl::ascii_isspace}). */
  private static boolean isAsciiWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == '\f';
  }

  private static char foldAscii(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
  }
}
