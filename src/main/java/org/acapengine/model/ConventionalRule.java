package org.acapengine.model;

import java.util.Objects;

/**
 * An {@code Allow:} or {@code Disallow:} line (RFC 9309 2.2.2).
 *
 * @param allow true for Allow
 * @param pattern the path pattern as written (trimmed, comment removed; may be empty)
 * @param insideAcapRecord true when the line follows a field of an ACAP record with no
 *     User-agent line in between: ACAP crawlers ignore it (ACAP 2.9.2), legacy crawlers apply it
 *     to the group it stands in
 * @param span the whole line
 */
public record ConventionalRule(boolean allow, String pattern, boolean insideAcapRecord, Span span) {
  /**
   * Checks that no component is null.
   *
   * @param allow true for Allow
   * @param pattern the path pattern as written (trimmed, comment removed; may be empty)
   * @param insideAcapRecord true when the line follows a field of an ACAP record with no
   *     User-agent line in between: ACAP crawlers ignore it (ACAP 2.9.2), legacy crawlers apply it
   *     to the group it stands in
   * @param span the whole line
   */
  public ConventionalRule {
    Objects.requireNonNull(pattern, "pattern");
    Objects.requireNonNull(span, "span");
  }
}
