package org.acapengine.collections;

import java.util.Objects;
import org.acapengine.model.SourceLine;

/**
 * One policy line and how many pages (or items) it dropped.
 *
 * @param line the deciding line (source {@code ""} and line 0 for a decision no line made; its
 *     text is then the basis, or {@code ""})
 * @param pages how many pages or items this line dropped
 */
public record DecidingLineCount(SourceLine line, long pages) {

  /**
   * Checks the line is given.
   *
   * @param line the deciding line (source {@code ""} and line 0 for a decision no line made; its
   *     text is then the basis, or {@code ""})
   * @param pages how many pages or items this line dropped
   */
  public DecidingLineCount {
    Objects.requireNonNull(line, "line");
  }

  /**
   * {@code robots.txt:12}, or {@code (default)} for a decision no line made.
   *
   * @return the line's source and number, or {@code (default)}
   */
  public String location() {
    if (line.source().isEmpty() && line.line() == 0) {
      return "(default)";
    }
    return (line.source().isEmpty() ? "?" : line.source()) + (line.line() > 0 ? ":" + line.line() : "");
  }
}
