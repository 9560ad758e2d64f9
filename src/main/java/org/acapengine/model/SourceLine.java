package org.acapengine.model;

import java.util.Objects;

/**
 * A line of a policy source that took part in an answer: a deciding rule, the line a crawl hint
 * was read from, a dropped page's reason. One value for every source format (robots.txt, a
 * referenced file, llm-policy.json, a Scorpion file).
 *
 * @param source the source's name (a path or URL)
 * @param line 1-based line number, or 0 when there is no line worth naming (a default decision,
 *     a JSON member of a format without lines)
 * @param text the line as written (trimmed), or what the value was read from
 */
public record SourceLine(String source, int line, String text) {
  /**
   * Checks that no component is null; rejects invalid values (see below).
   *
   * @param source the source's name (a path or URL)
   * @param line 1-based line number, or 0 when there is no line worth naming (a default decision,
   *     a JSON member of a format without lines)
   * @param text the line as written (trimmed), or what the value was read from
   * @throws IllegalArgumentException if {@code line} is negative
   */
  public SourceLine {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
    if (line < 0) {
      throw new IllegalArgumentException("line must be 0 (none) or 1-based: " + line);
    }
  }

  /**
   * The region a diagnostic about this line points at: the whole line (line 1 when unknown).
   *
   * @return the line's span
   */
  public Span span() {
    return Span.wholeLine(Math.max(line, 1), text.length());
  }

  @Override
  public String toString() {
    return line == 0 ? text : source + ":" + line + ": " + text;
  }
}
