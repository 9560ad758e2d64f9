package org.acapengine.diff;

import java.util.Objects;

/**
 * A question whose verdict differs between the two versions.
 *
 * @param crawler the crawler asked about ({@value PolicyDiff#ANY_CRAWLER} for any other crawler)
 * @param usage the usage
 * @param path the path or URL
 * @param before the old version's answer
 * @param after the new version's answer
 */
public record DiffChange(String crawler, String usage, String path, DiffSide before, DiffSide after) {
  /**
   * Checks that no component is null.
   *
   * @param crawler the crawler
   * @param usage the usage
   * @param path the path
   * @param before the old answer
   * @param after the new answer
   */
  public DiffChange {
    Objects.requireNonNull(crawler, "crawler");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
  }
}
