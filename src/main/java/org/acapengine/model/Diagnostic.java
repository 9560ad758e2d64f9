package org.acapengine.model;

import java.util.Objects;

/**
 * One finding about an input: collected, never thrown. {@code code} is stable across releases
 * (tools and suppressions key on it); {@code help} says how to fix the problem.
 *
 * @param severity how serious the finding is
 * @param code the stable code ({@code unknown-acap-field})
 * @param message what was found, naming the text
 * @param help how to fix it
 * @param span where it is
 */
public record Diagnostic(Severity severity, String code, String message, String help, Span span) {

  /**
   * Checks that no component is null; rejects invalid values (see below).
   *
   * @param severity how serious the finding is
   * @param code the stable code ({@code unknown-acap-field})
   * @param message what was found, naming the text
   * @param help how to fix it
   * @param span where it is
   * @throws IllegalArgumentException if the code is blank
   */
  public Diagnostic {
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(span, "span");
    help = help == null ? "" : help;
    if (code.isBlank()) {
      throw new IllegalArgumentException("diagnostic code must not be blank");
    }
  }

  /**
   * A diagnostic of severity error.
   *
   * @param code the stable code
   * @param message what was found
   * @param help how to fix it; null for none
   * @param span where it is
   * @return the diagnostic
   */
  public static Diagnostic error(String code, String message, String help, Span span) {
    return new Diagnostic(Severity.ERROR, code, message, help, span);
  }

  /**
   * A diagnostic of severity warning.
   *
   * @param code the stable code
   * @param message what was found
   * @param help how to fix it; null for none
   * @param span where it is
   * @return the diagnostic
   */
  public static Diagnostic warning(String code, String message, String help, Span span) {
    return new Diagnostic(Severity.WARNING, code, message, help, span);
  }

  /**
   * A diagnostic of severity info.
   *
   * @param code the stable code
   * @param message what was found
   * @param help how to fix it; null for none
   * @param span where it is
   * @return the diagnostic
   */
  public static Diagnostic info(String code, String message, String help, Span span) {
    return new Diagnostic(Severity.INFO, code, message, help, span);
  }
}
