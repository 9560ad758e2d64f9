package org.acapengine.model;

import java.util.Objects;
import java.util.Optional;

/**
 * One qualifier specification, {@code type=value} (ACAP 1.0 2.4.1.2, 2.7.1).
 *
 * @param typeName the qualifier type as written
 * @param type the qualifier type, when the vocabulary knows it
 * @param value the value as written (percent-encoding kept)
 * @param parsed the typed value, when the type is known and the value well-formed
 * @param span where it stands
 */
public record Qualifier(String typeName, Optional<QualifierType> type, String value, Optional<QualifierValue> parsed, Span span) {

  /**
   * Checks that no component is null.
   *
   * @param typeName the qualifier type as written
   * @param type the qualifier type, when the vocabulary knows it
   * @param value the value as written (percent-encoding kept)
   * @param parsed the typed value, when the type is known and the value well-formed
   * @param span where it stands
   */
  public Qualifier {
    Objects.requireNonNull(typeName, "typeName");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(parsed, "parsed");
    Objects.requireNonNull(span, "span");
  }

  /**
   * The qualifier type name, lower-cased, as used in decisions' qualifier maps.
   *
   * @return the type name, lower-cased
   */
  public String key() {
    return type.map(QualifierType::token).orElse(typeName.toLowerCase(java.util.Locale.ROOT));
  }
}
