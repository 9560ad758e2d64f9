package org.acapengine.report;

import java.util.List;
import org.acapengine.audit.AuditReport;
import org.acapengine.audit.AuditRow;

/**
 * How audit verdicts look to a person: a symbol (readable without colour) and a CSS class (the
 * colour). What they mean is the audit's own legend ({@link AuditReport#LEGEND}), in the words
 * {@code acap audit} prints. The HTML report and the web page ({@code GET /v1/vocabulary}) both
 * take them from here; a label not listed is shown as written with {@link #UNKNOWN}'s symbol.
 */
public final class AuditLegend {

  /**
   * One verdict's look.
   *
   * @param label the verdict as audit output names it
   * @param symbol the symbol shown before it
   * @param css the CSS class that colours it
   */
  public record Entry(String label, String symbol, String css) {}

  /** Every verdict audit output names, in the legend's order. */
  public static final List<Entry> ENTRIES = List.of(
      new Entry("allowed", "✓", "v-allowed"),
      new Entry("prohibited", "✗", "v-prohibited"),
      new Entry(AuditRow.BLOCKED, "⊘", "v-blocked"),
      new Entry(AuditRow.UNSTATED, "–", "v-unstated"));

  /** A label not in {@link #ENTRIES}. */
  public static final Entry UNKNOWN = new Entry("?", "?", "v-other");

  private AuditLegend() {}

  /**
   * The look of a verdict label.
   *
   * @param label the label as audit output writes it
   * @return its entry, or {@link #UNKNOWN}
   */
  public static Entry of(String label) {
    for (Entry e : ENTRIES) {
      if (e.label().equals(label)) {
        return e;
      }
    }
    return UNKNOWN;
  }
}
