package org.acapengine.model;

import java.util.Locale;

/**
 * What one policy source says about a query: the one verdict vocabulary of every source, and of
 * every format's own three-valued statement (an AIPREF label's {@code y}/{@code n}/unknown, a TCT
 * flag's {@code true}/{@code false}/not stated, an audit's allowed/prohibited/unstated).
 */
public enum Verdict {
  /** The source permits the usage. */
  ALLOWED,
  /** The source forbids the usage. */
  PROHIBITED,
  /** Nothing in the source speaks to the query. */
  NO_OPINION;

  /**
   * The lower-case, hyphenated name used in output ({@code no-opinion}).
   *
   * @return the name, lower-case and hyphenated
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The more restrictive of two verdicts: prohibited over allowed over no opinion (several
   * statements of one source combine this way).
   *
   * @param a one verdict
   * @param b another
   * @return the more restrictive
   */
  public static Verdict stricter(Verdict a, Verdict b) {
    if (a == PROHIBITED || b == PROHIBITED) {
      return PROHIBITED;
    }
    return a == ALLOWED || b == ALLOWED ? ALLOWED : NO_OPINION;
  }
}
