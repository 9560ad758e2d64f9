package org.acapengine.collections.scp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import org.acapengine.collections.AtomicOutput;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.io.AsyncOutputStream;
import org.acapengine.collections.io.CollectionLimits;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.io.DecodedInput;
import org.acapengine.collections.io.LineReader;
import org.acapengine.collections.io.ParallelGzipOutputStream;
import org.acapengine.collections.io.ShieldedOutputStream;
import org.acapengine.model.UserInputException;

/**
 * Where {@link ScpFilter}'s kept pages go, one way per output compression. The metadata line
 * comes first in a collection and carries the checksum of the kept lines, known only at the end:
 *
 * <ul>
 *   <li><b>uncompressed and gzip: one pass.</b> The kept page lines, copied byte for byte, go to a
 *       temporary file behind a metadata line with a placeholder checksum of the same length (in
 *       gzip, held in stored blocks at the start of the one member), which {@link #finish} writes
 *       over in place (with, for gzip, the trailer's CRC-32).
 *   <li><b>zstd: two passes.</b> The checking pass writes each page's keep/drop to a
 *       one-bit-per-page {@link DecisionLog}; {@link #finish} decompresses the input again and
 *       writes the metadata line with the new checksum, then the kept lines. The copied bytes are
 *       hashed again and must match the first pass, so an input that changed in between fails
 *       rather than producing a collection whose checksum lies. (A zstd stream cannot hold a line
 *       uncompressed ahead of compressed data within one frame through zstd-jni, and a frame of its
 *       own would be lost by readers that stop after the first frame: docs/collections.md.)
 * </ul>
 *
 * <p>Either way the output is a temporary file until {@link #finish} publishes it: closing an
 * output that was not finished (a fatal error in the input) leaves nothing.
 */
interface FilterOutput extends AutoCloseable {

  /**
   * The output for a compression.
   *
   * @param compression the output's compression
   * @param output where the filtered collection goes
   * @param input the input, read again by a two-pass output
   * @return the output, open; the caller closes it
   * @throws IOException when the temporary files cannot be created
   */
  static FilterOutput open(Compression compression, Path output, Input input) throws IOException {
    return switch (compression) {
      case NONE, GZIP -> new OnePass(compression, output);
      case ZSTD -> new TwoPass(output, input);
    };
  }

  /**
   * The input a two-pass output reads again, and where it reports progress.
   *
   * @param file the stored collection
   * @param name how messages name it
   * @param limits the limits it is read under
   * @param listener told of the second pass's progress
   */
  record Input(Path file, String name, CollectionLimits limits, FilterListener listener) {}

  /** What the checking pass is called in progress reports: it writes the output, or only checks. */
  String phase();

  /**
   * Called once, after the metadata line was read and before the first page.
   *
   * @param metadata the input's metadata line
   * @throws IOException when the output cannot be written
   */
  default void start(MetadataLine metadata) throws IOException {}

  /**
   * Called for each page line in order, with its bytes (line end included) and whether it is kept.
   *
   * @throws IOException when the output cannot be written
   */
  void page(boolean keep, byte[] bytes, int offset, int length) throws IOException;

  /**
   * Writes the metadata line with the output's checksum and publishes the output.
   *
   * @param metadata the input's metadata line
   * @param outputChecksum the checksum of the kept lines, formatted
   * @param outputDigest its digest, which a second pass must reproduce
   * @return the bytes written to the output file
   * @throws IOException when the output cannot be written
   */
  long finish(MetadataLine metadata, String outputChecksum, byte[] outputDigest) throws IOException;

  @Override
  void close() throws IOException;

  /** The metadata line with a checksum of zeros: as long as the line with the real checksum. */
  static byte[] placeholder(MetadataLine metadata) {
    return metadata.withChecksum(ScpChecksum.format(new byte[32]));
  }

  /** Uncompressed and gzip outputs: the kept lines straight to the output behind a placeholder metadata line. */
  final class OnePass implements FilterOutput {
    private final Compression compression;
    private final AtomicOutput out;
    private final ShieldedOutputStream stored;
    private OutputStream pages;
    private ParallelGzipOutputStream gzip;

    OnePass(Compression compression, Path output) throws IOException {
      this.compression = compression;
      this.out = AtomicOutput.create(output);
      this.stored = new ShieldedOutputStream(out.stream());
    }

