package org.acapengine.collections;

import java.util.Objects;

/**
 * One policy line and how many pages (or items) it dropped.
 *
 * @param source the policy file, or {@code ""} for a default decision
 * @param line the 1-based line, or 0 when none
 * @param text the line's text, or {@code ""}
 * @param pages how many pages or items this line dropped
 */
public record DecidingLineCount(String source, int line, String text, long pages) {

  public DecidingLineCount {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
  }

  /** {@code robots.txt:12}, or {@code (default)} for a decision no line made. */
  public String location() {
    if (source.isEmpty() && line == 0) {
      return "(default)";
    }
    return (source.isEmpty() ? "?" : source) + (line > 0 ? ":" + line : "");
  }
}
