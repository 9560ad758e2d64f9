package org.acapengine.lint;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import org.acapengine.parse.ParseOptions;
import org.acapengine.site.PolicySource;

/**
 * How files are linted.
 *
 * @param today the date a {@code time-limit=until-YYYY-MM-DD} is compared with
 * @param resolveReferences whether permissions references are loaded (from the directory holding
 *     the robots.txt, never over the network) and their problems reported
 * @param parseOptions limits for parsing the file and any referenced file
 * @param selection which codes are reported ({@code --select}, {@code --ignore})
 * @param otherSources the site's other policy files (an llm-policy.json, a tdmrep.json), read
 *     only to report where they and the robots.txt disagree ({@code preference-divergence})
 */
public record LintOptions(LocalDate today, boolean resolveReferences, ParseOptions parseOptions, CodeSelection selection,
    List<PolicySource> otherSources) {
  /**
   * Checks that no component is null.
   *
   * @param today the date a {@code time-limit=until-YYYY-MM-DD} is compared with
   * @param resolveReferences whether permissions references are loaded (from the directory holding
   *     the robots.txt, never over the network) and their problems reported
   * @param parseOptions limits for parsing the file and any referenced file
   * @param selection which codes are reported ({@code --select}, {@code --ignore})
   * @param otherSources the site's other policy files, read only to report where they and the
   *     robots.txt disagree; copied
   */
  public LintOptions {
    Objects.requireNonNull(today, "today");
    Objects.requireNonNull(parseOptions, "parseOptions");
    Objects.requireNonNull(selection, "selection");
    otherSources = List.copyOf(otherSources);
  }

  /**
   * Options with no other policy files.
   *
   * @param today the date a {@code time-limit=until-YYYY-MM-DD} is compared with
   * @param resolveReferences whether permissions references are loaded and their problems reported
   * @param parseOptions limits for parsing
   * @param selection which codes are reported
   */
  public LintOptions(LocalDate today, boolean resolveReferences, ParseOptions parseOptions, CodeSelection selection) {
    this(today, resolveReferences, parseOptions, selection, List.of());
  }

  /**
   * Options reporting every code.
   *
   * @param today the date a {@code time-limit=until-YYYY-MM-DD} is compared with
   * @param resolveReferences whether permissions references are loaded and their problems reported
   * @param parseOptions limits for parsing
   */
  public LintOptions(LocalDate today, boolean resolveReferences, ParseOptions parseOptions) {
    this(today, resolveReferences, parseOptions, CodeSelection.all(), List.of());
  }
}
