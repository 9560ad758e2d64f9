package org.acapengine.model;

import java.util.Objects;

/** The {@code ##ACAP version=x} comment (2.9.3). */
public record AcapVersion(String version, Span span) {
  public AcapVersion {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(span, "span");
  }
}
