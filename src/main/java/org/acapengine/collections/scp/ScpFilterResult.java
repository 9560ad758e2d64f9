package org.acapengine.collections.scp;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.collections.FilterSummary;
import org.acapengine.collections.io.Compression;

/**
 * What {@link ScpFilter#filter} did.
 *
 * @param metadata the input's validated metadata
 * @param inputCompression the input's compression, as its magic number showed
 * @param outputCompression the output's compression
 * @param inputChecksum the input's {@code checksum}, verified, if it had one
 * @param outputChecksum the checksum written into the output's metadata line
 * @param summary pages read, kept and dropped
 * @param storedBytesIn the input's stored (compressed) size
 * @param uncompressedBytesIn the input's uncompressed size
 * @param storedBytesOut the output's stored (compressed) size
 */
public record ScpFilterResult(
    CollectionMetadata metadata,
    Compression inputCompression,
    Compression outputCompression,
    Optional<String> inputChecksum,
    String outputChecksum,
    FilterSummary summary,
    long storedBytesIn,
    long uncompressedBytesIn,
    long storedBytesOut) {

  /**
   * Checks that no component is null.
   *
   * @param metadata the input's validated metadata
   * @param inputCompression the input's compression, as its magic number showed
   * @param outputCompression the output's compression
   * @param inputChecksum the input's {@code checksum}, verified, if it had one
   * @param outputChecksum the checksum written into the output's metadata line
   * @param summary pages read, kept and dropped
   * @param storedBytesIn the input's stored (compressed) size
   * @param uncompressedBytesIn the input's uncompressed size
   * @param storedBytesOut the output's stored (compressed) size
   */
  public ScpFilterResult {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(inputCompression, "inputCompression");
    Objects.requireNonNull(outputCompression, "outputCompression");
    Objects.requireNonNull(inputChecksum, "inputChecksum");
    Objects.requireNonNull(outputChecksum, "outputChecksum");
    Objects.requireNonNull(summary, "summary");
  }
}
