package org.acapengine.collections.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;

/**
 * The compressions SCP allows for a collection ("File Format", "Structure"): none ({@code .scp}),
 * gzip ({@code .scp.gz}, RFC 1952, from the JDK) and zstd ({@code .scp.zst}, RFC 8878, libzstd
 * through zstd-jni). Which one a file uses is read from its first bytes, the magic numbers of the
 * SCP media type registration ({@code 1F 8B} and {@code 28 B5 2F FD}; a zstd file may also open
 * with a skippable frame, {@code 5? 2A 4D 18}), never from its name.
 *
 * <p>Both decoders read concatenated gzip members and zstd frames, and both report a stream that
 * ends early as an {@link IOException}. The zstd decoder's memory is bounded by libzstd's default
 * window limit (2<sup>27</sup> bytes, off-heap), whatever the input's size.
 */
public enum Compression {
  /** An uncompressed collection ({@code .scp}). */
  NONE("none", ".scp"),
  /** A gzip collection ({@code .scp.gz}), possibly of several members. */
  GZIP("gzip", ".scp.gz"),
  /** A Zstandard collection ({@code .scp.zst}). */
  ZSTD("zstd", ".scp.zst");

  private static final int BUFFER = 64 * 1024;
  /** Deflating threads for a gzip output: the cores, at most 8 (17 blocks of 128 KiB in flight). */
  private static final int GZIP_THREADS = Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors()));
  /** zstd's default level, which its command-line tool uses too. */
  private static final int ZSTD_LEVEL = 3;

  private final String label;
  private final String extension;

  Compression(String label, String extension) {
    this.label = label;
    this.extension = extension;
  }

  /**
   * {@code none}, {@code gzip} or {@code zstd}: the command-line spelling.
   *
   * @return the label
   */
  public String label() {
    return label;
  }

  /**
   * The file extension SCP gives a collection in this compression.
   *
   * @return the extension, dot included
   */
  public String extension() {
    return extension;
  }

  /**
   * Parses a command-line spelling, ignoring case.
   *
   * @param label {@code none}, {@code gzip} or {@code zstd}, any case
   * @return the compression
   */
  public static Compression fromLabel(String label) {
    for (Compression c : values()) {
      if (c.label.equalsIgnoreCase(label)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown compression '" + label + "' (expected none, gzip or zstd)");
  }

  /**
   * The compression whose magic number {@code head[0..length)} starts with; {@link #NONE} otherwise.
   *
   * @param head the first bytes of the file
   * @param length how many bytes of {@code head} are valid
   * @return the compression, {@link #NONE} when no magic number matches
   */
  public static Compression sniff(byte[] head, int length) {
    if (length >= 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B) {
      return GZIP;
    }
    if (length >= 4
        && (head[0] & 0xFF) == 0x28
        && (head[1] & 0xFF) == 0xB5
        && (head[2] & 0xFF) == 0x2F
        && (head[3] & 0xFF) == 0xFD) {
      return ZSTD;
    }
    if (length >= 4
        && (head[0] & 0xF0) == 0x50
        && (head[1] & 0xFF) == 0x2A
        && (head[2] & 0xFF) == 0x4D
        && (head[3] & 0xFF) == 0x18) {
      return ZSTD; // a skippable frame (RFC 8878 section 3.1.2), which libzstd steps over
    }
    return NONE;
  }

  /**
   * The compression a file name's extension suggests, used only to warn when it disagrees.
   *
   * @param name a file name
   * @return the compression its extension suggests, {@link #NONE} for any other name
   */
  public static Compression fromFileName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".gz")) {
      return GZIP;
    }
    if (lower.endsWith(".zst") || lower.endsWith(".zstd")) {
      return ZSTD;
    }
    return NONE;
  }

  /**
   * Wraps {@code in} (positioned at the magic number) in this compression's decoder.
   *
   * @param in the stored bytes
   * @return a stream of the decompressed bytes
   * @throws IOException when the decoder cannot read the stream's header
   */
  public InputStream decoder(InputStream in) throws IOException {
    switch (this) {
      case GZIP:
        return new GZIPInputStream(in, BUFFER);
      case ZSTD:
        try {
          return ZstdCodec.decoder(in);
        } catch (LinkageError e) {
          throw zstdUnavailable(e);
        }
      default:
        return in;
    }
  }

  /**
   * Wraps {@code out} in this compression's encoder; closing the encoder finishes the stream.
   *
   * @param out the stream the compressed bytes go to
   * @return a stream that compresses what is written to it
   * @throws IOException when the encoder cannot write its header
   */
  public OutputStream encoder(OutputStream out) throws IOException {
    switch (this) {
      case GZIP:
        // One gzip member, deflated in blocks on up to 8 cores (pigz's scheme): deflate is most
        // of a gzip run's time. The JDK's default level (6), as GZIPOutputStream uses.
        return new ParallelGzipOutputStream(out, Deflater.DEFAULT_COMPRESSION, GZIP_THREADS);
      case ZSTD:
        try {
          return ZstdCodec.encoder(out, ZSTD_LEVEL);
        } catch (LinkageError e) {
          throw zstdUnavailable(e);
        }
      default:
        return out;
    }
  }

  /**
   * A gzip encoder, as {@link #encoder} makes for {@link #GZIP}, whose member begins with {@code
   * head} held uncompressed, so that it can be written over in place once the stream is closed
   * ({@link ParallelGzipOutputStream#rewriteHead}).
   *
   * @param out the stream the compressed bytes go to
   * @param head the first bytes of the uncompressed stream
   * @return the encoder
   * @throws IOException when the encoder cannot write its header
   */
  public static ParallelGzipOutputStream gzipWithStoredHead(OutputStream out, byte[] head) throws IOException {
    return new ParallelGzipOutputStream(out, Deflater.DEFAULT_COMPRESSION, GZIP_THREADS, head);
  }

  private static IOException zstdUnavailable(LinkageError e) {
    if (e instanceof NoClassDefFoundError) {
      return new IOException("zstd needs com.github.luben:zstd-jni on the class path (an optional dependency of acap-engine)", e);
    }
    return new IOException("zstd is not available on this platform (" + e.getMessage() + ")", e);
  }

  /**
   * The only code that names zstd-jni's classes. zstd-jni is an optional dependency: keeping its
   * types out of {@link Compression}'s own methods means the class verifies, and gzip and plain
   * files work, when the jar is absent; only zstd then fails, with a one-line error.
   */
  private static final class ZstdCodec {
    private ZstdCodec() {}

    static InputStream decoder(InputStream in) throws IOException {
      return new com.github.luben.zstd.ZstdInputStream(in);
    }

    static OutputStream encoder(OutputStream out, int level) throws IOException {
      com.github.luben.zstd.ZstdOutputStream zstd = new com.github.luben.zstd.ZstdOutputStream(out, level);
      zstd.setChecksum(true);
      // libzstd's own worker threads compress while the caller reads and decides: still one frame.
      int cores = Runtime.getRuntime().availableProcessors();
      if (cores > 1) {
        zstd.setWorkers(cores);
      }
      return zstd;
    }
  }
}