    @Override
    public String phase() {
      return "filtering";
    }

    @Override
    public void start(MetadataLine metadata) throws IOException {
      if (compression == Compression.GZIP) {
        gzip = Compression.gzipWithStoredHead(stored, placeholder(metadata));
        // Deflate runs on its own threads, fed from one of its own, beside reading and deciding.
        pages = new AsyncOutputStream(gzip, "acap-compress");
      } else {
        stored.write(placeholder(metadata));
        pages = stored;
      }
    }

    @Override
    public void page(boolean keep, byte[] bytes, int offset, int length) throws IOException {
      if (keep) {
        pages.write(bytes, offset, length);
      }
    }

    @Override
    public long finish(MetadataLine metadata, String outputChecksum, byte[] outputDigest) throws IOException {
      closePages(); // the encoder finished before its head is written over
      byte[] head = metadata.withChecksum(outputChecksum);
      if (head.length != placeholder(metadata).length) {
        throw new IllegalStateException("the metadata line changed length with its checksum");
      }
      if (gzip != null) {
        gzip.rewriteHead(head, out::overwrite);
      } else {
        out.overwrite(0, head);
      }
      out.commit();
      return stored.count();
    }

    private void closePages() throws IOException {
      if (pages != null) {
        OutputStream p = pages;
        pages = null;
        p.close();
      }
    }

    @Override
    public void close() throws IOException {
      try (out) {
        closePages();
      }
    }
  }

  /** Zstd outputs: keep/drop logged in the checking pass, the kept lines written in a second. */
  final class TwoPass implements FilterOutput {
    private final Path output;
    private final Input input;
    private final DecisionLog decisions;
    private DecisionLog.Writer log;

    TwoPass(Path output, Input input) throws IOException {
      this.output = output;
      this.input = input;
      this.decisions = DecisionLog.create(output.toAbsolutePath().getParent());
      try {
        this.log = decisions.writer();
      } catch (IOException | RuntimeException e) {
        decisions.close();
        throw e;
      }
    }

    @Override
    public String phase() {
      return "checking";
    }

    @Override
    public void page(boolean keep, byte[] bytes, int offset, int length) throws IOException {
      log.append(keep);
    }

    @Override
    public long finish(MetadataLine metadata, String outputChecksum, byte[] outputDigest) throws IOException {
      closeLog();
      String name = input.name();
      CollectionLimits limits = input.limits();
      long pageLines = decisions.count();
      try (AtomicOutput out = AtomicOutput.create(output);
          DecodedInput in = DecodedInput.open(input.file(), name, limits);
          DecisionLog.Reader keep = decisions.reader()) {
        ShieldedOutputStream stored = new ShieldedOutputStream(out.stream());
        MessageDigest digest = ScpChecksum.newDigest();
        // The encoder runs on its own thread, beside decompressing and hashing.
        try (OutputStream encoded = new AsyncOutputStream(Compression.ZSTD.encoder(stored), "acap-compress")) {
          LineReader lines = new LineReader(in.stream(), limits.maxPageBytes());
          if (!lines.next() || lines.oversized() || !metadata.sameBytes(lines.bytes(), lines.length())) {
            throw changed(name);
          }
          encoded.write(metadata.withChecksum(outputChecksum));
          long read = 0;
          while (lines.next()) {
            if (++read > pageLines) {
              throw changed(name);
            }
            if (keep.next()) {
              if (lines.oversized()) {
                throw changed(name);
              }
              encoded.write(lines.bytes(), 0, lines.length());
              digest.update(lines.bytes(), 0, lines.length());
            }
            if (read % ScpFilter.PROGRESS_EVERY == 0) {
              input.listener().progress("writing", read, in.storedBytesRead(), in.storedSize());
            }
          }
          input.listener().progress("writing", read, in.storedBytesRead(), in.storedSize());
          if (read != pageLines || !Arrays.equals(digest.digest(), outputDigest)) {
            throw changed(name);
          }
        }
        out.commit();
        return stored.count();
      }
    }

    private void closeLog() throws IOException {
      if (log != null) {
        DecisionLog.Writer l = log;
        log = null;
        l.close();
      }
    }

    @Override
    public void close() throws IOException {
      try (decisions) {
        closeLog();
      }
    }

    private static UserInputException changed(String name) {
      return new UserInputException(name + ": changed while it was being filtered; nothing was written");
    }
  }
}
