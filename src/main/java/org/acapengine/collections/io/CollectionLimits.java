package org.acapengine.collections.io;

/**
 * The resource limits SCP "Security Considerations", "Resource Exhaustion Attacks" says crawlers
 * MUST enforce. Sizes are in bytes; the spec's "MB"/"GB" are read as decimal units, the stricter
 * reading.
 *
 * @param maxCompressedBytes the largest stored file ("Total file (compressed): 50 GB maximum")
 * @param maxUncompressedBytes the most bytes decompression may produce ("Total file
 *     (decompressed): 500 GB maximum"; {@code --max-uncompressed})
 * @param maxRatio the largest uncompressed:compressed ratio ("Decompression Ratio: Limit
 *     decompression ratio to 100:1 maximum")
 * @param maxPageBytes the longest page line, newline excluded ("Single page object: 100 MB
 *     maximum"); also bounds the metadata line
 * @param maxBlocksPerPage the most content blocks in one page ("Content array: 1000 blocks per
 *     page maximum")
 */
public record CollectionLimits(
    long maxCompressedBytes, long maxUncompressedBytes, int maxRatio, int maxPageBytes, int maxBlocksPerPage) {

  /** The spec's limits. */
  public static final CollectionLimits SPEC =
      new CollectionLimits(50_000_000_000L, 500_000_000_000L, 100, 100_000_000, 1000);

  /**
   * Checks every limit is positive.
   *
   * @param maxCompressedBytes the largest stored file ("Total file (compressed): 50 GB maximum")
   * @param maxUncompressedBytes the most bytes decompression may produce ("Total file
   *     (decompressed): 500 GB maximum"; {@code --max-uncompressed})
   * @param maxRatio the largest uncompressed:compressed ratio ("Decompression Ratio: Limit
   *     decompression ratio to 100:1 maximum")
   * @param maxPageBytes the longest page line, newline excluded ("Single page object: 100 MB
   *     maximum"); also bounds the metadata line
   * @param maxBlocksPerPage the most content blocks in one page ("Content array: 1000 blocks per
   *     page maximum")
   * @throws IllegalArgumentException when a limit is below 1
   */
  public CollectionLimits {
    if (maxCompressedBytes < 1 || maxUncompressedBytes < 1 || maxRatio < 1 || maxPageBytes < 1 || maxBlocksPerPage < 1) {
      throw new IllegalArgumentException("limits must be positive");
    }
    if (maxPageBytes > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("maxPageBytes too large: " + maxPageBytes);
    }
  }

  /**
   * These limits with another decompressed-size limit.
   *
   * @param bytes the most bytes decompression may produce
   * @return a copy with {@link #maxUncompressedBytes()} replaced
   */
  public CollectionLimits withMaxUncompressedBytes(long bytes) {
    return new CollectionLimits(maxCompressedBytes, bytes, maxRatio, maxPageBytes, maxBlocksPerPage);
  }

  /**
   * These limits with another page-size limit.
   *
   * @param bytes the longest page line in bytes, newline excluded
   * @return a copy with {@link #maxPageBytes()} replaced
   */
  public CollectionLimits withMaxPageBytes(int bytes) {
    return new CollectionLimits(maxCompressedBytes, maxUncompressedBytes, maxRatio, bytes, maxBlocksPerPage);
  }
}
