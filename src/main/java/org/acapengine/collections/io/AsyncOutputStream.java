package org.acapengine.collections.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writes to another stream on a thread of its own, so that what that stream costs (deflate, for
 * a gzip output) runs beside the caller's reading and deciding instead of after it. Bytes are
 * copied into chunks of {@value #CHUNK} bytes; at most {@value #QUEUED} chunks wait. Every call
 * to the wrapped stream, its {@code close} included, happens on the writing thread, in order.
 *
 * <p>A failure of the wrapped stream (any throwable, errors included) is thrown to the caller at
 * its next {@code write}, at {@link #flush} or at {@link #close}; the writing thread then discards
 * what follows, so the caller never waits on a dead writer. A failure already thrown is thrown
 * again only wrapped in a new {@link IOException}, so that a {@code try}-with-resources that
 * closes the stream after a failed write can add it as suppressed. {@link #close} returns
 * normally only once every byte has been written and the wrapped stream closed.
 */
public final class AsyncOutputStream extends OutputStream {

  static final int CHUNK = 256 * 1024;
  static final int QUEUED = 4;

  private static final Chunk END = new Chunk(new byte[0], 0);

  private record Chunk(byte[] bytes, int length) {}

  private final OutputStream out;
  private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(QUEUED);
  /** Buffers the writer is done with; the caller reuses them. */
  private final BlockingQueue<byte[]> spare = new ArrayBlockingQueue<>(QUEUED + 2);
  private final Thread writer;
  private volatile Throwable failure;
  /** Whether {@link #failure} was thrown to the caller already (caller's thread only). */
  private boolean reported;
  private byte[] buffer = new byte[CHUNK];
  private int count;
  private boolean closed;

  /**
   * Starts the writing thread.
   *
   * @param out the stream to write to; closed by {@link #close}
   * @param name the writing thread's name
   */
  public AsyncOutputStream(OutputStream out, String name) {
    this.out = Objects.requireNonNull(out, "out");
    this.writer = Background.daemons(name).newThread(this::drain);
    writer.start();
  }

  private void drain() {
    try {
      while (true) {
        Chunk c = full.take();
        if (c == END) {
          break;
        }
        if (failure == null) {
          try {
            out.write(c.bytes(), 0, c.length());
          } catch (Throwable e) {
            failure = e;
          }
        }
        spare.offer(c.bytes());
      }
      if (failure == null) {
        out.close();
      } else {
        try {
          out.close();
        } catch (Throwable ignored) {
          // the first failure is the one reported
        }
      }
    } catch (InterruptedException e) {
      failure = new InterruptedIOException("interrupted while writing");
    } catch (Throwable e) {
      failure = e;
    }
  }

  @Override
  public void write(int b) throws IOException {
    ensureOpen();
    if (count == buffer.length) {
      handOff();
    }
    buffer[count++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureOpen();
    while (len > 0) {
      if (count == buffer.length) {
        handOff();
      }
      int n = Math.min(len, buffer.length - count);
      System.arraycopy(b, off, buffer, count, n);
      count += n;
      off += n;
      len -= n;
    }
  }

  /** Hands what is buffered to the writer; does not wait for it to be written. */
  @Override
  public void flush() throws IOException {
    ensureOpen();
    if (count > 0) {
      handOff();
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (count > 0 && failure == null) {
        put(new Chunk(buffer, count));
      }
      if (writer.isAlive()) {
        put(END);
        writer.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      writer.interrupt();
      throw new InterruptedIOException("interrupted while finishing the output");
    }
    rethrow();
  }

  private void handOff() throws IOException {
    rethrow();
    try {
      put(new Chunk(buffer, count));
      byte[] next = spare.poll();
      buffer = next != null ? next : new byte[CHUNK];
      count = 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while writing");
    }
  }

  /** Queues a chunk, waiting while the queue is full; fails if the writer has stopped. */
  private void put(Chunk c) throws InterruptedException, IOException {
    while (!full.offer(c, 100, TimeUnit.MILLISECONDS)) {
      if (!writer.isAlive()) {
        rethrow();
        throw new IOException("the writing thread stopped");
      }
    }
  }

  private void ensureOpen() throws IOException {
    if (closed) {
      throw new IOException("stream closed");
    }
    rethrow();
  }

  /** Throws the writing thread's failure: as it was the first time, wrapped after that. */
  private void rethrow() throws IOException {
    Throwable f = failure;
    if (f == null) {
      return;
    }
    if (reported) {
      throw new IOException("the output failed earlier: " + f, f);
    }
    reported = true;
    if (f instanceof IOException e) {
      throw e;
    }
    if (f instanceof RuntimeException e) {
      throw e;
    }
    if (f instanceof Error e) {
      throw e;
    }
    throw new IOException(f);
  }
}
