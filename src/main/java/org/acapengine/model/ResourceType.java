package org.acapengine.model;

import java.util.Locale;
import java.util.Optional;

/**
 * The used resource types that follow {@code present-} (ACAP 1.0 section 2.5.5.1). No other usage
 * type takes a used resource type.
 */
public enum ResourceType {
  /** {@code present-original}: the original resource, as served. */
  ORIGINAL("original"),
  /** {@code present-currentcopy}: a stored copy of the current version. */
  CURRENTCOPY("currentcopy"),
  /** {@code present-oldcopy}: a stored copy of an older version. */
  OLDCOPY("oldcopy"),
  /** {@code present-snippet}: an extract of the current version. */
  SNIPPET("snippet"),
  /** {@code present-thumbnail}: a reduced image of the current version. */
  THUMBNAIL("thumbnail"),
  /** {@code present-oldsnippet}: an extract of an older version. */
  OLDSNIPPET("oldsnippet"),
  /** {@code present-oldthumbnail}: a reduced image of an older version. */
  OLDTHUMBNAIL("oldthumbnail"),
  /** Marked not ready for implementation in 2.5.5.2.5 (as a resource role) and the change list. */
  LINK("link");

  private final String token;

  ResourceType(String token) {
    this.token = token;
  }

  /**
   * The name as written after {@code present-}.
   *
   * @return the lower-case name
   */
  public String token() {
    return token;
  }

  /**
   * The used resource type of that name, compared case-insensitively.
   *
   * @param name a name as written
   * @return the type, or empty for a name outside the dictionary
   */
  public static Optional<ResourceType> fromToken(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (ResourceType t : values()) {
      if (t.token.equals(n)) {
        return OPTIONALS.get(t.ordinal());
      }
    }
    return Optional.empty();
  }

  /** One {@code Optional} per constant, so that a document naming a type many times holds one. */
  private static final java.util.List<Optional<ResourceType>> OPTIONALS = java.util.Arrays.stream(values()).map(Optional::of).toList();
}
