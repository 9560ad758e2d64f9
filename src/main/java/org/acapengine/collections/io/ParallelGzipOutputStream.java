package org.acapengine.collections.io;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A gzip stream (RFC 1952, one member) whose deflate runs on several threads, as pigz does: the
 * input is cut into blocks of {@value #BLOCK} bytes, each block is deflated on its own with the
 * previous block's last {@value #WINDOW} bytes as its preset dictionary (so back-references
 * still reach across the cut, and the ratio stays that of one stream) and ends with a sync flush
 * (an empty stored block, which leaves the stream byte-aligned), the last with the final block.
 * Concatenated in order they are one deflate stream; any gzip reader reads the result.
 *
 * <p>A member may begin with a head held in deflate stored blocks ({@link
 * #ParallelGzipOutputStream(OutputStream, int, int, byte[])}): the bytes sit at a known place, in
 * a layout that depends only on their length, so that a header line known only at the end can be
 * written over them in place once the member is finished ({@link #rewriteHead}).
 *
 * <p>The output depends only on the bytes written, not on the threads' timing. At most
 * {@code 2 × threads + 1} blocks are in flight. The compressed blocks, the header and the
 * trailer are written to the wrapped stream on the caller's thread.
 */
public final class ParallelGzipOutputStream extends OutputStream {

  static final int BLOCK = 128 * 1024;
  static final int WINDOW = 32 * 1024;
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, 0};
  /** Where a stored head starts: right after the gzip header. */
  private static final int HEAD_OFFSET = HEADER.length;
  /** The most one deflate stored block holds (RFC 1951 section 3.2.4). */
  private static final int STORED_MAX = 0xFFFF;

  private final OutputStream out;
  private final int level;
  private final ExecutorService pool;
  private final int maxInFlight;
  private final ArrayDeque<Future<byte[]>> inFlight = new ArrayDeque<>();
  private final ThreadLocal<Deflater> deflaters;
  /** The CRC-32 of what follows the head. */
  private final CRC32 crc = new CRC32();
  /** The length of what follows the head. */
  private long size;
  private final long headCrc;
  private final long headLength;
  private byte[] block = new byte[BLOCK];
  private int count;
  /** The last block handed off, whose tail is the next block's dictionary (null before the first). */
  private byte[] previous;
  private boolean closed;
  /** Set once the trailer is written: only then can the head be rewritten. */
  private boolean finished;
  /** Bytes written to the wrapped stream: the member's length once finished. */
  private long written;

  /** Writes bytes at a position of the file the member went to (as {@code AtomicOutput} does). */
  @FunctionalInterface
  public interface PositionedWrite {
    /**
     * Writes {@code bytes} over the file's bytes from {@code position}.
     *
     * @param position where in the file, from its start
     * @param bytes what to write there
     * @throws IOException when the file cannot be written
     */
    void write(long position, byte[] bytes) throws IOException;
  }

  /**
   * Writes the gzip header and starts the deflating threads.
   *
   * @param out the stream the gzip member goes to; closed by {@link #close}
   * @param level the deflate level (0-9, or {@link Deflater#DEFAULT_COMPRESSION})
   * @param threads the number of deflating threads, at least 1
   * @throws IOException when the header cannot be written
   */
  public ParallelGzipOutputStream(OutputStream out, int level, int threads) throws IOException {
    this(out, level, threads, new byte[0]);
  }

  /**
   * Writes the gzip header and {@code head} in stored blocks, and starts the deflating threads.
   *
   * @param out the stream the gzip member goes to; closed by {@link #close}
   * @param level the deflate level (0-9, or {@link Deflater#DEFAULT_COMPRESSION})
   * @param threads the number of deflating threads, at least 1
   * @param head the member's first bytes, held uncompressed in stored blocks right after the
   *     gzip header
   * @throws IOException when the header cannot be written
   */
  public ParallelGzipOutputStream(OutputStream out, int level, int threads, byte[] head) throws IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("threads < 1: " + threads);
    }
    this.out = Objects.requireNonNull(out, "out");
    this.level = level;
    this.maxInFlight = 2 * threads + 1;
    this.deflaters = ThreadLocal.withInitial(() -> new Deflater(this.level, true));
    CRC32 h = new CRC32();
    h.update(head);
    this.headCrc = h.getValue();
    this.headLength = head.length;
    this.pool = Executors.newFixedThreadPool(threads, Background.daemons("acap-deflate"));
    try {
      emit(HEADER);
      emit(storedBlocks(head));
    } catch (IOException | RuntimeException e) {
      pool.shutdownNow();
      throw e;
    }
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (closed) {
      throw new IOException("stream closed");
    }
    crc.update(b, off, len);
    size += len;
    while (len > 0) {
      int n = Math.min(len, BLOCK - count);
      System.arraycopy(b, off, block, count, n);
      count += n;
      off += n;
      len -= n;
      if (count == BLOCK) {
        handOff(false);
      }
    }
  }

  /** Finishes the member (the last block, the CRC-32 and the length) and closes the wrapped stream. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      handOff(true);
      drain(0);
      byte[] trailer = new byte[8];
      putIntLe(trailer, 0, (int) Crc32Combine.combine(headCrc, crc.getValue(), size));
      putIntLe(trailer, 4, (int) (headLength + size)); // ISIZE: the length modulo 2^32
      emit(trailer);
      finished = true;
    } finally {
      pool.shutdownNow();
      out.close();
    }
  }

  /**
   * {@code data} as non-final deflate stored blocks of up to 65 535 bytes each (none for no data):
   * the bytes a head takes right after the gzip header.
   */
  private static byte[] storedBlocks(byte[] data) {
    int blocks = (data.length + STORED_MAX - 1) / STORED_MAX;
    byte[] out = new byte[data.length + 5 * blocks];
    int at = 0;
    for (int from = 0; from < data.length; from += STORED_MAX) {
      int n = Math.min(STORED_MAX, data.length - from);
      out[at] = 0; // BFINAL = 0, BTYPE = 00 (stored), then padding to the byte boundary
      out[at + 1] = (byte) n;
      out[at + 2] = (byte) (n >>> 8);
      out[at + 3] = (byte) ~n;
      out[at + 4] = (byte) (~n >>> 8);
      System.arraycopy(data, from, out, at + 5, n);
      at += 5 + n;
    }
    return out;
  }

  /**
   * Writes {@code head} over the head the member was written with (the same length), and the
   * trailer's CRC-32 to match, into the file the member went to, which starts with it; valid once
   * the stream closed normally.
   *
   * @param head the new head
   * @param file writes at a position of that file
   * @throws IOException when the file cannot be written
   */
  public void rewriteHead(byte[] head, PositionedWrite file) throws IOException {
    if (!finished) {
      throw new IllegalStateException("the member is not finished");
    }
    if (head.length != headLength) {
      throw new IllegalArgumentException("the head's length changed: " + headLength + " -> " + head.length);
    }
    CRC32 h = new CRC32();
    h.update(head);
    byte[] crcField = new byte[4];
    putIntLe(crcField, 0, (int) Crc32Combine.combine(h.getValue(), crc.getValue(), size));
    file.write(HEAD_OFFSET, storedBlocks(head));
    file.write(written - 8, crcField); // the trailer: CRC-32, then ISIZE, which does not change
  }

  /** Writes to the wrapped stream, counting. */
  private void emit(byte[] bytes) throws IOException {
    out.write(bytes);
    written += bytes.length;
  }

  private void handOff(boolean last) throws IOException {
    byte[] data = block;
    int length = count;
    byte[] dictionary = previous;
    drain(maxInFlight - 1);
    inFlight.add(pool.submit(() -> deflate(data, length, dictionary, last)));
    previous = data;
    block = new byte[BLOCK];
    count = 0;
  }

  /** Writes finished blocks, oldest first, until at most {@code left} are in flight. */
  private void drain(int left) throws IOException {
    while (inFlight.size() > left) {
      emit(Background.await(inFlight.poll(), "compressing"));
    }
  }

  private byte[] deflate(byte[] data, int length, byte[] dictionary, boolean last) {
    Deflater d = deflaters.get();
    d.reset();
    if (dictionary != null) {
      d.setDictionary(dictionary, BLOCK - WINDOW, WINDOW);
    }
    d.setInput(data, 0, length);
    byte[] buf = new byte[Math.max(1024, length + length / 8 + 64)];
    int n = 0;
    if (last) {
      d.finish();
      while (!d.finished()) {
        if (n == buf.length) {
          buf = Arrays.copyOf(buf, buf.length * 2);
        }
        n += d.deflate(buf, n, buf.length - n);
      }
    } else {
      while (true) {
        if (n == buf.length) {
          buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int room = buf.length - n;
        int wrote = d.deflate(buf, n, room, Deflater.SYNC_FLUSH);
        n += wrote;
        if (wrote < room) {
          break; // the flush is complete once it leaves room over
        }
      }
    }
    return Arrays.copyOf(buf, n);
  }

  private static void putIntLe(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }
}
