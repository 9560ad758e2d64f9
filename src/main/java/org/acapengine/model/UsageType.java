package org.acapengine.model;

import java.util.Locale;
import java.util.Optional;

/** The usage types of the ACAP dictionary (ACAP 1.0 section 2.5). */
public enum UsageType {
  /** {@code crawl}: fetching the resource (2.5.1). */
  CRAWL("crawl"),
  /** {@code follow}: following the links in the resource (2.5.2). */
  FOLLOW("follow"),
  /** {@code index}: indexing the resource (2.5.3). */
  INDEX("index"),
  /** {@code preserve}: keeping a copy of the resource (2.5.4). */
  PRESERVE("preserve"),
  /** {@code present}: showing the resource or a part of it to users (2.5.5). */
  PRESENT("present"),
  /** {@code other}: any usage not named by the others (2.5.6). */
  OTHER("other");

  private final String token;

  UsageType(String token) {
    this.token = token;
  }

  /**
   * The name as written in field names, e.g. {@code present}.
   *
   * @return the lower-case name
   */
  public String token() {
    return token;
  }

  /**
   * The usage type of that name, compared case-insensitively.
   *
   * @param name a name as written
   * @return the type, or empty for a name outside the dictionary
   */
  public static Optional<UsageType> fromToken(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (UsageType t : values()) {
      if (t.token.equals(n)) {
        return OPTIONALS.get(t.ordinal());
      }
    }
    return Optional.empty();
  }

  /** One {@code Optional} per constant, so that a document naming a type many times holds one. */
  private static final java.util.List<Optional<UsageType>> OPTIONALS = java.util.Arrays.stream(values()).map(Optional::of).toList();
}
