package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/**
 * The decoded text of a parsed file, kept whole so that decisions and diagnostics can quote it.
 *
 * @param name the name the file was read under (a path, a URL, or "-")
 * @param lines the decoded lines, without line terminators (line n is {@code lines.get(n - 1)})
 * @param byteLength the size of the input in bytes, before any truncation
 * @param truncated true when content beyond the size limit was not parsed (and is not in
 *     {@code lines})
 * @param hadByteOrderMark whether the input started with a UTF-8 BOM
 * @param validUtf8 whether the input was valid UTF-8
 */
public record SourceText(String name, List<String> lines, long byteLength, boolean truncated, boolean hadByteOrderMark, boolean validUtf8) {
  /**
   * Checks that no component is null, copies the collections into immutable ones; rejects invalid values (see below).
   *
   * @param name the name the file was read under (a path, a URL, or "-")
   * @param lines the decoded lines, without line terminators (line n is {@code lines.get(n - 1)})
   * @param byteLength the size of the input in bytes, before any truncation
   * @param truncated true when content beyond the size limit was not parsed (and is not in
   *     {@code lines})
   * @param hadByteOrderMark whether the input started with a UTF-8 BOM
   * @param validUtf8 whether the input was valid UTF-8
   * @throws IllegalArgumentException if {@code byteLength} is negative
   */
  public SourceText {
    Objects.requireNonNull(name, "name");
    lines = List.copyOf(lines);
    if (byteLength < 0) {
      throw new IllegalArgumentException("byteLength must not be negative");
    }
  }

  /**
   * The text of a 1-based line, or "" past the end.
   *
   * @param number the line number, 1-based
   * @return the line's text, without its line break
   */
  public String line(int number) {
    return number >= 1 && number <= lines.size() ? lines.get(number - 1) : "";
  }
}
