package org.acapengine.model;

import java.util.Objects;

/**
 * A {@code User-agent:} line of a conventional group (RFC 9309 2.2.1), value as written.
 *
 * @param value the value as written, stripped
 * @param span where the line stands
 */
public record UserAgentLine(String value, Span span) {
  /**
   * Checks that no component is null.
   *
   * @param value the value as written, stripped
   * @param span where the line stands
   */
  public UserAgentLine {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(span, "span");
  }
}
