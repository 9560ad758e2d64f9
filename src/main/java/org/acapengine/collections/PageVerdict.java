package org.acapengine.collections;

/**
 * The outcome of {@link PagePolicy#decide}: whether the usage is allowed and which policy line
 * decided it, so that summaries can say which lines dropped the most pages.
 *
 * @param allowed whether the usage is permitted
 * @param decidingSource the policy file that decided, for example {@code robots.txt}, or
 *     {@code ""} for a default decision (no line matched)
 * @param decidingLine the 1-based line in {@code decidingSource}, or 0 when there is none
 * @param decidingText the text of that line as the policy file has it, or {@code ""}
 */
public record PageVerdict(boolean allowed, String decidingSource, int decidingLine, String decidingText) {

  public PageVerdict {
    decidingSource = decidingSource == null ? "" : decidingSource;
    decidingText = decidingText == null ? "" : decidingText;
    if (decidingLine < 0) {
      throw new IllegalArgumentException("decidingLine must be 0 (none) or a 1-based line: " + decidingLine);
    }
  }

  /** A default decision that no policy line made. */
  public static PageVerdict byDefault(boolean allowed) {
    return new PageVerdict(allowed, "", 0, "");
  }
}
