package org.acapengine.eval.match;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A deliberately small, test-only RFC 9309 evaluator built on the match primitives, used to check
 * the expected answers of the conformance table before the real parser and evaluator exist. It
 * reads robots.txt the way {@code docs/rfc9309-deviations.md} says the RFC reads it: a line is a
 * rule only with a colon and an exact key; comments run from {@code #}; no line-length limit;
 * other records neither start nor end groups; {@code /robots.txt} is always allowed. It is not
 * the product's evaluator and makes no claim about ACAP records.
 */
final class Rfc9309ReferenceEvaluator {

  private record Rule(boolean allow, PathPattern pattern) {}

  private static final class Group {
    final List<String> tokens = new ArrayList<>();
    final List<Rule> rules = new ArrayList<>();
  }

  private Rfc9309ReferenceEvaluator() {}

  /** True when {@code url} is allowed for a crawler that answers to any of {@code tokens}. */
  static boolean allowed(String robots, List<String> tokens, String url) {
    String path = RequestPath.of(url);
    if (path.equals("/robots.txt")) {
      return true; // RFC 9309 2.2.2: "The /robots.txt URI is implicitly allowed."
    }
    List<Group> groups = parse(robots);
    // RFC 9309 2.2.1: the groups naming the crawler, merged; else the "*" groups; else none.
    boolean specific = groups.stream().anyMatch(g -> names(g, tokens));
    List<Rule> rules = new ArrayList<>();
    for (Group group : groups) {
      if (specific ? names(group, tokens) : group.tokens.contains(ProductToken.WILDCARD)) {
        rules.addAll(group.rules);
      }
    }
    int allow = -1;
    int disallow = -1;
    for (Rule rule : rules) {
      if (rule.pattern.length() == 0 || !rule.pattern.matches(path)) {
        continue;
      }
      if (rule.allow) {
        allow = Math.max(allow, rule.pattern.length());
      } else {
        disallow = Math.max(disallow, rule.pattern.length());
      }
    }
    return disallow < 0 || allow >= disallow;
  }

  private static boolean names(Group group, List<String> tokens) {
    for (String t : group.tokens) {
      for (String c : tokens) {
        if (ProductToken.sameCrawler(t, c)) {
          return true;
        }
      }
    }
    return false;
  }

  private static List<Group> parse(String robots) {
    String text = robots.startsWith("\uFEFF") ? robots.substring(1) : robots;
    List<Group> groups = new ArrayList<>();
    Group current = null;
    boolean currentHasRules = false;
    for (String raw : text.split("\r\n|\r|\n", -1)) {
      int hash = raw.indexOf('#');
      String line = trim(hash >= 0 ? raw.substring(0, hash) : raw);
      int colon = line.indexOf(':');
      if (colon < 0) {
        continue; // empty line, or not a line of the protocol (RFC 9309 2.2, 2.3.1.5)
      }
      String key = trim(line.substring(0, colon)).toLowerCase(Locale.ROOT);
      String value = trim(line.substring(colon + 1));
      switch (key) {
        case "user-agent" -> {
          if (current == null || currentHasRules) {
            current = new Group();
            groups.add(current);
            currentHasRules = false;
          }
          current.tokens.add(ProductToken.of(value));
        }
        case "allow", "disallow" -> {
          if (current != null) {
            current.rules.add(new Rule(key.equals("allow"), PathPattern.compile(value, false)));
            currentHasRules = true;
          }
        }
        default -> {
          // other records (RFC 9309 2.2.4): ignored, and they do not end a group
        }
      }
    }
    return groups;
  }

  private static String trim(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && (s.charAt(start) == ' ' || s.charAt(start) == '\t')) {
      start++;
    }
    while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
      end--;
    }
    return s.substring(start, end);
  }
}
