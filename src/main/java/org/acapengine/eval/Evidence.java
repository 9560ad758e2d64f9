package org.acapengine.eval;

import java.util.Objects;

/**
 * A line of a policy source that took part in a decision: where it stands and what it says.
 *
 * @param source the source's name (the robots.txt path or URL, a referenced file, ...)
 * @param line 1-based line number, or 0 when there is no line (a default decision)
 * @param text the line as written (trimmed)
 */
public record Evidence(String source, int line, String text) {
  public Evidence {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
    if (line < 0) {
      throw new IllegalArgumentException("line must not be negative");
    }
  }

  @Override
  public String toString() {
    return line == 0 ? text : source + ":" + line + ": " + text;
  }
}
