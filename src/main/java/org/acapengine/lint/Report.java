package org.acapengine.lint;

import java.util.List;

/** An output format of {@code acap lint}: renders the findings of one run. */
public interface Report {

  /**
   * Renders the findings of a run over {@code fileCount} files, in the order given (each file's
   * findings sorted by {@link Linter#ORDER}, files in the order they were named).
   *
   * @return the whole output, ending with a line end (empty when the format prints nothing)
   * @param findings every finding of the run
   * @param fileCount how many files were linted
   */
  String render(List<Finding> findings, int fileCount);

  /**
   * The report for a format name: text, json, sarif or github.
   *
   * @param format {@code text}, {@code json}, {@code sarif} or {@code github}
   * @return a new report
   * @throws IllegalArgumentException for any other name
   */
  static Report forFormat(String format) {
    switch (format) {
      case "text":
        return new TextReport();
      case "json":
        return new JsonReport();
      case "sarif":
        return new SarifReport();
      case "github":
        return new GithubReport();
      default:
        throw new IllegalArgumentException("no lint format '" + format + "'");
    }
  }
}
