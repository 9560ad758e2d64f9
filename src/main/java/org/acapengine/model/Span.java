package org.acapengine.model;

/**
 * A region of the source text: 1-based line and column of the first character, and 1-based
 * line and column of the last character (inclusive). Columns count UTF-16 code units of the
 * decoded line, the way editors and SARIF viewers count them.
 *
 * @param line the first line, 1-based
 * @param column the first column, 1-based
 * @param endLine the last line, at least {@code line}
 * @param endColumn the last column (inclusive); on one line, at least {@code column}
 */
public record Span(int line, int column, int endLine, int endColumn) implements Comparable<Span> {

  /**
   * Rejects invalid values (see below).
   *
   * @param line the first line, 1-based
   * @param column the first column, 1-based
   * @param endLine the last line, at least {@code line}
   * @param endColumn the last column (inclusive); on one line, at least {@code column}
   * @throws IllegalArgumentException if a position is below 1 or the span ends before it starts
   */
  public Span {
    if (line < 1 || column < 1 || endLine < 1 || endColumn < 1) {
      throw new IllegalArgumentException("span positions are 1-based: " + line + ":" + column + "-" + endLine + ":" + endColumn);
    }
    if (endLine < line || (endLine == line && endColumn < column)) {
      throw new IllegalArgumentException("span ends before it starts: " + line + ":" + column + "-" + endLine + ":" + endColumn);
    }
  }

  /**
   * A span covering {@code length} characters of one line (an empty region is widened to one column).
   *
   * @param line the line, 1-based
   * @param column the first column, 1-based
   * @param length the number of characters covered
   * @return the span
   */
  public static Span ofLine(int line, int column, int length) {
    return new Span(line, column, line, column + Math.max(length, 1) - 1);
  }

  /**
   * The whole of one line of the given length.
   *
   * @param line the line, 1-based
   * @param lineLength the line's length in characters
   * @return the span, from column 1 to the line's end
   */
  public static Span wholeLine(int line, int lineLength) {
    return ofLine(line, 1, lineLength);
  }

  /**
   * The smallest span covering this and {@code other}.
   *
   * @param other another span
   * @return the union
   */
  public Span union(Span other) {
    Span first = compareTo(other) <= 0 ? this : other;
    boolean thisEndsLater = endLine > other.endLine || (endLine == other.endLine && endColumn >= other.endColumn);
    Span last = thisEndsLater ? this : other;
    return new Span(first.line, first.column, last.endLine, last.endColumn);
  }

  @Override
  public int compareTo(Span o) {
    if (line != o.line) {
      return Integer.compare(line, o.line);
    }
    return Integer.compare(column, o.column);
  }

  @Override
  public String toString() {
    return line + ":" + column;
  }
}
