package org.acapengine.model;

/** How serious a diagnostic is; ordered from most to least severe. */
public enum Severity {
  ERROR,
  WARNING,
  INFO;

  /** The lower-case name used in every output format. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** True when this severity is at least as serious as {@code threshold}. */
  public boolean atLeast(Severity threshold) {
    return ordinal() <= threshold.ordinal();
  }
}
