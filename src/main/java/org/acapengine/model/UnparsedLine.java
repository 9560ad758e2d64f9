package org.acapengine.model;

import java.util.Objects;

/**
 * A line the grammar could not place, kept whole (its diagnostic says why).
 *
 * @param kind what sort of line it was taken for
 * @param text the line as written
 * @param span where the line stands
 */
public record UnparsedLine(Kind kind, String text, Span span) {

  /** Why the line is not part of the model. */
  public enum Kind {
    /** A line with no field name, or a name with no ':'. */
    UNRECOGNISED,
    /** A field name starting "ACAP-" that is no ACAP field. */
    UNKNOWN_ACAP_FIELD,
    /** An ACAP definition field without the definition's shape. */
    MALFORMED_DEFINITION
  }

  /**
   * Checks that no component is null.
   *
   * @param kind what sort of line it was taken for
   * @param text the line as written
   * @param span where the line stands
   */
  public UnparsedLine {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(span, "span");
  }
}
