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
 * <p>The output depends only on the bytes written, not on the threads' timing. At most
 * {@code 2 × threads + 1} blocks are in flight. The compressed blocks, the header and the
 * trailer are written to the wrapped stream on the caller's thread.
 */
public final class ParallelGzipOutputStream extends OutputStream {

  static final int BLOCK = 128 * 1024;
  static final int WINDOW = 32 * 1024;
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, 0};

  private final OutputStream out;
  private final int level;
  private final ExecutorService pool;
  private final int maxInFlight;
  private final ArrayDeque<Future<byte[]>> inFlight = new ArrayDeque<>();
  private final ThreadLocal<Deflater> deflaters;
  private final CRC32 crc = new CRC32();
  private long size;
  private byte[] block = new byte[BLOCK];
  private int count;
  /** The last block handed off, whose tail is the next block's dictionary (null before the first). */
  private byte[] previous;
  private boolean closed;

  /**
   * Writes the gzip header and starts the deflating threads.
   *
   * @param out the stream the gzip member goes to; closed by {@link #close}
   * @param level the deflate level (0-9, or {@link Deflater#DEFAULT_COMPRESSION})
   * @param threads the number of deflating threads, at least 1
   * @throws IOException when the header cannot be written
   */
  public ParallelGzipOutputStream(OutputStream out, int level, int threads) throws IOException {
    if (threads < 1) {
      throw new IllegalArgumentException("threads < 1: " + threads);
    }
    this.out = Objects.requireNonNull(out, "out");
    this.level = level;
    this.maxInFlight = 2 * threads + 1;
    this.deflaters = ThreadLocal.withInitial(() -> new Deflater(this.level, true));
    this.pool = Executors.newFixedThreadPool(threads, Background.daemons("acap-deflate"));
    try {
      out.write(HEADER);
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
      putIntLe(trailer, 0, (int) crc.getValue());
      putIntLe(trailer, 4, (int) size); // ISIZE: the length modulo 2^32
      out.write(trailer);
    } finally {
      pool.shutdownNow();
      out.close();
    }
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
      out.write(Background.await(inFlight.poll(), "compressing"));
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
