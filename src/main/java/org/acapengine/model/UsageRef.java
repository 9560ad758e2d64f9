package org.acapengine.model;

import java.util.Locale;
import java.util.Objects;

/** The usage a permission or prohibition names: a dictionary usage or a locally defined one. */
public sealed interface UsageRef {

  /**
   * {@code ACAP-allow-index}, {@code ACAP-allow-present-snippet}, {@code ACAP-allow-train}.
   *
   * @param usage the dictionary usage
   */
  record Standard(Usage usage) implements UsageRef {
    /**
     * Checks that no component is null.
     *
     * @param usage the dictionary usage
     */
    public Standard {
      Objects.requireNonNull(usage, "usage");
    }

    @Override
    public String toString() {
      return usage.name();
    }
  }

  /**
   * {@code ACAP-allow-(name)}: a qualified or composite usage defined in 2.7.
   *
   * @param name the defined name, without parentheses
   */
  record Local(String name) implements UsageRef {
    /**
     * Checks that no component is null.
     *
     * @param name the defined name, without parentheses
     */
    public Local {
      Objects.requireNonNull(name, "name");
    }

    /**
     * The name compared case-insensitively.
     *
     * @return the name, lower-cased
     */
    public String key() {
      return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
      return "(" + name + ")";
    }
  }
}
