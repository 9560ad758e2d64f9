package org.acapengine.collections.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.acapengine.model.UserInputException;

/**
 * Counts the bytes read through it and fails with a {@link UserInputException} once more than
 * {@code max} have been read. Neither skips nor marks, so the count is exact.
 */
public final class MeteredInputStream extends FilterInputStream {

  private final long max;
  private final String limitMessage;
  private long count;

  /**
   * @param in the stream to count
   * @param max the most bytes allowed
   * @param limitMessage the message of the exception thrown past {@code max}
   */
  public MeteredInputStream(InputStream in, long max, String limitMessage) {
    super(in);
    this.max = max;
    this.limitMessage = limitMessage;
  }

  /**
   * Bytes read so far.
   *
   * @return the count in bytes
   */
  public long count() {
    return count;
  }

  @Override
  public int read() throws IOException {
    int b = in.read();
    if (b >= 0) {
      add(1);
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    if (n > 0) {
      add(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    byte[] scratch = new byte[(int) Math.min(8192, Math.max(n, 1))];
    long skipped = 0;
    while (skipped < n) {
      int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
      if (r < 0) {
        break;
      }
      skipped += r;
    }
    return skipped;
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  private void add(int n) throws UserInputException {
    count += n;
    if (count > max) {
      throw new UserInputException(limitMessage);
    }
  }
}
