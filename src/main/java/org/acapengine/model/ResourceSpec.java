package org.acapengine.model;

import java.util.Locale;
import java.util.Objects;

/** A resource specification (ACAP 1.0 2.4.3): a path pattern or a named resource set. */
public sealed interface ResourceSpec {

  /**
   * resource-path-pattern: a path with {@code *} and {@code $} as in 2.8.
   *
   * @param pattern the pattern as written
   */
  record PathPattern(String pattern) implements ResourceSpec {
    /**
     * Checks that no component is null.
     *
     * @param pattern the pattern as written
     */
    public PathPattern {
      Objects.requireNonNull(pattern, "pattern");
    }

    @Override
    public String toString() {
      return pattern;
    }
  }

  /**
   * {@code the-acap:resource-set:name} (2.4.4).
   *
   * @param name the resource set's name, after the prefix
   */
  record ResourceSetRef(String name) implements ResourceSpec {
    /** The URI prefix that names a resource set in a field's resource position. */
    public static final String PREFIX = "the-acap:resource-set:";

    /**
     * Checks that no component is null.
     *
     * @param name the resource set's name, after the prefix
     */
    public ResourceSetRef {
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
      return PREFIX + name;
    }
  }
}
