package org.acapengine.model;

import java.util.Objects;

/**
 * The {@code ##ACAP version=x} comment (2.9.3).
 *
 * @param version the version as written ({@code 1.0})
 * @param span where the comment stands
 */
public record AcapVersion(String version, Span span) {
  /**
   * Checks that no component is null.
   *
   * @param version the version as written ({@code 1.0})
   * @param span where the comment stands
   */
  public AcapVersion {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(span, "span");
  }
}
