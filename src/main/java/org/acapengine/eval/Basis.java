package org.acapengine.eval;

import java.util.Locale;

/** What a decision rests on. */
public enum Basis {
  /** ACAP permission and prohibition fields (2.4), resolved by narrowest scope (2.4.5). */
  ACAP_FIELD,
  /** Conventional Allow/Disallow rules (RFC 9309), where no ACAP field decided. */
  CONVENTIONAL_RULE,
  /** Equally narrow fields disagree and 2.4.5 cannot rank them: the usage is prohibited. */
  UNRESOLVED_CONFLICT,
  /** No field or rule applies: allowed by default. */
  DEFAULT,
  /** {@code /robots.txt} itself may always be crawled (RFC 9309 2.2.2). */
  ROBOTS_TXT,
  /** A permissions reference (2.3.2) could not be loaded: the crawler's ACAP usages are prohibited. */
  UNRESOLVED_REFERENCE,
  /** robots.txt is unavailable (a 4xx answer, RFC 9309 2.3.1.3): any resource may be accessed. */
  ROBOTS_UNAVAILABLE,
  /** robots.txt is unreachable (5xx, 429, network failure, RFC 9309 2.3.1.4): complete disallow. */
  ROBOTS_UNREACHABLE;

  /**
   * The name used in output.
   *
   * @return the constant's name, lower-case and hyphenated ({@code conventional-rule})
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
