package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/**
 * A group of RFC 9309 (2.1, 2.2): one or more User-agent lines and the rules that follow them.
 * Consecutive User-agent lines share a group even with comments, blank lines or other fields
 * between them; a User-agent line after a rule starts a new group (as google/robotstxt does).
 *
 * @param userAgents the User-agent lines
 * @param rules the Allow/Disallow lines, in file order
 * @param fields other fields within the group (Crawl-delay, Request-rate, ...)
 * @param span from the first User-agent line to the last line of the group
 */
public record ConventionalGroup(List<UserAgentLine> userAgents, List<ConventionalRule> rules, List<ExtensionField> fields, Span span) {
  /**
   * Checks that no component is null, copies the collections into immutable ones; rejects invalid values (see below).
   *
   * @param userAgents the User-agent lines
   * @param rules the Allow/Disallow lines, in file order
   * @param fields other fields within the group (Crawl-delay, Request-rate, ...)
   * @param span from the first User-agent line to the last line of the group
   * @throws IllegalArgumentException if there is no User-agent line
   */
  public ConventionalGroup {
    userAgents = List.copyOf(userAgents);
    rules = List.copyOf(rules);
    fields = List.copyOf(fields);
    Objects.requireNonNull(span, "span");
    if (userAgents.isEmpty()) {
      throw new IllegalArgumentException("a group has at least one User-agent line");
    }
  }
}
