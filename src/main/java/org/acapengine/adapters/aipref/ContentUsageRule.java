package org.acapengine.adapters.aipref;

import java.util.Objects;
import java.util.Optional;

/**
 * A robots.txt {@code Content-Usage:} rule (draft-ietf-aipref-attach): an optional path pattern,
 * matched like Allow/Disallow (longest match), then the usage preferences. Without a path the
 * rule applies to every path of its group.
 *
 * @param path the path pattern as written, when the value starts with {@code /}
 * @param preferences the preferences the rest of the value states
 * @param valueOffset 0-based offset of the preferences within the field value (for columns)
 */
public record ContentUsageRule(Optional<String> path, UsagePreferences preferences, int valueOffset) {
  /**
   * Checks that no component is null.
   *
   * @param path the path pattern as written, when the value starts with {@code /}
   * @param preferences the preferences the rest of the value states
   * @param valueOffset 0-based offset of the preferences within the field value (for columns)
   */
  public ContentUsageRule {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(preferences, "preferences");
  }

  /**
   * Reads the value of a {@code Content-Usage:} line: {@code [path SP] dictionary}.
   *
   * @param value the text after {@code Content-Usage:}
   * @return the rule: its path, if any, and its preferences; never throws on content
   */
  public static ContentUsageRule parse(String value) {
    int lead = 0;
    while (lead < value.length() && Character.isWhitespace(value.charAt(lead))) {
      lead++;
    }
    String v = value.strip();
    if (v.startsWith("/")) {
      int end = 0;
      while (end < v.length() && v.charAt(end) != ' ' && v.charAt(end) != '\t') {
        end++;
      }
      int rest = end;
      while (rest < v.length() && (v.charAt(rest) == ' ' || v.charAt(rest) == '\t')) {
        rest++;
      }
      return new ContentUsageRule(Optional.of(v.substring(0, end)), UsagePreferences.parse(v.substring(rest)), lead + rest);
    }
    return new ContentUsageRule(Optional.empty(), UsagePreferences.parse(v), lead);
  }
}
