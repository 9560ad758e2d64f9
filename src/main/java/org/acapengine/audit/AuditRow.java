package org.acapengine.audit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a site's policy says to one crawler: whether it may crawl {@code /} and each path asked
 * about, and, per purpose, whether it may use the content.
 *
 * @param crawler the crawler
 * @param crawlRoot whether crawl of {@code /} is allowed
 * @param paths each path asked about, in order, and whether it may be crawled
 * @param purposes each purpose ({@code search}, {@code ai-input}, {@code ai-train}) and its verdict
 * @param deciding for {@code crawl /}, each {@code crawl PATH} and each purpose, the deciding line
 *     ({@code FILE:LINE: text}); absent where nothing decided
 */
public record AuditRow(KnownCrawler crawler, boolean crawlRoot, Map<String, Boolean> paths, Map<String, PurposeVerdict> purposes,
    Map<String, String> deciding) {

  /** A purpose's verdict in the audit. */
  public enum PurposeVerdict {
    /** A source speaks and allows. */
    ALLOWED("allowed"),
    /** A source speaks and prohibits. */
    PROHIBITED("prohibited"),
    /** No source speaks: allowed by default. */
    UNSTATED("unstated");

    private final String label;

    PurposeVerdict(String label) {
      this.label = label;
    }

    /**
     * The name output uses.
     *
     * @return {@code allowed}, {@code prohibited} or {@code unstated}
     */
    public String label() {
      return label;
    }
  }

  /**
   * Checks the components and copies the maps, keeping their order.
   *
   * @param crawler the crawler
   * @param crawlRoot crawl of /
   * @param paths the paths
   * @param purposes the purposes
   * @param deciding the deciding lines
   */
  public AuditRow {
    Objects.requireNonNull(crawler, "crawler");
    paths = Collections.unmodifiableMap(new LinkedHashMap<>(paths));
    purposes = Collections.unmodifiableMap(new LinkedHashMap<>(purposes));
    deciding = Collections.unmodifiableMap(new LinkedHashMap<>(deciding));
  }
}
