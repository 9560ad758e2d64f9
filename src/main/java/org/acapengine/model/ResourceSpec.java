package org.acapengine.model;

import java.util.Locale;
import java.util.Objects;

/** A resource specification (ACAP 1.0 2.4.3): a path pattern or a named resource set. */
public sealed interface ResourceSpec {

  /** resource-path-pattern: a path with {@code *} and {@code $} as in 2.8. */
  record PathPattern(String pattern) implements ResourceSpec {
    public PathPattern {
      Objects.requireNonNull(pattern, "pattern");
    }

    @Override
    public String toString() {
      return pattern;
    }
  }

  /** {@code the-acap:resource-set:name} (2.4.4). */
  record ResourceSetRef(String name) implements ResourceSpec {
    public static final String PREFIX = "the-acap:resource-set:";

    public ResourceSetRef {
      Objects.requireNonNull(name, "name");
    }

    /** The name compared case-insensitively. */
    public String key() {
      return name.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
      return PREFIX + name;
    }
  }
}
