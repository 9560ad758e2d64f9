package org.acapengine.eval.match;

import java.util.Locale;
import java.util.Objects;

/**
 * Crawler names: the crawler token that a {@code User-agent:} value (RFC 9309 section 2.2.1), an
 * {@code ACAP-crawler:} name (ACAP 1.0 part 1, section 2.3.1) or a query's crawler name stands
 * for, and how two tokens are compared.
 *
 * <p>RFC 9309 section 2.2.1: a product token "MUST contain only uppercase and lowercase letters
 * ("a-z" and "A-Z"), underscores ("_"), and hyphens ("-")", and crawlers "MUST use
 * case-insensitive matching to find the group that matches the product token". The RFC does not
 * say how to read a value that is not a bare token ({@code Googlebot/2.1}, {@code Foo Bar},
 * {@code MJ12bot}). google/robotstxt ({@code ExtractUserAgent}) keeps the leading run of {@code
 * [A-Za-z_-]}, so that {@code MJ12bot} names {@code MJ}, {@code 360Spider} names nobody and
 * {@code Jävla-Foobot} names {@code J}. This class keeps the whole name instead: the token runs
 * up to the first whitespace, {@code /}, {@code ;}, {@code (}, {@code ,} or {@code *}, and the
 * same reduction is applied to the query's names (docs/semantics.md, "Crawler identity";
 * docs/rfc9309-deviations.md, D9). {@link #googleReading} is google's reading, for lint.
 */
public final class ProductToken {

  /** The value that addresses every crawler without a group of its own. */
  public static final String WILDCARD = "*";

  private ProductToken() {}

  /**
   * The crawler token that a {@code User-agent:} value, an {@code ACAP-crawler:} name or a
   * query's crawler name names (RFC 9309 section 2.2.1; ACAP 1.0 part 1 section 2.3.1).
   *
   * <ul>
   *   <li>leading whitespace is skipped (google's parser strips it off the value);
   *   <li>{@code *}, alone or followed by whitespace ({@code * # all}, {@code * foo}), gives
   *       {@link #WILDCARD};
   *   <li>otherwise the token runs up to the first whitespace, {@code /}, {@code ;}, {@code (},
   *       {@code ,} or {@code *}: {@code MSNPTC/1.0} gives {@code MSNPTC}, {@code Foo Bar} gives
   *       {@code Foo}, {@code Mediapartners-Google*} gives {@code Mediapartners-Google}, {@code
   *       Mozilla/5.0 (compatible)} gives {@code Mozilla}; {@code MJ12bot}, {@code 360Spider},
   *       {@code Mail.RU_Bot} and {@code Jävla-Foobot} give themselves;
   *   <li>a value that starts with a terminator ({@code *bot}, {@code /}, {@code (x)}) or is
   *       empty gives the empty string, which names no crawler: {@link #sameCrawler} is false for
   *       it.
   * </ul>
   *
   * <p>Reducing a token again gives the same token. No regular expression; one pass.
   *
   * @param value the field value (comments already removed) or the query's name
   * @return the token, possibly empty; the same instance when the value is exactly a token
   */
  public static String of(String value) {
    Objects.requireNonNull(value, "value");
    final String v = value;
    final int n = v.length();
    int start = 0;
    while (start < n && isWhitespace(v.charAt(start))) {
      start++;
    }
    boolean wildcard = start < n
        && v.charAt(start) == '*'
        && (start + 1 == n || isWhitespace(v.charAt(start + 1)));
    if (wildcard) {
      return WILDCARD;
    }
    int end = start;
    while (end < n && !isTerminator(v.charAt(end))) {
      end++;
    }
    return start == 0 && end == n ? v : v.substring(start, end);
  }

  /**
   * The token google/robotstxt reads in a {@code User-agent:} value ({@code ExtractUserAgent}):
   * {@link #WILDCARD} as {@link #of} gives it, otherwise the leading run of {@code [A-Za-z_-]}
   * after leading whitespace ({@code MJ12bot} gives {@code MJ}, {@code 360Spider} and {@code
   * *bot} give the empty string). Used to tell publishers what some crawlers read instead.
   *
   * @param value a {@code User-agent} line's value
   * @return what google reads: {@code *}, a token of {@code [A-Za-z_-]}, or the empty string
   */
  public static String googleReading(String value) {
    Objects.requireNonNull(value, "value");
    String token = of(value);
    if (token.equals(WILDCARD)) {
      return WILDCARD;
    }
    int start = 0;
    while (start < value.length() && isWhitespace(value.charAt(start))) {
      start++;
    }
    int end = start;
    while (end < value.length() && isRfcTokenChar(value.charAt(end))) {
      end++;
    }
    return value.substring(start, end);
  }

  /**
   * True when {@code token} is a valid product token for a crawler to call itself by (RFC 9309
   * section 2.2.1): one or more ASCII letters, {@code _} or {@code -}. False for {@link
   * #WILDCARD}, which is not a crawler's name, for the empty string and for anything with a
   * digit, {@code /}, whitespace or non-ASCII in it (as google's {@code IsValidUserAgentToObey}).
   * Such tokens still match ({@link #sameCrawler}); lint reports them in {@code User-agent} lines.
   *
   * @param token a crawler token; null is allowed
   * @return whether RFC 9309 lets a crawler call itself so
   */
  public static boolean isValidProductToken(String token) {
    if (token == null || token.isEmpty()) {
      return false;
    }
    for (int i = 0; i < token.length(); i++) {
      if (!isRfcTokenChar(token.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * True when two tokens name the same crawler: equal ignoring case (RFC 9309 section 2.2.1; ACAP
   * 1.0 part 1 section 2.3.1 note: crawler names are "not case-sensitive"), compared by {@link
   * #fold}, so Unicode letters fold too ({@code JÄVLA-FOOBOT} is {@code Jävla-Foobot}) whatever
   * the default locale. The tokens are compared as given, not reduced with {@link #of}; an empty
   * token matches nothing, and {@link #WILDCARD} only matches itself (deciding that {@code *}
   * applies is the caller's business).
   *
   * @param a a token
   * @param b another token
   * @return whether they name the same crawler
   */
  public static boolean sameCrawler(String a, String b) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    if (a.isEmpty() || b.isEmpty()) {
      return false;
    }
    return a.equals(b) || fold(a).equals(fold(b));
  }

  /**
   * The case-folded form of a token, independent of the default locale: {@code
   * toLowerCase(Locale.ROOT)} of {@code toUpperCase(Locale.ROOT)} (so {@code ß} and {@code SS},
   * {@code ſ} and {@code s}, the Kelvin sign and {@code k} fold alike). Two tokens name the same
   * crawler when their folds are equal; callers fold a query's names once, not per rule.
   *
   * @param token a token
   * @return the folded token (the token itself when it is lower-case ASCII)
   */
  public static String fold(String token) {
    Objects.requireNonNull(token, "token");
    boolean plain = true;
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c >= 0x80 || (c >= 'A' && c <= 'Z')) {
        plain = false;
        break;
      }
    }
    return plain ? token : token.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
  }

  /**
   * The query-side key of a crawler name: {@link #fold} of {@link #of}; empty when it names no crawler.
   *
   * @param name a crawler name or User-Agent string
   * @return the key, empty when the name names no crawler
   */
  public static String key(String name) {
    String token = of(name);
    return token.equals(WILDCARD) ? "" : fold(token);
  }

  private static boolean isTerminator(char c) {
    return c == '/' || c == ';' || c == '(' || c == ',' || c == '*' || isWhitespace(c);
  }

  private static boolean isWhitespace(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c);
  }

  private static boolean isRfcTokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
  }
}
