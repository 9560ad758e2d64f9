package org.acapengine.report;

import java.util.List;

/**
 * How audit verdicts are shown to a person: a symbol (readable without colour), a CSS class (the
 * colour) and what the verdict means. The HTML report and the web page ({@code GET /v1/crawlers})
 * both take it from here; a label not listed is shown as written with {@link #UNKNOWN}'s symbol.
 */
public final class AuditLegend {

  /**
   * One verdict's look.
   *
   * @param label the verdict as audit output names it
   * @param symbol the symbol shown before it
   * @param css the CSS class that colours it
   * @param meaning what it means, for the legend
   */
  public record Entry(String label, String symbol, String css, String meaning) {}

  /** Every verdict audit output names, in the legend's order. */
  public static final List<Entry> ENTRIES = List.of(
      new Entry("allowed", "✓", "v-allowed", "a source speaks to it and allows it"),
      new Entry("prohibited", "✗", "v-prohibited", "a source speaks to it and prohibits it"),
      new Entry("blocked (crawl)", "⊘", "v-blocked", "the crawler may not crawl the site, so it cannot fetch the content to use it"),
      new Entry("unstated", "–", "v-unstated", "no source speaks to it: allowed by default"));

  /** A label not in {@link #ENTRIES}. */
  public static final Entry UNKNOWN = new Entry("?", "?", "v-other", "");

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
