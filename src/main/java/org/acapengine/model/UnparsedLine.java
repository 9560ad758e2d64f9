package org.acapengine.model;

import java.util.Objects;

/** A line the grammar could not place, kept whole (its diagnostic says why). */
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

  public UnparsedLine {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(span, "span");
  }
}
