package org.acapengine.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A usage as named in a field ({@code crawl}, {@code present-snippet}, or a name outside the
 * vocabulary, kept as written). The split of {@code present-snippet} into usage type and used
 * resource type is made by the dictionary (section 2.5), not by the first hyphen: a name is first
 * looked up whole, then as a known usage type, a hyphen, and the rest.
 *
 * @param name the whole name, lower-cased (names are case-insensitive)
 * @param type the usage type, when the name starts with one
 * @param resourceName the part after the usage type and its hyphen, or empty
 * @param resourceType the used resource type, when {@code resourceName} is one
 */
public record Usage(String name, Optional<UsageType> type, String resourceName, Optional<ResourceType> resourceType) {

  /**
   * Checks that no component is null.
   *
   * @param name the whole name, lower-cased (names are case-insensitive)
   * @param type the usage type, when the name starts with one
   * @param resourceName the part after the usage type and its hyphen, or empty
   * @param resourceType the used resource type, when {@code resourceName} is one
   */
  public Usage {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(resourceName, "resourceName");
    Objects.requireNonNull(resourceType, "resourceType");
  }

  /**
   * Reads a usage name as the dictionary splits it.
   *
   * @param written a usage name as written ({@code present-snippet})
   * @return the usage, its type and resource type when they are in the dictionary
   */
  public static Usage parse(String written) {
    String name = written.toLowerCase(Locale.ROOT);
    Usage known = DICTIONARY.get(name);
    return known != null ? known : split(name);
  }

  /** The dictionary's split of a lower-cased name. */
  private static Usage split(String name) {
    Optional<UsageType> whole = UsageType.fromToken(name);
    if (whole.isPresent()) {
      return new Usage(name, whole, "", Optional.empty());
    }
    for (UsageType t : UsageType.values()) {
      String prefix = t.token() + "-";
      if (name.startsWith(prefix) && name.length() > prefix.length()) {
        // "present-" has an empty used-resource-type-name, which the ABNF does not allow: it is
        // no usage of the dictionary (below), not "present".
        String rest = name.substring(prefix.length());
        return new Usage(name, Optional.of(t), rest, ResourceType.fromToken(rest));
      }
    }
    return new Usage(name, Optional.empty(), "", Optional.empty());
  }

  private static final List<String> VOCABULARY = vocabularyNames();

  /**
   * The dictionary's usages, one instance each: what {@link #parse} returns for their names, so
   * that a file naming {@code index} ten thousand times holds one usage (a fixed set of the
   * dictionary's names, never a cache of what files name).
   */
  private static final Map<String, Usage> DICTIONARY = VOCABULARY.stream().collect(Collectors.toUnmodifiableMap(n -> n, Usage::split));

  /**
   * Every usage name of the ACAP 1.0 dictionary (2.5): each usage type, and {@code present-X} for
   * each used resource type X, lower-case, in the dictionary's order.
   *
   * @return the names, immutable
   */
  public static List<String> vocabulary() {
    return VOCABULARY;
  }

  private static List<String> vocabularyNames() {
    List<String> names = new ArrayList<>();
    for (UsageType t : UsageType.values()) {
      names.add(t.token());
      if (t == UsageType.PRESENT) {
        for (ResourceType r : ResourceType.values()) {
          names.add(t.token() + "-" + r.token());
        }
      }
    }
    return List.copyOf(names);
  }

  /**
   * The usage for a standard type with no resource type.
   *
   * @param type the usage type
   * @return the usage
   */
  public static Usage of(UsageType type) {
    return DICTIONARY.get(type.token());
  }

  /**
   * {@code present-X} for a used resource type X.
   *
   * @param resource the used resource type
   * @return the usage
   */
  public static Usage present(ResourceType resource) {
    return DICTIONARY.get("present-" + resource.token());
  }

  /**
   * True when the name is a usage type of the dictionary, or present with a used resource type.
   *
   * @return true when the dictionary has the usage
   */
  public boolean isInVocabulary() {
    if (type.isEmpty()) {
      return false;
    }
    if (resourceName.isEmpty()) {
      return true;
    }
    return type.get() == UsageType.PRESENT && resourceType.isPresent();
  }

  /**
   * True when the name starts with a known usage type but the rest is no valid used resource type for it.
   *
   * @return true for a known type with an invalid suffix ({@code index-snippet})
   */
  public boolean isInvalidCombination() {
    return type.isPresent() && !resourceName.isEmpty() && !isInVocabulary();
  }

  /**
   * True for {@code present-X} with a known X.
   *
   * @return true for {@code present-X}
   */
  public boolean isPresentVariant() {
    return isInVocabulary() && type.get() == UsageType.PRESENT && resourceType.isPresent();
  }

  @Override
  public String toString() {
    return name;
  }
}
