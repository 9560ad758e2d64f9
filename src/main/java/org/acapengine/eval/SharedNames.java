package org.acapengine.eval;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.acapengine.model.QualifierType;

/**
 * The names of the ACAP dictionary and its qualifier types, each held once for every table
 * ({@link RuleTableBuilder} builds tables that refer to them; {@link Footprint} does not count
 * them against any one table).
 */
final class SharedNames {

  private SharedNames() {}

  /** The names of the ACAP dictionary, each as one string every table shares. */
  static final Map<String, String> VOCABULARY = new HashMap<>();
  /** Each qualifier type as one optional every table shares. */
  static final Map<QualifierType, Optional<QualifierType>> TYPES = new java.util.EnumMap<>(QualifierType.class);
  private static final int LONGEST_NAME; // of the vocabulary's names and qualifier types

  static {
    int longest = 0;
    for (String name : org.acapengine.model.Usage.vocabulary()) {
      VOCABULARY.put(name, name);
      longest = Math.max(longest, name.length());
    }
    for (QualifierType t : QualifierType.values()) {
      TYPES.put(t, Optional.of(t));
      longest = Math.max(longest, t.token().length());
    }
    LONGEST_NAME = longest;
  }

  /** {@code usage} as the one string every table shares when it is a name of the vocabulary, else itself. */
  static String name(String usage) {
    return VOCABULARY.getOrDefault(usage, usage);
  }

  /** True for a string every table shares (a usage name or qualifier type of the vocabulary). */
  static boolean isShared(String s) {
    if (s.length() > LONGEST_NAME) { // not a name: a table's whole text, when it is weighed, is not hashed
      return false;
    }
    if (VOCABULARY.get(s) == s) {
      return true;
    }
    for (QualifierType t : QualifierType.values()) {
      if (t.token() == s) {
        return true;
      }
    }
    return false;
  }
}
