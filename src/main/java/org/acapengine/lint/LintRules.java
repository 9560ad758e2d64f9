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

  /** Where acap-engine lives: the SARIF driver's {@code informationUri}. */
  public static final String PROJECT_URL = "https://github.com/acap-engine/acap-engine";

  /** docs/lint-rules.md on the project's main branch; each code is a section (anchor) of it. */
  public static final String RULES_DOC_URL = PROJECT_URL + "/blob/main/docs/lint-rules.md";

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

  /**
   * All rules, the parser's first.
   *
   * @return every rule, immutable, codes unique
   */
  public static List<Rule> all() {
    return new ArrayList<>(RULES.values());
  }

  /**
   * The address of a code's section in docs/lint-rules.md (its heading is the code).
   *
   * @param code a finding code
   * @return the URL of the code's section
   */
  public static String helpUri(String code) {
    return RULES_DOC_URL + "#" + code;
  }

  /**
   * The rule with that code, if any.
   *
   * @param code a finding code, compared exactly
   * @return the rule, or empty for an unknown code
   */
  public static Optional<Rule> byCode(String code) {
    return Optional.ofNullable(RULES.get(code));
  }
}
