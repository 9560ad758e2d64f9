package org.acapengine.collections.io;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Passes writes through but turns {@code close} into {@code flush}, so that closing an encoder
 * (which must happen to finish a gzip member or zstd frame) leaves the file open for syncing.
 */
public final class ShieldedOutputStream extends FilterOutputStream {

  private long count;

  /**
   * Shields {@code out} from being closed through this stream.
   *
   * @param out the stream written to; it stays open
   */
  public ShieldedOutputStream(OutputStream out) {
    super(out);
  }

  /**
   * Bytes written through this stream.
   *
   * @return the count in bytes
   */
  public long count() {
    return count;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    count++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    count += len;
  }

  @Override
  public void close() throws IOException {
    out.flush();
  }
}
