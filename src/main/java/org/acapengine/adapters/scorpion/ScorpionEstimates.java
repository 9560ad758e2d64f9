package org.acapengine.adapters.scorpion;

import java.util.Optional;

/**
 * The site's estimates for a crawl ({@code n}: number of files, {@code t}: total size, read as
 * bytes since the draft gives no unit). Estimates are not limits, so they are not
 * {@link org.acapengine.hints.CrawlHints} and are never merged.
 *
 * @param files the {@code n} estimate: number of files to download, if stated
 * @param totalSize the {@code t} estimate: total size in bytes, if stated
 */
public record ScorpionEstimates(Optional<Long> files, Optional<Long> totalSize) {

  /**
   * Estimates for a file that states none.
   *
   * @return estimates with both values empty
   */
  public static ScorpionEstimates none() {
    return new ScorpionEstimates(Optional.empty(), Optional.empty());
  }
}
