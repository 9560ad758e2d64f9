package org.acapengine.collections.io;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * Splits a byte stream into JSON Lines lines without decoding it: each line's bytes are kept
 * exactly as stored, terminator included, so that kept lines can be copied byte for byte and
 * hashed as the SCP checksum requires.
 *
 * <p>A line longer than {@code maxLineBytes} (terminator excluded) is not held: its bytes still
 * flow through the digest, but {@link #oversized()} is true and {@link #length()} is 0. Memory is
 * therefore bounded by one read buffer plus the longest line allowed, whatever the input's size.
 *
 * <p>Not thread-safe. Lines end at {@code \n}; a {@code \r} before it stays part of the line
 * (JSON treats it as whitespace). The last line may lack a terminator.
 */
public final class LineReader {

  private static final int READ_BUFFER = 64 * 1024;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final int INITIAL_LINE = 8 * 1024;

  private final InputStream in;
  private final int maxLineBytes;
  private final byte[] buffer = new byte[READ_BUFFER];
  private int pos;
  private int limit;
  private boolean eof;
  private byte[] line = new byte[INITIAL_LINE];
  private int length;
  private boolean oversized;
  private long rawLength;
  private long lineNumber;
  private MessageDigest digest;

  /**
   * A reader of the lines of {@code in}; not thread-safe.
   *
   * @param in the bytes to split; read in blocks, not closed
   * @param maxLineBytes the longest line held, terminator included; longer lines are read through
   *     but not held
   */
  public LineReader(InputStream in, int maxLineBytes) {
    this.in = in;
    this.maxLineBytes = maxLineBytes;
  }

  /**
   * Feeds every byte of the lines read from now on to {@code digest} (null to stop), terminators
   * included, oversized lines included.
   *
   * @param digest the digest to feed, or null to stop feeding
   */
  public void digestFromHere(MessageDigest digest) {
    this.digest = digest;
  }

  /**
   * Reads the next line.
   *
   * @return false at the end of the input (no more bytes at all)
   * @throws IOException when {@code in} cannot be read
   */
  public boolean next() throws IOException {
    length = 0;
    oversized = false;
    rawLength = 0;
    boolean any = false;
    while (true) {
      if (pos == limit && !fill()) {
        if (!any) {
          return false;
        }
        break;
      }
      any = true;
      int start = pos;
      byte[] buf = buffer;
      int newline = indexOfNewline(buf, start, limit);
      int end = newline >= 0 ? newline + 1 : limit;
      int n = end - start;
      if (digest != null) {
        digest.update(buf, start, n);
      }
      rawLength += n;
      if (!oversized) {
        // the terminator ("\n" or "\r\n") does not count against the limit
        if ((long) length + n > (long) maxLineBytes + 2) {
          oversized = true;
          length = 0;
        } else {
          append(buf, start, n);
        }
      }
      pos = end;
      if (newline >= 0) {
        break;
      }
    }
    if (!oversized && contentLength() > maxLineBytes) {
      oversized = true;
      length = 0;
    }
    lineNumber++;
    return true;
  }

  /**
   * The first {@code \n} in {@code b[from, to)}, or -1: eight bytes at a time (a byte of {@code w}
   * is zero where the line feed is; {@code (w - 0x01…) & ~w & 0x80…} flags zero bytes, and its
   * lowest flag is always a true one), as a page line is a kilobyte or more.
   */
  static int indexOfNewline(byte[] b, int from, int to) {
    int i = from;
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = (long) LONGS.get(b, i) ^ NEWLINES;
      long zero = (w - ONES) & ~w & HIGHS;
      if (zero != 0) {
        return i + (Long.numberOfTrailingZeros(zero) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private boolean fill() throws IOException {
    if (eof) {
      return false;
    }
    int n = in.read(buffer, 0, buffer.length);
    while (n == 0) {
      n = in.read(buffer, 0, buffer.length);
    }
    if (n < 0) {
      eof = true;
      pos = 0;
      limit = 0;
      return false;
    }
    pos = 0;
    limit = n;
    return true;
  }

  private void append(byte[] src, int off, int n) {
    int needed = length + n;
    if (needed > line.length) {
      long grown = Math.max((long) line.length * 2, needed);
      line = Arrays.copyOf(line, (int) Math.min(grown, (long) maxLineBytes + 2));
    }
    System.arraycopy(src, off, line, length, n);
    length = needed;
  }

  private int contentLength() {
    int n = length;
    if (n > 0 && line[n - 1] == '\n') {
      n--;
      if (n > 0 && line[n - 1] == '\r') {
        n--;
      }
    }
    return n;
  }

  /**
   * The current line's bytes, valid in {@code [0, length())} until the next call to {@link #next}.
   *
   * @return the buffer, reused between lines
   */
  public byte[] bytes() {
    return line;
  }

  /**
   * The current line's length in bytes, terminator included; 0 when oversized.
   *
   * @return the length held
   */
  public int length() {
    return length;
  }

  /**
   * True when the current line exceeded the limit and was not held.
   *
   * @return true when the line was not held
   */
  public boolean oversized() {
    return oversized;
  }

  /**
   * The current line's true length in bytes, terminator included, held or not.
   *
   * @return the length in bytes
   */
  public long rawLength() {
    return rawLength;
  }

  /**
   * The 1-based number of the current line.
   *
   * @return the line number
   */
  public long lineNumber() {
    return lineNumber;
  }

  /**
   * True when more input can be read without waiting: bytes already read beyond the current line,
   * or bytes the stream says are available. A reader of an interactive input (a scheduler writing
   * one request at a time) answers what it has when this is false.
   *
   * @return whether the next {@link #next} would not block
   * @throws IOException when {@code in} cannot be asked
   */
  public boolean inputWaiting() throws IOException {
    return pos < limit || !eof && in.available() > 0;
  }

  /**
   * True when the current line ends with a {@code \n}.
   *
   * @return false for a last line without a line feed
   */
  public boolean terminated() {
    return !oversized && length > 0 && line[length - 1] == '\n';
  }
}
