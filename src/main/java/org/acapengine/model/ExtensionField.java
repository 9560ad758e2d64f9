package org.acapengine.model;

import java.util.Locale;
import java.util.Objects;

/**
 * Any other {@code name: value} line: Sitemap, Crawl-delay, Request-rate, Host, Content-Signal,
 * ... Kept as written; the name is compared case-insensitively.
 */
public record ExtensionField(String name, String value, boolean insideAcapRecord, Span span) {
  public ExtensionField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(span, "span");
  }

  /** The field name, lower-cased. */
  public String key() {
    return name.toLowerCase(Locale.ROOT);
  }
}
