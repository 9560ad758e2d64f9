package org.acapengine.model;

import java.util.Objects;

/** The pattern of an ACAP-usage-purpose field (2.3.3): a name or URI pattern with {@code *}. */
public record PurposePattern(String pattern, Span span) {
  public PurposePattern {
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(span, "span");
  }
}
