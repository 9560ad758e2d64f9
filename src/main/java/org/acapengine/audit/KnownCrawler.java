package org.acapengine.audit;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A crawler of the audit's list: its product token, who runs it, what it declares it does, and the
 * purposes that declaration comes to in the purpose vocabulary of docs/formats.md ({@code search},
 * {@code ai-input}, {@code ai-train}).
 *
 * @param token the product token a robots.txt names it by
 * @param operator who runs it, as plain text; {@code unknown} for a crawler the caller adds
 * @param function what the list says it does (ai.robots.txt's {@code function}: a Known Agents
 *     category such as {@code AI Search Crawlers}, or a sentence), as plain text; "" when unknown
 * @param declared the purposes its declaration comes to, possibly none
 * @param note anything a publisher should know (a control token that is no crawler of its own)
 */
public record KnownCrawler(String token, String operator, String function, List<String> declared, Optional<String> note) {
  /** The note of a crawler the caller adds ({@link #added}): no list describes it. */
  static final String ADDED = "not on the crawler list: named by the caller";

  /**
   * Checks the components and copies the list.
   *
   * @param token the product token, not blank
   * @param operator who runs it
   * @param function what it declares it does
   * @param declared the declared purposes
   * @param note a note, if any
   */
  public KnownCrawler {
    Objects.requireNonNull(token, "token");
    if (token.isBlank()) {
      throw new IllegalArgumentException("a crawler token is not blank");
    }
    Objects.requireNonNull(operator, "operator");
    Objects.requireNonNull(function, "function");
    declared = List.copyOf(declared);
    Objects.requireNonNull(note, "note");
  }

  /**
   * A crawler whose function the list does not give.
   *
   * @param token the product token, not blank
   * @param operator who runs it
   * @param declared the declared purposes
   * @param note a note, if any
   */
  public KnownCrawler(String token, String operator, List<String> declared, Optional<String> note) {
    this(token, operator, "", declared, note);
  }

  /**
   * A crawler the caller names that no list describes (the command line's {@code --crawler}, a
   * service request's crawler); its note says so in words that name neither.
   *
   * @param token its product token
   * @return the crawler, operator {@code unknown}, no function, no declared purpose
   */
  public static KnownCrawler added(String token) {
    return new KnownCrawler(token, "unknown", "", List.of(), Optional.of(ADDED));
  }

  /**
   * Text with Markdown links ({@code [Ai2](https://allenai.org/crawler)}) reduced to their link
   * text, as ai.robots.txt writes its values, and a value that is only a URL to its host; one
   * pass, no regular expression.
   *
   * @param markdown a value as the list writes it
   * @return the plain text
   */
  static String plain(String markdown) {
    StringBuilder sb = new StringBuilder(markdown.length());
    int i = 0;
    while (i < markdown.length()) {
      char c = markdown.charAt(i);
      if (c != '[') {
        sb.append(c);
        i++;
        continue;
      }
      int close = markdown.indexOf(']', i + 1);
      if (close < 0) {
        break; // no ']' is left, so no link either
      }
      if (close + 1 < markdown.length() && markdown.charAt(close + 1) == '(') {
        int end = markdown.indexOf(')', close + 2);
        if (end < 0) {
          break; // no ')' is left, so no link either
        }
        sb.append(markdown, i + 1, close);
        i = end + 1;
      } else {
        sb.append(markdown, i, close + 1); // every '[' before close has the same ']': no link among them
        i = close + 1;
      }
    }
    if (i < markdown.length()) {
      sb.append(markdown, i, markdown.length());
    }
    return hostOfBareUrl(sb.toString().strip());
  }

  /** A value that is nothing but an http(s) URL (some operators are written so) as its host, a name to show. */
  private static String hostOfBareUrl(String v) {
    String lower = v.toLowerCase(java.util.Locale.ROOT);
    int scheme = lower.startsWith("https://") ? 8 : lower.startsWith("http://") ? 7 : -1;
    if (scheme < 0 || v.indexOf(' ') >= 0) {
      return v;
    }
    int end = scheme;
    while (end < v.length() && v.charAt(end) != '/' && v.charAt(end) != '?' && v.charAt(end) != '#') {
      end++;
    }
    return end > scheme ? v.substring(scheme, end) : v;
  }
}
