package org.acapengine.model;

/** How serious a diagnostic is; ordered from most to least severe. */
public enum Severity {
  /** A problem that changes what the file means, or makes part of it mean nothing. */
  ERROR,
  /** Probably not what the publisher meant; crawlers may read it differently. */
  WARNING,
  /** Worth knowing; nothing to fix if it is meant. */
  INFO;

  /**
   * The name used in every output format.
   *
   * @return {@code error}, {@code warning} or {@code info}
   */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * Whether this severity is at least as serious as another.
   *
   * @param threshold the severity to compare with
   * @return true when this is {@code threshold} or more serious
   */
  public boolean atLeast(Severity threshold) {
    return ordinal() <= threshold.ordinal();
  }
}
