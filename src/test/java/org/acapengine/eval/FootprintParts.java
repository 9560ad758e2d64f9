package org.acapengine.eval;

/** What of a crawler policy's bytes its indexes hold, for reports outside this package (tests, {@code RetainedMemoryReport}). */
public final class FootprintParts {

  private FootprintParts() {}

  /**
   * The bytes the indexes of {@code p}'s tables hold, as {@link CrawlerPolicy#heapBytes} counts
   * them (within a few per cent of JOL, {@code FootprintTest}).
   *
   * @param p a crawler policy
   * @return the bytes
   */
  public static long indexBytes(CrawlerPolicy p) {
    return Footprint.indexOf(p);
  }
}
