package org.acapengine.lint;

import java.time.LocalDate;
import java.util.Objects;
import org.acapengine.parse.ParseOptions;

/**
 * How files are linted.
 *
 * @param today the date a {@code time-limit=until-YYYY-MM-DD} is compared with
 * @param resolveReferences whether permissions references are loaded (from the directory holding
 *     the robots.txt, never over the network) and their problems reported
 * @param parseOptions limits for parsing the file and any referenced file
 * @param selection which codes are reported ({@code --select}, {@code --ignore})
 */
public record LintOptions(LocalDate today, boolean resolveReferences, ParseOptions parseOptions, CodeSelection selection) {
  /**
   * Checks that no component is null.
   *
   * @param today the date a {@code time-limit=until-YYYY-MM-DD} is compared with
   * @param resolveReferences whether permissions references are loaded (from the directory holding
   *     the robots.txt, never over the network) and their problems reported
   * @param parseOptions limits for parsing the file and any referenced file
   * @param selection which codes are reported ({@code --select}, {@code --ignore})
   */
  public LintOptions {
    Objects.requireNonNull(today, "today");
    Objects.requireNonNull(parseOptions, "parseOptions");
    Objects.requireNonNull(selection, "selection");
  }

  /**
   * Options reporting every code.
   *
   * @param today the date a {@code time-limit=until-YYYY-MM-DD} is compared with
   * @param resolveReferences whether permissions references are loaded and their problems reported
   * @param parseOptions limits for parsing
   */
  public LintOptions(LocalDate today, boolean resolveReferences, ParseOptions parseOptions) {
    this(today, resolveReferences, parseOptions, CodeSelection.all());
  }
}
