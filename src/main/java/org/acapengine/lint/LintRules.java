package org.acapengine.lint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.model.DiagnosticCode;

/**
 * Every code a lint finding can carry: the parser's {@link DiagnosticCode}s, then the lint-only
 * {@link LintCode}s, in declaration order.
 */
public final class LintRules {

  private static final Map<String, Rule> RULES;

  static {
    Map<String, Rule> rules = new LinkedHashMap<>();
    for (DiagnosticCode c : DiagnosticCode.values()) {
      add(rules, Rule.of(c, c == DiagnosticCode.UNRESOLVED_PERMISSIONS_REFERENCE || c == DiagnosticCode.NESTED_PERMISSIONS_REFERENCE ? "evaluator" : "parser"));
    }
    for (LintCode c : LintCode.values()) {
      add(rules, Rule.of(c, "lint"));
    }
    RULES = Collections.unmodifiableMap(rules);
  }

  private LintRules() {}

  private static void add(Map<String, Rule> rules, Rule rule) {
    if (rules.putIfAbsent(rule.code(), rule) != null) {
      throw new IllegalStateException("finding code '" + rule.code() + "' is defined twice");
    }
  }

  /** All rules, the parser's first. */
  public static List<Rule> all() {
    return new ArrayList<>(RULES.values());
  }

  /** The rule with that code, if any. */
  public static Optional<Rule> byCode(String code) {
    return Optional.ofNullable(RULES.get(code));
  }
}
