package org.acapengine.model;

import java.util.Locale;
import java.util.Objects;

/** The usage a permission or prohibition names: a dictionary usage or a locally defined one. */
public sealed interface UsageRef {

  /** {@code ACAP-allow-index}, {@code ACAP-allow-present-snippet}, {@code ACAP-allow-train}. */
  record Standard(Usage usage) implements UsageRef {
    public Standard {
      Objects.requireNonNull(usage, "usage");
    }

    @Override
    public String toString() {
      return usage.name();
    }
  }

  /** {@code ACAP-allow-(name)}: a qualified or composite usage defined in 2.7. */
  record Local(String name) implements UsageRef {
    public Local {
      Objects.requireNonNull(name, "name");
    }

    /** The name compared case-insensitively. */
    public String key() {
      return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
      return "(" + name + ")";
    }
  }
}
