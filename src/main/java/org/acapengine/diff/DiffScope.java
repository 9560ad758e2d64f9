package org.acapengine.diff;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The questions a diff asks both versions: every crawler × every path × every usage, with one
 * purpose (or none).
 *
 * @param crawlers the crawler names, {@value PolicyDiff#ANY_CRAWLER} for a crawler no group or
 *     record names
 * @param paths the paths (or URLs), in order
 * @param usages the usages, in order
 * @param purpose the purpose every question states, if any
 */
public record DiffScope(List<String> crawlers, List<String> paths, List<String> usages, Optional<String> purpose) {
  /**
   * Copies the lists and checks that none is empty.
   *
   * @param crawlers the crawler names
   * @param paths the paths
   * @param usages the usages
   * @param purpose the purpose, if any
   * @throws IllegalArgumentException when a list is empty
   */
  public DiffScope {
    crawlers = List.copyOf(crawlers);
    paths = List.copyOf(paths);
    usages = List.copyOf(usages);
    Objects.requireNonNull(purpose, "purpose");
    if (crawlers.isEmpty() || paths.isEmpty() || usages.isEmpty()) {
      throw new IllegalArgumentException("a diff needs at least one crawler, path and usage");
    }
  }

  /**
   * How many questions the scope asks each version.
   *
   * @return crawlers × paths × usages
   */
  public long questions() {
    return (long) crawlers.size() * paths.size() * usages.size();
  }
}
