package org.acapengine.model;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The usage qualifier types of ACAP 1.0 section 2.5, with the usages each is valid for. */
public enum QualifierType {
  /** 2.5.3.1, 2.5.4.1, 2.5.5.2.1: index, preserve, present and its derivatives. */
  TIME_LIMIT("time-limit"),
  /** 2.5.3.2 (index, by prior arrangement) and 2.5.5.2.2 (present: not ready for implementation). */
  MUST_USE_RESOURCE("must-use-resource"),
  /** 2.5.5.2.3: present-snippet and present-oldsnippet. */
  MAX_LENGTH("max-length"),
  /** 2.5.5.2.4: present, present-original, present-currentcopy, present-oldcopy; repeatable. */
  PROHIBITED_MODIFICATION("prohibited-modification"),
  /** 2.5.5.2.5: present and its derivatives; not ready for implementation. */
  MUST_INCLUDE_RESOURCE("must-include-resource"),
  /** 2.5.5.2.6: present-original, present-currentcopy, present-oldcopy. */
  PROHIBITED_CONTEXT("prohibited-context"),
  /** 2.5.5.2.7: present-original, present-currentcopy, present-oldcopy. */
  REQUIRED_CONTEXT("required-context");

  private static final Set<ResourceType> FRAMED = EnumSet.of(ResourceType.ORIGINAL, ResourceType.CURRENTCOPY, ResourceType.OLDCOPY);

  private final String token;

  QualifierType(String token) {
    this.token = token;
  }

  /**
   * The name as written before {@code =}.
   *
   * @return the lower-case name ({@code time-limit})
   */
  public String token() {
    return token;
  }

  /**
   * The qualifier type of that name, compared case-insensitively.
   *
   * @param name a name as written
   * @return the type, or empty for a name outside section 2.5
   */
  public static Optional<QualifierType> fromToken(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (QualifierType t : values()) {
      if (t.token.equals(n)) {
        return OPTIONALS.get(t.ordinal());
      }
    }
    return Optional.empty();
  }

  /** One {@code Optional} per constant, so that a document naming a type many times holds one. */
  private static final java.util.List<Optional<QualifierType>> OPTIONALS = java.util.Arrays.stream(values()).map(Optional::of).toList();

  /**
   * True when only this qualifier type may occur more than once in one field (2.5.5.2).
   *
   * @return true for {@code prohibited-modification}
   */
  public boolean repeatable() {
    return this == PROHIBITED_MODIFICATION;
  }

  /**
   * True when section 2.5 allows this qualifier type on {@code usage}.
   *
   * @param usage the usage the qualifier is written on
   * @return true when the qualifier may stand on it
   */
  public boolean validFor(Usage usage) {
    if (!usage.isInVocabulary()) {
      return false;
    }
    UsageType type = usage.type().orElseThrow();
    Optional<ResourceType> resource = usage.resourceType();
    switch (this) {
      case TIME_LIMIT:
        return type == UsageType.INDEX || type == UsageType.PRESERVE || type == UsageType.PRESENT;
      case MUST_USE_RESOURCE:
        return type == UsageType.INDEX || type == UsageType.PRESENT;
      case MAX_LENGTH:
        return type == UsageType.PRESENT
            && resource.isPresent()
            && (resource.get() == ResourceType.SNIPPET || resource.get() == ResourceType.OLDSNIPPET);
      case PROHIBITED_MODIFICATION:
        return type == UsageType.PRESENT && (resource.isEmpty() || FRAMED.contains(resource.get()));
      case MUST_INCLUDE_RESOURCE:
        return type == UsageType.PRESENT;
      case PROHIBITED_CONTEXT:
      case REQUIRED_CONTEXT:
        return type == UsageType.PRESENT && resource.isPresent() && FRAMED.contains(resource.get());
      default:
        throw new AssertionError(this);
    }
  }

  /**
   * True where the spec marks this qualifier on this usage as not ready for implementation.
   *
   * @param usage the usage the qualifier is written on
   * @return true when the pair is marked not ready
   */
  public boolean notReadyFor(Usage usage) {
    return this == MUST_INCLUDE_RESOURCE
        || (this == MUST_USE_RESOURCE && usage.type().orElse(null) == UsageType.PRESENT);
  }
}
