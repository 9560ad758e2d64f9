package org.acapengine.audit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.acapengine.internal.json.Json;
import org.acapengine.render.PlainText;

/** The audit's output formats: a text table, JSON, and Markdown for a pull-request comment. */
public final class AuditReport {

  private AuditReport() {}

  /**
   * One line of the legend: the labels it explains and what they mean.
   *
   * @param labels the labels, as the audit writes them
   * @param meaning what they mean
   */
  public record LegendLine(List<String> labels, String meaning) {
    /**
     * Copies the labels.
     *
     * @param labels the labels
     * @param meaning what they mean
     */
    public LegendLine {
      labels = List.copyOf(labels);
    }

    /**
     * The line as the text table prints it.
     *
     * @return {@code LABEL, LABEL: meaning}
     */
    public String text() {
      return String.join(", ", labels) + ": " + meaning;
    }
  }

  /**
   * What each label means: the legend under the text and Markdown tables, and the one every other
   * view of the audit (acap report's page, acap serve's matrix) shows in these words.
   */
  public static final List<LegendLine> LEGEND = List.of(
      new LegendLine(List.of("allowed", "prohibited"), "a source states it for the purpose (the deciding lines below say which)"),
      new LegendLine(List.of(AuditRow.UNSTATED), "no source speaks to the purpose, so nothing forbids it (allowed by default)"),
      new LegendLine(List.of(AuditRow.BLOCKED), "the crawler may not crawl / (the deciding line below), so it cannot fetch the pages to use them,"
          + " whatever a preference allows"));

  /**
   * The rows as JSON: an array with one object per crawler holding {@code crawler}, {@code
   * operator}, {@code function}, {@code declared}, {@code note} (when the list has one: a control
   * token that is no crawler of its own, a crawler the caller added), {@code crawl} (for {@code
   * /}), {@code paths}, {@code purposes} (each label as {@link AuditRow#label} gives it) and {@code
   * deciding}.
   *
   * @param rows the audit's rows
   * @return the JSON text, pretty-printed, ending with a line end
   */
  public static String json(List<AuditRow> rows) {
    ArrayNode all = Json.MAPPER.createArrayNode();
    for (AuditRow r : rows) {
      ObjectNode o = all.addObject();
      o.put("crawler", r.crawler().token());
      o.put("operator", r.crawler().operator());
      o.put("function", r.crawler().function());
      ArrayNode declared = o.putArray("declared");
      r.crawler().declared().forEach(declared::add);
      r.crawler().note().ifPresent(note -> o.put("note", note));
      o.put("crawl", r.crawlRoot());
      ObjectNode paths = o.putObject("paths");
      r.paths().forEach(paths::put);
      ObjectNode purposes = o.putObject("purposes");
      r.purposes().keySet().forEach(k -> purposes.put(k, r.label(k)));
      ObjectNode deciding = o.putObject("deciding");
      r.deciding().forEach(deciding::put);
    }
    return Json.pretty(all) + "\n";
  }

