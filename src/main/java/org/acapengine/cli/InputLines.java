package org.acapengine.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.acapengine.collections.io.LineReader;

/**
 * Reads the lines of a {@code check --requests} or {@code --urls} input (or the paths on standard
 * input) as a stream: each line is decoded as UTF-8 (bytes that are not UTF-8 become U+FFFD),
 * trimmed, and handed over with its 1-based line number; blank lines are skipped but counted. A
 * line longer than the limit is never held: its bytes are read through and it is handed over as
 * too long, with its number, and the input goes on. Memory is one read buffer plus the longest
 * line allowed, whatever the input. Lines end at {@code \n} (a {@code \r} before it is trimmed).
 */
final class InputLines {

  /** The longest line read, in bytes of UTF-8, without its line end: 64 KiB. */
  static final int MAX_LINE_BYTES = 64 * 1024;

  /** What the lines are handed to. */
  interface Sink {
    /**
     * A non-blank line, trimmed.
     *
     * @param number the line's 1-based number in the input
     * @param text the line
     */
    void line(long number, String text) throws IOException;

    /**
     * A line over the limit, not read.
     *
     * @param number the line's 1-based number in the input
     * @param bytes its length in bytes, line end included
     */
    void tooLong(long number, long bytes) throws IOException;

    /** The input paused: nothing more can be read without waiting. */
    default void paused() throws IOException {}
  }

  private InputLines() {}

  /**
   * Hands every line of {@code in} to {@code sink}, then returns at the end of the input.
   *
   * @param in the input, read in blocks, not closed
   * @param maxLineBytes the longest line held, in bytes without its line end
   * @param sink what the lines are handed to
   * @throws IOException when {@code in} cannot be read, or the sink throws it
   */
  static void read(InputStream in, int maxLineBytes, Sink sink) throws IOException {
    LineReader lines = new LineReader(in, maxLineBytes);
    while (lines.next()) {
      if (lines.oversized()) {
        sink.tooLong(lines.lineNumber(), lines.rawLength());
      } else {
        String text = new String(lines.bytes(), 0, lines.length(), StandardCharsets.UTF_8).strip();
        if (!text.isEmpty()) {
          sink.line(lines.lineNumber(), text);
        }
      }
      if (!lines.inputWaiting()) {
        sink.paused();
      }
    }
  }

  /**
   * The one-line reason a line over the limit is not read.
   *
   * @param bytes the line's length in bytes, line end included
   * @return the reason
   */
  static String tooLongReason(long bytes) {
    return "the line (" + bytes + " bytes with its line end) is longer than the " + MAX_LINE_BYTES + "-byte limit of an input line; it is not read";
  }
}
