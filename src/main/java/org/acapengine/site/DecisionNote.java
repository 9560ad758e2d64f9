package org.acapengine.site;

import java.util.List;
import java.util.Objects;
import org.acapengine.model.SourceLine;

/**
 * Something a person reading a decision must not miss, though it does not change the verdict: that
 * the crawler may not fetch the page at all, that a query's usage or purpose is named by no
 * vocabulary and no policy, what a licence asks for. Output shows notes after the decision; JSON
 * gives them as {@code notes}.
 *
 * @param code a stable name: {@value #CRAWL_PROHIBITED}, {@value #UNKNOWN_USAGE}, {@value
 *     #UNKNOWN_PURPOSE}, {@value #OBLIGATION}, {@value #USER_TYPE_UNSTATED}, {@value
 *     #COUNTRY_UNSTATED}, or a source's own
 * @param text one sentence
 * @param lines the policy lines it concerns, possibly none
 */
public record DecisionNote(String code, String text, List<SourceLine> lines) {

  /** The usage asked about is not crawl, and crawling the path is prohibited for the crawler. */
  public static final String CRAWL_PROHIBITED = "crawl-prohibited";

  /** The query's usage is in no vocabulary and named by no source: most probably a typing error. */
  public static final String UNKNOWN_USAGE = "unknown-usage";

  /** The query's purpose is in no vocabulary and named by no source: most probably a typing error. */
  public static final String UNKNOWN_PURPOSE = "unknown-purpose";

  /** What an allowed use asks of the crawler (a payment, a licence, terms), with its line. */
  public static final String OBLIGATION = "obligation";

  /**
   * An RSL licence is for some user types only (or not for some) and the crawler states none
   * ({@link RslSource.Licensee#userType}): the term is noted, not applied.
   */
  public static final String USER_TYPE_UNSTATED = "rsl-user";

  /**
   * An RSL licence is for some countries only (or not for some) and the crawler states none
   * ({@link RslSource.Licensee#country}): the term is noted, not applied.
   */
  public static final String COUNTRY_UNSTATED = "rsl-geo";

  /**
   * Checks that no component is null and copies the lines.
   *
   * @param code a stable name
   * @param text one sentence
   * @param lines the policy lines it concerns
   */
  public DecisionNote {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(text, "text");
    lines = List.copyOf(lines);
  }
}
