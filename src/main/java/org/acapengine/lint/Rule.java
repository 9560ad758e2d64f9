package org.acapengine.lint;

import java.util.Objects;
import org.acapengine.model.Code;
import org.acapengine.model.Severity;

/**
 * One finding code as {@code acap lint --list-rules}, the SARIF rule table and docs/lint-rules.md
 * show it.
 *
 * @param code the stable code
 * @param severity its severity
 * @param title what triggers it, in one line
 * @param help how to fix it
 * @param origin who reports it: {@code parser} (the parser and model builder), {@code evaluator}
 *     (loading permissions references) or {@code lint}
 */
public record Rule(String code, Severity severity, String title, String help, String origin) {
  /**
   * Checks that no component is null.
   *
   * @param code the stable code
   * @param severity its severity
   * @param title what triggers it, in one line
   * @param help how to fix it
   * @param origin who reports it: {@code parser} (the parser and model builder), {@code evaluator}
   *     (loading permissions references) or {@code lint}
   */
  public Rule {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(help, "help");
    Objects.requireNonNull(origin, "origin");
  }

  /**
   * The rule of a code, reported by {@code origin}.
   *
   * @param code the code, with its severity, title and help
   * @param origin who reports it: {@code parser}, {@code evaluator} or {@code lint}
   * @return the rule
   */
  public static Rule of(Code code, String origin) {
    return new Rule(code.code(), code.severity(), code.title(), code.help(), origin);
  }
}
