package org.acapengine.adapters.tct;

import java.util.Locale;
import java.util.Optional;
import org.acapengine.model.Purpose;

/**
 * The usage purposes a TCT policy descriptor states permissions for (tct-collab-tunnel-draft.txt,
 * policy descriptor, {@code purposes} object), with the ACAP usage-purpose name each maps to
 * (acap-rep-extensions-part1-v1.0.txt 2.3.3).
 */
public enum UsagePurpose {
  /** {@code allow_search_indexing}: search engines and their indexes. */
  SEARCH("search", "allow_search_indexing", Purpose.SEARCH),
  /** {@code allow_ai_input}: content given to an AI system as input (retrieval, grounding). */
  AI_INPUT("ai-input", "allow_ai_input", Purpose.AI_INPUT),
  /** {@code allow_ai_train}: content used to train AI models. */
  AI_TRAIN("ai-train", "allow_ai_train", Purpose.AI_TRAIN);

  private final String acapName;
  private final String jsonField;
  private final Purpose purpose;

  UsagePurpose(String acapName, String jsonField, Purpose purpose) {
    this.acapName = acapName;
    this.jsonField = jsonField;
    this.purpose = purpose;
  }

  /**
   * The purpose of the one vocabulary this flag speaks to (docs/formats.md).
   *
   * @return the purpose
   */
  public Purpose purpose() {
    return purpose;
  }

  /**
   * The ACAP usage-purpose name: {@code search}, {@code ai-input}, {@code ai-train}.
   *
   * @return the ACAP name, lower case
   */
  public String acapName() {
    return acapName;
  }

  /**
   * The member name in the descriptor's {@code purposes} object.
   *
   * @return the JSON member name, e.g. {@code allow_ai_train}
   */
  public String jsonField() {
    return jsonField;
  }

  /**
   * The purpose a query names, compared case-insensitively with {@link #acapName()}.
   *
   * @param purpose the query's purpose, not null
   * @return the purpose, or empty when TCT has no flag for it
   */
  public static Optional<UsagePurpose> fromQuery(String purpose) {
    String wanted = purpose.strip().toLowerCase(Locale.ROOT);
    for (UsagePurpose p : values()) {
      if (p.acapName.equals(wanted)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  static Optional<UsagePurpose> fromJsonField(String field) {
    for (UsagePurpose p : values()) {
      if (p.jsonField.equals(field)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
