package org.acapengine.model;

import java.util.Locale;
import java.util.Objects;

/**
 * Any other {@code name: value} line: Sitemap, Crawl-delay, Request-rate, Host, Content-Signal,
 * ... Kept as written; the name is compared case-insensitively.
 *
 * @param name the field name as written
 * @param value the value as written, stripped
 * @param insideAcapRecord whether the line stands inside an ACAP record
 * @param span where the line stands
 */
public record ExtensionField(String name, String value, boolean insideAcapRecord, Span span) {
  /**
   * Checks that no component is null.
   *
   * @param name the field name as written
   * @param value the value as written, stripped
   * @param insideAcapRecord whether the line stands inside an ACAP record
   * @param span where the line stands
   */
  public ExtensionField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(span, "span");
  }

  /**
   * The field name, lower-cased.
   *
   * @return the name, lower-cased
   */
  public String key() {
    return name.toLowerCase(Locale.ROOT);
  }
}
