package org.acapengine.collections.scp;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.collections.io.TempFiles;

/**
 * One bit per page line — keep or drop — recorded by the checking pass and replayed by the
 * writing pass, in a temporary file beside the output. A collection of any size costs one bit per
 * page on disk and a buffer in memory, and the policy is asked about each page once.
 */
final class DecisionLog implements Closeable {

  private final Path file;
  private long count;

  private DecisionLog(Path file) {
    this.file = file;
  }

  static DecisionLog create(Path dir) throws IOException {
    return new DecisionLog(TempFiles.create(dir, ".scp-decisions"));
  }

  /** How many decisions were written. */
  long count() {
    return count;
  }

  Writer writer() throws IOException {
    return new Writer(new BufferedOutputStream(Files.newOutputStream(file), 64 * 1024));
  }

  Reader reader() throws IOException {
    return new Reader(new BufferedInputStream(Files.newInputStream(file), 64 * 1024));
  }

  @Override
  public void close() throws IOException {
    Files.deleteIfExists(file);
  }

  final class Writer implements Closeable {
    private final OutputStream out;
    private int bits;
    private int pending;

    private Writer(OutputStream out) {
      this.out = out;
    }

    void append(boolean keep) throws IOException {
      if (keep) {
        bits |= 1 << pending;
      }
      count++;
      if (++pending == 8) {
        out.write(bits);
        bits = 0;
        pending = 0;
      }
    }

    @Override
    public void close() throws IOException {
      if (pending > 0) {
        out.write(bits);
        pending = 0;
      }
      out.close();
    }
  }

  static final class Reader implements Closeable {
    private final InputStream in;
    private int bits;
    private int left;

    private Reader(InputStream in) {
      this.in = in;
    }

    boolean next() throws IOException {
      if (left == 0) {
        bits = in.read();
        if (bits < 0) {
          throw new EOFException("decision log ended early");
        }
        left = 8;
      }
      boolean keep = (bits & 1) != 0;
      bits >>>= 1;
      left--;
      return keep;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