  /**
   * The rows as a text table, one line per crawler, then the list's notes on its crawlers, the
   * legend, and each deciding line once with the number of answers it decided (the JSON output has
   * them per crawler).
   *
   * @param rows the audit's rows
   * @param list the crawler list used, named in the heading
   * @return the text, ending with a line end
   */
  public static String text(List<AuditRow> rows, CrawlerList list) {
    List<String[]> table = new ArrayList<>();
    table.add(header(rows));
    for (AuditRow r : rows) {
      table.add(cells(r, false));
    }
    int[] width = new int[table.get(0).length];
    for (String[] row : table) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append("AI crawlers (").append(heading(list)).append("): ").append(rows.size()).append('\n');
    for (String[] row : table) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(i == 0 ? "" : "  ").append(String.format(Locale.ROOT, "%-" + width[i] + "s", row[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    notes(rows, sb, false);
    sb.append("legend:\n");
    LEGEND.forEach(l -> sb.append("  ").append(l.text()).append('\n'));
    deciding(rows, sb, false);
    return sb.toString();
  }

  /** "list updated DATE" for a dated list, else the list's source. */
  private static String heading(CrawlerList list) {
    return list.updated().equals("unknown") ? PlainText.safeLine(PlainText.shorten(list.source(), 120)) + ", undated"
        : "list updated " + PlainText.safeLine(list.updated());
  }

  /**
   * The rows as a Markdown table, for a pull-request comment, then the list's notes on its
   * crawlers, the legend, and each deciding line once.
   *
   * @param rows the audit's rows
   * @param list the crawler list used, named under the table
   * @param policyName what was audited, for the heading
   * @return the Markdown, ending with a line end
   */
  public static String markdown(List<AuditRow> rows, CrawlerList list, String policyName) {
    StringBuilder sb = new StringBuilder();
    sb.append("### AI crawler audit: ").append(md(policyName)).append("\n\n");
    String[] header = header(rows);
    sb.append("| ").append(String.join(" | ", header)).append(" |\n");
    sb.append("|").append(" --- |".repeat(header.length)).append('\n');
    for (AuditRow r : rows) {
      sb.append("| ").append(String.join(" | ", cells(r, true))).append(" |\n");
    }
    sb.append('\n');
    notes(rows, sb, true);
    LEGEND.forEach(l -> sb.append("- ").append(md(l.text())).append('\n'));
    sb.append('\n');
    deciding(rows, sb, true);
    sb.append('\n').append("Crawler list updated ").append(md(list.updated())).append(". ").append(md(list.source())).append('\n');
    return sb.toString();
  }

  private static String[] header(List<AuditRow> rows) {
    List<String> h = new ArrayList<>(List.of("crawler", "operator", "function", "crawl /"));
    if (!rows.isEmpty()) {
      rows.get(0).paths().keySet().forEach(p -> h.add("crawl " + PlainText.shorten(p, 40)));
    }
    h.addAll(Audit.PURPOSES.keySet());
    return h.toArray(String[]::new);
  }

  private static String[] cells(AuditRow r, boolean markdown) {
    List<String> c = new ArrayList<>();
    c.add(markdown ? "`" + r.crawler().token().replace("`", "'") + "`" : PlainText.shorten(r.crawler().token(), 40));
    c.add(markdown ? md(r.crawler().operator()) : PlainText.shorten(r.crawler().operator(), 30));
    c.add(markdown ? md(r.crawler().function()) : PlainText.shorten(r.crawler().function(), 40));
    c.add(r.crawlRoot() ? "allowed" : "prohibited");
    r.paths().values().forEach(v -> c.add(v ? "allowed" : "prohibited"));
    r.purposes().keySet().forEach(k -> c.add(r.label(k)));
    return c.toArray(String[]::new);
  }

  /**
   * What the list notes of its crawlers (a control token that is no crawler of its own, a crawler
   * the caller added), one line each, under the table it explains; nothing when none has a note.
   */
  private static void notes(List<AuditRow> rows, StringBuilder sb, boolean markdown) {
    List<AuditRow> noted = rows.stream().filter(r -> r.crawler().note().isPresent()).toList();
    if (noted.isEmpty()) {
      return;
    }
    sb.append(markdown ? "Notes on crawlers:\n\n" : "notes on crawlers:\n");
    for (AuditRow r : noted) {
      String note = r.crawler().note().orElseThrow();
      if (markdown) {
        sb.append("- `").append(PlainText.shorten(r.crawler().token(), 60).replace("`", "'")).append("`: ").append(md(note)).append('\n');
      } else {
        sb.append("  ").append(PlainText.shorten(r.crawler().token(), 40)).append(": ").append(PlainText.shorten(note, 200)).append('\n');
      }
    }
    if (markdown) {
      sb.append('\n');
    }
  }

  /** Each distinct deciding line once, with how many answers (crawler and question) it decided. */
  private static void deciding(List<AuditRow> rows, StringBuilder sb, boolean markdown) {
    java.util.Map<String, Integer> count = new java.util.LinkedHashMap<>();
    for (AuditRow r : rows) {
      r.deciding().values().forEach(line -> count.merge(line, 1, Integer::sum));
    }
    if (count.isEmpty()) {
      return;
    }
    sb.append(markdown ? "Deciding lines:\n\n" : "deciding lines:\n");
    count.forEach((line, n) -> {
      String answers = n + (n == 1 ? " answer" : " answers");
      if (markdown) {
        sb.append("- ").append(md(line)).append(" (").append(answers).append(")\n");
      } else {
        sb.append("  ").append(PlainText.shorten(line, 200)).append("  (").append(answers).append(")\n");
      }
    });
  }

  /** Text made safe for a Markdown table cell or list item: escaped markup, no line breaks or control characters. */
  static String md(String s) {
    String t = PlainText.shorten(s, 300);
    StringBuilder sb = new StringBuilder(t.length() + 8);
    for (int i = 0; i < t.length(); i++) {
      char ch = t.charAt(i);
      if ("\\`*_[]<>|~".indexOf(ch) >= 0) {
        sb.append('\\');
      }
      sb.append(ch);
    }
    return sb.toString();
  }
}
