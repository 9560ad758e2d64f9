package org.acapengine.adapters.tct;

import java.util.Optional;

/**
 * A usage condition from the descriptor's {@code requirements} object
 * (tct-collab-tunnel-draft.txt, policy descriptor). A requirement whose value is {@code true}
 * imposes the obligation; {@code false}, absent or invalid imposes nothing.
 */
public enum Obligation {
  /** {@code attribution_required}: credit the publisher where the content is used. */
  ATTRIBUTION("attribution_required"),
  /** {@code link_back_required}: link to the canonical URL where the content is used. */
  LINK_BACK("link_back_required"),
  /** {@code notice_required}: carry the publisher's notice (e.g. copyright) with the content. */
  NOTICE("notice_required");

  private final String jsonField;

  Obligation(String jsonField) {
    this.jsonField = jsonField;
  }

  /**
   * The member name in the descriptor's {@code requirements} object.
   *
   * @return the JSON member name, e.g. {@code attribution_required}
   */
  public String jsonField() {
    return jsonField;
  }

  static Optional<Obligation> fromJsonField(String field) {
    for (Obligation o : values()) {
      if (o.jsonField.equals(field)) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }
}
