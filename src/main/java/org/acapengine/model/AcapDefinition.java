package org.acapengine.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** A definition field (ACAP 1.0 2.7). Names are case-insensitive. */
public sealed interface AcapDefinition {

  String name();

  Span span();

  /** The name compared case-insensitively. */
  default String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** ACAP-qualified-usage: name usage qualifiers (2.7.1). */
  record QualifiedUsage(String name, Usage usage, List<Qualifier> qualifiers, Span span) implements AcapDefinition {
    public QualifiedUsage {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(usage, "usage");
      qualifiers = List.copyOf(qualifiers);
      Objects.requireNonNull(span, "span");
    }
  }

  /** ACAP-composite-usage: name members (2.7.2); a member is a usage or a (qualified-usage). */
  record CompositeUsage(String name, List<UsageRef> members, Span span) implements AcapDefinition {
    public CompositeUsage {
      Objects.requireNonNull(name, "name");
      members = List.copyOf(members);
      Objects.requireNonNull(span, "span");
    }
  }

  /** ACAP-resource-set: name patterns (2.7.3). */
  record ResourceSet(String name, List<String> patterns, Span span) implements AcapDefinition {
    public ResourceSet {
      Objects.requireNonNull(name, "name");
      patterns = List.copyOf(patterns);
      Objects.requireNonNull(span, "span");
    }
  }
}
