package org.acapengine.model;

import java.util.Objects;

/** A {@code User-agent:} line of a conventional group (RFC 9309 2.2.1), value as written. */
public record UserAgentLine(String value, Span span) {
  public UserAgentLine {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(span, "span");
  }
}
