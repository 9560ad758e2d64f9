package org.acapengine.model;

import java.util.Locale;

/** What one policy source says about a query: the one verdict vocabulary of every source. */
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
}
