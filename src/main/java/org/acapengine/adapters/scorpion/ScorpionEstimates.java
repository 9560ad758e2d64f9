package org.acapengine.adapters.scorpion;

import java.util.Optional;

/**
 * The site's estimates for a crawl ({@code n}: number of files, {@code t}: total size, read as
 * bytes since the draft gives no unit). Estimates are not limits, so they are not
 * {@link org.acapengine.hints.CrawlHints} and are never merged.
 */
public record ScorpionEstimates(Optional<Long> files, Optional<Long> totalSize) {

  public static ScorpionEstimates none() {
    return new ScorpionEstimates(Optional.empty(), Optional.empty());
  }
}
