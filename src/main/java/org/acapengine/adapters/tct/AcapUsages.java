package org.acapengine.adapters.tct;

import java.util.Locale;
import java.util.Set;

/**
 * The ACAP usage types (acap-rep-extensions-part1-v1.0.txt 2.5) and which of them a TCT purpose
 * speaks to. A TCT purpose flag is about what is done with content, so it covers {@code index},
 * {@code preserve}, {@code present}, every {@code present-*} and {@code other}; it says nothing
 * about fetching ({@code crawl}) or link following ({@code follow}), which robots.txt keeps.
 */
final class AcapUsages {

  private static final Set<String> ACCESS = Set.of("crawl", "follow");
  private static final Set<String> USE = Set.of(
      "index", "preserve", "present", "present-original", "present-currentcopy", "present-oldcopy",
      "present-snippet", "present-thumbnail", "present-oldsnippet", "present-oldthumbnail", "present-link",
      "other");

  enum Scope {
    /** crawl, follow: not covered by TCT purposes. */
    ACCESS,
    /** index, preserve, present, present-*, other: covered. */
    USE,
    /** not an ACAP usage. */
    UNKNOWN
  }

  private AcapUsages() {}

  static Scope scope(String usage) {
    String u = normalise(usage);
    if (ACCESS.contains(u)) {
      return Scope.ACCESS;
    }
    return USE.contains(u) ? Scope.USE : Scope.UNKNOWN;
  }

  /** ACAP names are case-insensitive (2.8 and the ABNF note on names). */
  static String normalise(String usage) {
    return usage.strip().toLowerCase(Locale.ROOT);
  }
}
