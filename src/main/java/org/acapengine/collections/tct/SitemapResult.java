package org.acapengine.collections.tct;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.collections.FilterSummary;

/**
 * What {@link SitemapFilter#filter} did.
 *
 * @param summary items read, kept and dropped
 * @param keptWithoutValidator kept items that carry neither {@code contentHash} nor {@code etag}
 * @param unexpectedVersion the sitemap's {@code version} when it is not the integer 1 (kept
 *     going: unknown versions are logged, not fatal), as JSON text
 */
public record SitemapResult(FilterSummary summary, long keptWithoutValidator, Optional<String> unexpectedVersion) {

  /**
   * Checks the summary and version are given.
   *
   * @param summary items read, kept and dropped
   * @param keptWithoutValidator kept items that carry neither {@code contentHash} nor {@code etag}
   * @param unexpectedVersion the sitemap's {@code version} when it is not the integer 1 (kept
   *     going: unknown versions are logged, not fatal), as JSON text
   */
  public SitemapResult {
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(unexpectedVersion, "unexpectedVersion");
  }
}
