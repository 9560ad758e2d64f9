package org.acapengine.spark;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What {@link AcapSpark#decide} asks of every URL, and how it reads its inputs.
 *
 * @param crawlers the crawler's names (product tokens), most specific first; never empty
 * @param usages the usages to decide (crawl, index, ...); one output row per URL and usage
 * @param purpose the purpose of the use (search, ai-train, ...), or null
 * @param urlColumn the URL column of the URL table (Common Crawl's index: {@code url})
 * @param fetchTimeColumn the column with each URL's fetch time (a timestamp, or an ISO-8601
 *     string), which chooses the capture; null (or a column the table lacks) to decide every URL by
 *     its origin's latest capture
 * @param noCapture how a URL whose origin has no usable capture is decided
 * @param splitRows an origin with more URLs than this (estimated from a sample) is split over
 *     several tasks, its captures copied to each; 0 to let the job choose from the input's size
 *     and the shuffle partitions
 */
public record DecideOptions(List<String> crawlers, List<String> usages, String purpose, String urlColumn,
    String fetchTimeColumn, NoCapture noCapture, long splitRows) implements Serializable {

  private static final long serialVersionUID = 1L;

  /** How a URL is decided when its origin has no usable robots.txt capture. */
  public enum NoCapture {
    /** As an unreachable robots.txt (RFC 9309 2.3.1.4): everything prohibited. The default. */
    UNREACHABLE,
    /** As an unavailable robots.txt (RFC 9309 2.3.1.3): everything allowed. */
    UNAVAILABLE
  }

  /**
   * Checks the values and copies the lists.
   *
   * @param crawlers the crawler's names (product tokens), most specific first; never empty
   * @param usages the usages to decide; never empty
   * @param purpose the purpose, or null
   * @param urlColumn the URL column
   * @param fetchTimeColumn the fetch-time column, or null
   * @param noCapture how a URL whose origin has no usable capture is decided
   * @param splitRows URLs per task above which an origin is split; 0: chosen by the job
   */
  public DecideOptions {
    crawlers = List.copyOf(crawlers);
    usages = List.copyOf(usages);
    Objects.requireNonNull(urlColumn, "urlColumn");
    Objects.requireNonNull(noCapture, "noCapture");
    if (crawlers.isEmpty() || usages.isEmpty()) {
      throw new IllegalArgumentException("at least one crawler and one usage are needed");
    }
    if (splitRows < 0) {
      throw new IllegalArgumentException("splitRows must be 0 or positive");
    }
  }

  /**
   * The options for one crawler and one usage, with the defaults: URLs in column {@code url},
   * fetch times in {@code fetch_time} when the table has it, no capture deciding as unreachable.
   *
   * @param crawler the crawler's name
   * @param usage the usage
   * @param purpose the purpose, or null
   * @return the options
   */
  public static DecideOptions of(String crawler, String usage, String purpose) {
    return new DecideOptions(List.of(crawler), List.of(usage), purpose, "url", "fetch_time",
        NoCapture.UNREACHABLE, 0);
  }

  /**
   * These options with another fetch-time column, or none.
   *
   * @param column the column, or null for none
   * @return the new options
   */
  public DecideOptions withFetchTimeColumn(String column) {
    return new DecideOptions(crawlers, usages, purpose, urlColumn, column, noCapture, splitRows);
  }

  /**
   * These options with another rule for origins without a capture.
   *
   * @param rule the rule
   * @return the new options
   */
  public DecideOptions withNoCapture(NoCapture rule) {
    return new DecideOptions(crawlers, usages, purpose, urlColumn, fetchTimeColumn, rule, splitRows);
  }

  /**
   * These options with another split threshold.
   *
   * @param rows URLs per task above which an origin is split; 0: chosen by the job
   * @return the new options
   */
  public DecideOptions withSplitRows(long rows) {
    return new DecideOptions(crawlers, usages, purpose, urlColumn, fetchTimeColumn, noCapture, rows);
  }
}
