package org.acapengine.model;

import java.util.Objects;

/** One ACAP-crawler field's crawler name (2.3.1); {@code *} is "any crawler". */
public record CrawlerName(String name, Span span) {

  public CrawlerName {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(span, "span");
  }

  public boolean isAnyCrawler() {
    return name.equals("*");
  }
}
