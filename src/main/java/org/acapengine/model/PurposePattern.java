package org.acapengine.model;

import java.util.Objects;

/**
 * The pattern of an ACAP-usage-purpose field (2.3.3): a name or URI pattern with {@code *}.
 *
 * @param pattern the purpose pattern as written
 * @param span where the field stands
 */
public record PurposePattern(String pattern, Span span) {
  /**
   * Checks that no component is null.
   *
   * @param pattern the purpose pattern as written
   * @param span where the field stands
   */
  public PurposePattern {
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(span, "span");
  }
}
