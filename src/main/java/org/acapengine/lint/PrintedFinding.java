package org.acapengine.lint;

import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;
import org.acapengine.model.Span;
import org.acapengine.render.PlainText;

/**
 * A finding as the line-oriented formats (text and github) print it. Messages quote the linted
 * file, and file names come from the command line: both may hold ESC sequences and other controls
 * that would act on the reader's terminal or log viewer (a robots.txt line {@code bogus<ESC>[2J}
 * clears the screen). Those formats see findings only through this record, whose texts have all
 * passed through {@link PlainText#safeLine}, so no report can print them raw. JSON and SARIF
 * escape as JSON does and keep the text as it is.
 *
 * @param file the file name, escaped
 * @param severity the severity
 * @param code the code, escaped
 * @param message the message, escaped
 * @param span where
 */
record PrintedFinding(String file, Severity severity, String code, String message, Span span) {

  static PrintedFinding of(Finding f) {
    Diagnostic d = f.diagnostic();
    return new PrintedFinding(PlainText.safeLine(f.file()), d.severity(), PlainText.safeLine(d.code()), PlainText.safeLine(d.message()), d.span());
  }
}
