package org.acapengine.lint;

import java.util.Objects;
import org.acapengine.model.Diagnostic;

/**
 * One finding of a lint run: a diagnostic and the file it is about.
 *
 * @param file the file's name as given on the command line ({@code -} for standard input)
 * @param diagnostic what was found, where
 */
public record Finding(String file, Diagnostic diagnostic) {
  /**
   * Checks that no component is null.
   *
   * @param file the file's name as given on the command line ({@code -} for standard input)
   * @param diagnostic what was found, where
   */
  public Finding {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(diagnostic, "diagnostic");
  }
}
