package org.acapengine.model;

import java.util.Locale;
import java.util.Optional;

/**
 * The used resource types that follow {@code present-} (ACAP 1.0 section 2.5.5.1). No other usage
 * type takes a used resource type.
 */
public enum ResourceType {
  ORIGINAL("original"),
  CURRENTCOPY("currentcopy"),
  OLDCOPY("oldcopy"),
  SNIPPET("snippet"),
  THUMBNAIL("thumbnail"),
  OLDSNIPPET("oldsnippet"),
  OLDTHUMBNAIL("oldthumbnail"),
  /** Marked not ready for implementation in 2.5.5.2.5 (as a resource role) and the change list. */
  LINK("link");

  private final String token;

  ResourceType(String token) {
    this.token = token;
  }

  public String token() {
    return token;
  }

  public static Optional<ResourceType> fromToken(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (ResourceType t : values()) {
      if (t.token.equals(n)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }
}
