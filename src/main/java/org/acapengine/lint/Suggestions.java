package org.acapengine.lint;

import java.util.ArrayList;
import java.util.List;
import org.acapengine.model.AcapField;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.Usage;
import org.acapengine.render.Spelling;

/**
 * "Did you mean" for the parser's findings about misspelt ACAP names: an {@code unknown-acap-field}
 * ({@code ACAP-dissallow-crawl}) gets the nearest ACAP field name, an {@code unknown-usage}
 * ({@code indx}) or {@code invalid-usage-combination} ({@code present-snipet}) the nearest usage
 * name. The parser's message quotes the name first; the
 * suggestion is the vocabulary entry within a small edit distance ({@link Spelling#closest}: one edit,
 * two for names of eight characters or more, case ignored), appended to the message. Names longer
 * than {@link #MAX_NAME} characters get none, which bounds the work on hostile input.
 */
final class Suggestions {

  static final int MAX_NAME = 80;

  /** Every usage name of ACAP 1.0 (2.5). */
  static final List<String> USAGES;

  /** Every ACAP field name, with each standard usage in the permission and prohibition fields (ACAP 1.0 section 3). */
  static final List<String> FIELDS;

  static {
    USAGES = Usage.vocabulary();
    List<String> fields = new ArrayList<>(List.of("ACAP-crawler", "ACAP-permissions-reference", "ACAP-usage-purpose",
        "ACAP-qualified-usage", "ACAP-composite-usage", "ACAP-resource-set", "ACAP-ignore-conventional-records"));
    for (AcapField.ActionType a : AcapField.ActionType.values()) {
      fields.add("ACAP-request-" + a.token());
    }
    for (String u : USAGES) {
      fields.add("ACAP-allow-" + u);
      fields.add("ACAP-disallow-" + u);
    }
    FIELDS = List.copyOf(fields);
  }

  private Suggestions() {}

  /** {@code d} with a suggestion appended when it is about a misspelt ACAP name and one is near. */
  static Diagnostic suggest(Diagnostic d) {
    List<String> vocabulary;
    if (d.code().equals(DiagnosticCode.UNKNOWN_ACAP_FIELD.code())) {
      vocabulary = FIELDS;
    } else if (d.code().equals(DiagnosticCode.UNKNOWN_USAGE.code()) || d.code().equals(DiagnosticCode.INVALID_USAGE_COMBINATION.code())) {
      vocabulary = USAGES;
    } else {
      return d;
    }
    String m = d.message();
    int end = m.startsWith("'") ? m.indexOf('\'', 1) : -1;
    if (end < 2 || end - 1 > MAX_NAME) {
      return d;
    }
    String suggestion = Spelling.closest(m.substring(1, end), vocabulary);
    if (suggestion == null) {
      return d;
    }
    return new Diagnostic(d.severity(), d.code(), m + " (did you mean '" + suggestion + "'?)", d.help(), d.span());
  }
}
