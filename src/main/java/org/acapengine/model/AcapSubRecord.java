package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/** A sub-record (2.3): usage-purpose patterns, then the fields that apply for those purposes. */
public record AcapSubRecord(List<PurposePattern> purposes, List<AcapField> fields, Span span) {
  public AcapSubRecord {
    purposes = List.copyOf(purposes);
    fields = List.copyOf(fields);
    Objects.requireNonNull(span, "span");
    if (purposes.isEmpty()) {
      throw new IllegalArgumentException("a sub-record starts with at least one usage-purpose field");
    }
  }
}
