package org.acapengine.adapters.scorpion;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Span;

/**
 * Splits a {@code /.special/crawl} file into lines (scorpion-protocol.txt, "Automated crawling":
 * "lines ending with line feeds"). A CR immediately before the LF (or at the very end of the file) is dropped too, so CRLF files
 * read like LF files; a CR anywhere else is a byte of the line. A last line without LF is still a
 * line. No decoding: lines are bytes.
 *
 * <p>A file over the size limit is not read at all and is not understood for any crawler: reading
 * only a prefix could miss a later line whose bit 5 is clear, which would make the file not
 * understood, so truncation could only make a crawler bolder than the full file allows.
 */
public final class ScorpionReader {

  /** 512 KiB: at least the 500 KiB RFC 9309 section 2.5 requires robots.txt parsers to read. */
  public static final int DEFAULT_MAX_BYTES = 512 * 1024;

  private final int maxBytes;

  /** A reader with the {@link #DEFAULT_MAX_BYTES} limit. */
  public ScorpionReader() {
    this(DEFAULT_MAX_BYTES);
  }

  /** @param maxBytes the largest file read, in bytes (at least 1) */
  public ScorpionReader(int maxBytes) {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  /**
   * Reads one file; never throws for any content of {@code bytes}.
   *
   * @param bytes the whole file; a file longer than the limit is not read and becomes a file that
   *     is not understood
   * @param sourceName where the bytes came from, for messages and hint sources
   * @return the file and the size-limit diagnostic, if any
   */
  public ScorpionReadResult read(byte[] bytes, String sourceName) {
    Objects.requireNonNull(bytes, "bytes");
    Objects.requireNonNull(sourceName, "sourceName");
    if (bytes.length > maxBytes) {
      return new ScorpionReadResult(new ScorpionFile(sourceName, List.of(), true), List.of(Diagnostic.error(
          "scorpion-too-large",
          "crawl policy file is larger than the limit of " + maxBytes + " bytes"
              + "; not understood, so no crawler may crawl anything",
          "keep /.special/crawl under " + maxBytes + " bytes", new Span(1, 1, 1, 1))));
    }
    List<ScorpionLine> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == '\n') {
        int end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
        lines.add(ScorpionLine.of(lines.size() + 1, Arrays.copyOfRange(bytes, start, end)));
        start = i + 1;
      }
    }
    if (start < bytes.length) {
      int end = bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
      lines.add(ScorpionLine.of(lines.size() + 1, Arrays.copyOfRange(bytes, start, end)));
    }
    return new ScorpionReadResult(new ScorpionFile(sourceName, lines, false), List.of());
  }
}
