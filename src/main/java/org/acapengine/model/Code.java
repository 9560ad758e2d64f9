package org.acapengine.model;

import java.util.Objects;

/**
 * A finding code: what the parser's {@link DiagnosticCode}s and lint's own codes share. A code is
 * stable across releases (tools, suppressions and {@code --select}/{@code --ignore} key on it),
 * has a default severity, a one-line title saying what triggers it and a help text saying how to
 * fix it. Implementations are enums holding one {@link Definition} each.
 */
public interface Code {

  /**
   * The code's fixed data.
   *
   * @return the code, severity, title and help
   */
  Definition definition();

  /**
   * The stable code, lower-case words joined by {@code -}.
   *
   * @return the code ({@code unknown-acap-field})
   */
  default String code() {
    return definition().code();
  }

  /**
   * The severity a finding of this code has.
   *
   * @return the default severity
   */
  default Severity severity() {
    return definition().severity();
  }

  /**
   * What triggers it, in one line.
   *
   * @return the title
   */
  default String title() {
    return definition().title();
  }

  /**
   * How to fix it.
   *
   * @return the help text
   */
  default String help() {
    return definition().help();
  }

  /**
   * A diagnostic of this code and its default severity.
   *
   * @param span where the finding is
   * @param message what was found, naming the text
   * @return the diagnostic
   */
  default Diagnostic at(Span span, String message) {
    return new Diagnostic(severity(), code(), message, help(), span);
  }

  /**
   * The data of one code.
   *
   * @param code the stable code
   * @param severity its severity
   * @param title what triggers it, in one line
   * @param help how to fix it
   */
  record Definition(String code, Severity severity, String title, String help) {
    /**
     * Checks that no component is null; rejects invalid values (see below).
     *
     * @param code the stable code
     * @param severity its severity
     * @param title what triggers it, in one line
     * @param help how to fix it
     * @throws IllegalArgumentException if the code is blank or the title has a line break
     */
    public Definition {
      Objects.requireNonNull(code, "code");
      Objects.requireNonNull(severity, "severity");
      Objects.requireNonNull(title, "title");
      Objects.requireNonNull(help, "help");
      if (code.isBlank() || title.contains("\n")) {
        throw new IllegalArgumentException("a code needs a name and a one-line title: '" + code + "'");
      }
    }
  }
}
