package org.acapengine.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** A definition field (ACAP 1.0 2.7). Names are case-insensitive. */
public sealed interface AcapDefinition {

  /**
   * The defined name.
   *
   * @return the name, as written
   */
  String name();

  /**
   * Where the definition stands.
   *
   * @return the field's span
   */
  Span span();

  /**
   * The name compared case-insensitively.
   *
   * @return the name, lower-cased
   */
  default String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * ACAP-qualified-usage: name usage qualifiers (2.7.1).
   *
   * @param name the defined name, as written
   * @param usage the usage it qualifies
   * @param qualifiers the qualifiers that come with it
   * @param span where the field stands
   */
  record QualifiedUsage(String name, Usage usage, List<Qualifier> qualifiers, Span span) implements AcapDefinition {
    /**
     * Checks that no component is null, copies the collections into immutable ones.
     *
     * @param name the defined name, as written
     * @param usage the usage it qualifies
     * @param qualifiers the qualifiers that come with it
     * @param span where the field stands
     */
    public QualifiedUsage {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(usage, "usage");
      qualifiers = List.copyOf(qualifiers);
      Objects.requireNonNull(span, "span");
    }
  }

  /**
   * ACAP-composite-usage: name members (2.7.2); a member is a usage or a (qualified-usage).
   *
   * @param name the defined name, as written
   * @param members the usages and qualified usages it stands for
   * @param span where the field stands
   */
  record CompositeUsage(String name, List<UsageRef> members, Span span) implements AcapDefinition {
    /**
     * Checks that no component is null, copies the members into an immutable list that holds
     * their names (a member's usage is made again when read).
     *
     * @param name the defined name, as written
     * @param members the usages and qualified usages it stands for
     * @param span where the field stands
     */
    public CompositeUsage {
      Objects.requireNonNull(name, "name");
      members = PackedUsageRefs.copyOf(members);
      Objects.requireNonNull(span, "span");
    }
  }

  /**
   * ACAP-resource-set: name patterns (2.7.3).
   *
   * @param name the defined name, as written
   * @param patterns the resource path patterns of the set
   * @param span where the field stands
   */
  record ResourceSet(String name, List<String> patterns, Span span) implements AcapDefinition {
    /**
     * Checks that no component is null, copies the patterns into an immutable list that holds
     * them as one string.
     *
     * @param name the defined name, as written
     * @param patterns the resource path patterns of the set
     * @param span where the field stands
     */
    public ResourceSet {
      Objects.requireNonNull(name, "name");
      patterns = PackedStrings.copyOf(patterns);
      Objects.requireNonNull(span, "span");
    }
  }
}
