package org.acapengine.adapters.scorpion;

import java.util.List;
import java.util.Objects;

/**
 * A whole {@code /.special/crawl} file: every line with its number, in order, whatever it says
 * (effectiveness depends on the crawler; see {@link ScorpionCrawlerPolicy}).
 *
 * @param sourceName where the file came from, for messages and hint sources
 * @param lines every line; empty when the file was over the size limit
 * @param sizeLimitExceeded true when the file was larger than the reader's limit and was not
 *     read: it is then not understood for any crawler
 */
public record ScorpionFile(String sourceName, List<ScorpionLine> lines, boolean sizeLimitExceeded) {

  /**
   * Copies the lines into an immutable list.
   *
   * @param sourceName where the file came from, for messages and hint sources
   * @param lines every line; empty when the file was over the size limit
   * @param sizeLimitExceeded true when the file was larger than the reader's limit and was not
   *     read: it is then not understood for any crawler
   * @throws IllegalArgumentException when an oversized file keeps lines
   */
  public ScorpionFile {
    Objects.requireNonNull(sourceName, "sourceName");
    lines = List.copyOf(lines);
    if (sizeLimitExceeded && !lines.isEmpty()) {
      throw new IllegalArgumentException("an oversized file keeps no lines");
    }
  }
}
