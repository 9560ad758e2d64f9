package org.acapengine.hints;

import java.util.Objects;
import org.acapengine.model.SourceLine;

/**
 * One typed crawl-hint value together with the place it came from, so that a merged
 * {@link CrawlHints} can still say which file and line imposed each limit.
 *
 * @param <T> the value type ({@link java.time.Duration}, {@link RequestRate}, {@link Long})
 *
 * @param value the limit
 * @param source the file and line it came from
 */
public record Hint<T>(T value, SourceLine source) {

  /**
   * Checks that no component is null.
   *
   * @param value the limit
   * @param source the file and line it came from
   */
  public Hint {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
  }
}
