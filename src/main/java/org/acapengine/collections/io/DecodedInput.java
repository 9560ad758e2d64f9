package org.acapengine.collections.io;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.acapengine.model.UserInputException;

/**
 * A stored collection opened for reading: its compression sniffed from the magic number, its
 * bytes decompressed, and decompression bounded as SCP "Resource Exhaustion Attacks" requires —
 * the stored size, the decompressed size and the decompression ratio are checked while the data
 * streams, so a compression bomb is stopped long before it is expanded (and never held in memory).
 *
 * <p>Every failure of the underlying data (truncated or corrupt gzip/zstd, a limit passed) leaves
 * {@link #stream()} as a {@link UserInputException} whose message names the input.
 */
public final class DecodedInput implements Closeable {

  private static final int BUFFER = 64 * 1024;

  /**
   * How the message of an input that decompresses past {@link CollectionLimits#maxUncompressedBytes()}
   * ends: the remedy in the library's words, to which a caller may add its own name for the limit.
   */
  public static final String RAISE_THE_LIMIT = "raise the decompressed-size limit if the collection is genuine";

  private final MeteredInputStream stored;
  private final Compression compression;
  private final Guard stream;
  private final long storedSize;

  private DecodedInput(MeteredInputStream stored, Compression compression, Guard stream, long storedSize) {
    this.stored = stored;
    this.compression = compression;
    this.stream = stream;
    this.storedSize = storedSize;
  }

  /**
   * Opens {@code file}.
   *
   * @param name how messages name the input (the path as the user gave it, or {@code stdin})
   * @param file the stored collection
   * @param limits the size and ratio limits enforced while reading
   * @return the open input; the caller closes it
   * @throws IOException when the file cannot be opened or its compression read
   */
  public static DecodedInput open(Path file, String name, CollectionLimits limits) throws IOException {
    long size;
    InputStream raw;
    try {
      if (Files.isDirectory(file)) {
        throw new UserInputException(name + ": is a directory");
      }
      size = Files.size(file);
      if (size > limits.maxCompressedBytes()) {
        throw new UserInputException(name + ": larger than the " + limits.maxCompressedBytes() + "-byte limit for a stored collection");
      }
      raw = Files.newInputStream(file);
    } catch (NoSuchFileException e) {
      throw new UserInputException(name + ": no such file");
    } catch (UserInputException e) {
      throw e;
    } catch (IOException e) {
      throw new UserInputException(name + ": cannot read: " + e.getMessage(), e);
    }
    MeteredInputStream stored =
        new MeteredInputStream(
            raw,
            limits.maxCompressedBytes(),
            name + ": larger than the " + limits.maxCompressedBytes() + "-byte limit for a stored collection");
    try {
      BufferedInputStream buffered = new BufferedInputStream(stored, BUFFER);
      buffered.mark(4);
      byte[] head = new byte[4];
      int n = 0;
      while (n < head.length) {
        int r = buffered.read(head, n, head.length - n);
        if (r < 0) {
          break;
        }
        n += r;
      }
      buffered.reset();
      Compression compression = Compression.sniff(head, n);
      InputStream decoded;
      try {
        decoded = compression.decoder(buffered);
      } catch (IOException | RuntimeException e) {
        throw corrupt(name, compression, e);
      }
      Guard guard = new Guard(decoded, stored, name, compression, limits);
      return new DecodedInput(stored, compression, guard, size);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  /**
   * The compression the magic number showed.
   *
   * @return the compression
   */
  public Compression compression() {
    return compression;
  }

  /**
   * The decompressed bytes.
   *
   * @return the stream, bounded by the limits
   */
  public InputStream stream() {
    return stream;
  }

  /**
   * Stored (compressed) bytes consumed so far, including read-ahead.
   *
   * @return the count in bytes
   */
  public long storedBytesRead() {
    return stored.count();
  }

  /**
   * Decompressed bytes delivered so far.
   *
   * @return the count in bytes
   */
  public long decodedBytesRead() {
    return stream.count;
  }

  /**
   * The stored file's size when opened.
   *
   * @return the size in bytes
   */
  public long storedSize() {
    return storedSize;
  }

  @Override
  public void close() throws IOException {
    stream.close();
  }

  static UserInputException corrupt(String name, Compression compression, Throwable e) {
    if (e instanceof UserInputException) {
      return (UserInputException) e;
    }
    String what = compression == Compression.NONE ? "cannot read" : "truncated or corrupt " + compression.label() + " data";
    String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new UserInputException(name + ": " + what + " (" + detail + ")", e);
  }

  /** Counts decompressed bytes, enforces the size and ratio limits, and names every failure. */
  private static final class Guard extends FilterInputStream {
    private final MeteredInputStream stored;
    private final String name;
    private final Compression compression;
    private final CollectionLimits limits;
    private long count;

    Guard(InputStream in, MeteredInputStream stored, String name, Compression compression, CollectionLimits limits) {
      super(in);
      this.stored = stored;
      this.name = name;
      this.compression = compression;
      this.limits = limits;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n;
      try {
        n = in.read(b, off, len);
      } catch (IOException | RuntimeException e) {
        throw corrupt(name, compression, e);
      }
      if (n > 0) {
        count += n;
        check();
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      throw new IOException("skip is not supported");
    }

    @Override
    public boolean markSupported() {
      return false;
    }

    private void check() throws UserInputException {
      if (count > limits.maxUncompressedBytes()) {
        throw new UserInputException(
            name + ": decompresses to more than the " + limits.maxUncompressedBytes()
                + "-byte limit (compression bomb?); " + RAISE_THE_LIMIT);
      }
      long storedSoFar = Math.max(1, stored.count());
      if (compression != Compression.NONE && count > (long) limits.maxRatio() * storedSoFar) {
        throw new UserInputException(
            name + ": decompression ratio exceeds " + limits.maxRatio() + ":1 (" + count + " bytes from "
                + storedSoFar + "); rejected as a compression bomb (SCP: Resource Exhaustion Attacks)");
      }
    }
  }
}
