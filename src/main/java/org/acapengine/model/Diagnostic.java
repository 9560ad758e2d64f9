package org.acapengine.model;

import java.util.Objects;

/**
 * One finding about an input: collected, never thrown. {@code code} is stable across releases
 * (tools and suppressions key on it); {@code help} says how to fix the problem.
 */
public record Diagnostic(Severity severity, String code, String message, String help, Span span) {

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

  public static Diagnostic error(String code, String message, String help, Span span) {
    return new Diagnostic(Severity.ERROR, code, message, help, span);
  }

  public static Diagnostic warning(String code, String message, String help, Span span) {
    return new Diagnostic(Severity.WARNING, code, message, help, span);
  }

  public static Diagnostic info(String code, String message, String help, Span span) {
    return new Diagnostic(Severity.INFO, code, message, help, span);
  }
}
