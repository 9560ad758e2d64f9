package org.acapengine.audit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.acapengine.model.Verdict;

/**
 * What a site's policy says to one crawler: whether it may crawl {@code /} and each path asked
 * about, and, per purpose, whether it may use the content.
 *
 * @param crawler the crawler
 * @param crawlRoot whether crawl of {@code /} is allowed
 * @param paths each path asked about, in order, and whether it may be crawled
 * @param purposes each purpose ({@code search}, {@code ai-input}, {@code ai-train}) and what the
 *     sources say about using the content of {@code /} for it ({@link Verdict#NO_OPINION}: no
 *     source speaks)
 * @param deciding for {@code crawl /}, each {@code crawl PATH} and each purpose, the deciding line
 *     ({@code FILE:LINE: text}); absent where nothing decided. A purpose no source speaks to, for
 *     a crawler that may not crawl {@code /}, has the line that prohibits crawling
 */
public record AuditRow(KnownCrawler crawler, boolean crawlRoot, Map<String, Boolean> paths, Map<String, Verdict> purposes,
    Map<String, String> deciding) {

  /** The label of a purpose no source speaks to, for a crawler that may crawl {@code /}. */
  public static final String UNSTATED = "unstated";

  /** The label of a purpose no source speaks to, for a crawler that may not crawl {@code /}. */
  public static final String BLOCKED = "blocked (crawl)";

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

  /**
   * How every output shows a purpose: {@code prohibited} when a source prohibits it; for a crawler
   * that may not crawl {@code /}, otherwise {@value #BLOCKED}: it cannot fetch the pages, whatever
   * the preferences say (RFC 9309 rules are about fetching); else {@code allowed}, or {@value
   * #UNSTATED} when no source speaks. The labels are those of acap report's legend
   * ({@code report.AuditLegend}).
   *
   * @param purpose a purpose of {@link #purposes()}
   * @return the label
   */
  public String label(String purpose) {
    Verdict v = purposes.getOrDefault(purpose, Verdict.NO_OPINION);
    if (v == Verdict.PROHIBITED) {
      return "prohibited";
    }
    if (!crawlRoot) {
      return BLOCKED;
    }
    return v == Verdict.ALLOWED ? "allowed" : UNSTATED;
  }
}
