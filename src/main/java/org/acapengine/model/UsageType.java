package org.acapengine.model;

import java.util.Locale;
import java.util.Optional;

/** The usage types of the ACAP dictionary (ACAP 1.0 section 2.5). */
public enum UsageType {
  CRAWL("crawl"),
  FOLLOW("follow"),
  INDEX("index"),
  PRESERVE("preserve"),
  PRESENT("present"),
  OTHER("other");

  private final String token;

  UsageType(String token) {
    this.token = token;
  }

  /** The name as written in field names, e.g. {@code present}. */
  public String token() {
    return token;
  }

  /** The usage type of that name, compared case-insensitively. */
  public static Optional<UsageType> fromToken(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (UsageType t : values()) {
      if (t.token.equals(n)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }
}
