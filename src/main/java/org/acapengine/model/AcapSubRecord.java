package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/**
 * A sub-record (2.3): usage-purpose patterns, then the fields that apply for those purposes.
 *
 * @param purposes the patterns of its well-formed usage-purpose fields; empty when every
 *     usage-purpose field that opened it was malformed, in which case the sub-record applies to no
 *     purpose (its fields grant and forbid nothing)
 * @param fields its permissions and prohibitions (and misplaced fields), in file order
 * @param span from its first usage-purpose field to its last field
 */
public record AcapSubRecord(List<PurposePattern> purposes, List<AcapField> fields, Span span) {
  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param purposes the patterns of its well-formed usage-purpose fields; empty when every
   *     usage-purpose field that opened it was malformed, in which case the sub-record applies to no
   *     purpose (its fields grant and forbid nothing)
   * @param fields its permissions and prohibitions (and misplaced fields), in file order
   * @param span from its first usage-purpose field to its last field
   */
  public AcapSubRecord {
    purposes = List.copyOf(purposes);
    fields = List.copyOf(fields);
    Objects.requireNonNull(span, "span");
  }
}
