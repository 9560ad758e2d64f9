package org.acapengine.model;

import java.util.Objects;

/**
 * One ACAP-crawler field's crawler name (2.3.1); {@code *} is "any crawler".
 *
 * @param name the crawler name as written, or {@code *}
 * @param span where the name stands
 */
public record CrawlerName(String name, Span span) {

  /**
   * Checks that no component is null.
   *
   * @param name the crawler name as written, or {@code *}
   * @param span where the name stands
   */
  public CrawlerName {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(span, "span");
  }

  /**
   * Whether the name is {@code *}, any crawler.
   *
   * @return true for {@code *}
   */
  public boolean isAnyCrawler() {
    return name.equals("*");
  }
}
