package org.acapengine.diff;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.acapengine.model.SourceLine;
import org.acapengine.internal.json.Json;
import org.acapengine.render.PlainText;

/** {@code acap diff}'s output formats: text, JSON, and Markdown for a pull-request comment. */
public final class DiffReport {

  private DiffReport() {}

  /**
   * For a terminal: a summary line, then each change with both deciding lines. Escaped.
   *
   * @param r the diff
   * @return the text, ending with a line end
   */
  public static String text(DiffResult r) {
    StringBuilder sb = new StringBuilder();
    sb.append("acap diff ").append(r.before()).append(" -> ").append(r.after()).append('\n');
    sb.append(summary(r)).append('\n');
    for (DiffChange c : r.changes()) {
      sb.append('\n').append(crawler(c.crawler())).append("  ").append(c.usage()).append("  ").append(PlainText.shorten(c.path(), 200))
          .append("  ").append(c.before().verdict()).append(" -> ").append(c.after().verdict()).append('\n');
      sb.append("  before: ").append(PlainText.shorten(c.before().where(), 300)).append('\n');
      sb.append("  after:  ").append(PlainText.shorten(c.after().where(), 300)).append('\n');
    }
    return PlainText.safe(sb.toString());
  }

  /**
   * As JSON: {@code before}, {@code after} (the names), {@code crawlers}, {@code paths}, {@code
   * usages}, {@code purpose}, {@code questions}, {@code changed} and {@code changes}, each change
   * with {@code crawler}, {@code usage}, {@code path} and {@code before}/{@code after} objects
   * holding {@code allowed}, {@code basis}, {@code source}, {@code line} and {@code text} (null
   * when no line decided).
   *
   * @param r the diff
   * @return the JSON text, pretty-printed, ending with a line end
   */
  public static String json(DiffResult r) {
    return Json.pretty(node(r)) + "\n";
  }

  private static ObjectNode node(DiffResult r) {
    ObjectNode n = Json.object();
    n.put("before", r.before());
    n.put("after", r.after());
    strings(n.putArray("crawlers"), r.scope().crawlers());
    strings(n.putArray("paths"), r.scope().paths());
    strings(n.putArray("usages"), r.scope().usages());
    if (r.scope().purpose().isPresent()) {
      n.put("purpose", r.scope().purpose().get());
    } else {
      n.putNull("purpose");
    }
    n.put("questions", r.scope().questions());
    n.put("changed", r.changed());
    ArrayNode changes = n.putArray("changes");
    for (DiffChange c : r.changes()) {
      ObjectNode o = changes.addObject();
      o.put("crawler", c.crawler());
      o.put("usage", c.usage());
      o.put("path", c.path());
      o.set("before", side(c.before()));
      o.set("after", side(c.after()));
    }
    return n;
  }

  private static void strings(ArrayNode a, List<String> values) {
    values.forEach(a::add);
  }

  private static ObjectNode side(DiffSide s) {
    ObjectNode o = Json.object();
    o.put("allowed", s.allowed());
    o.put("basis", s.basis());
    if (s.deciding().isPresent()) {
      SourceLine l = s.deciding().get();
      o.put("source", l.source());
      if (l.line() > 0) {
        o.put("line", l.line());
      } else {
        o.putNull("line");
      }
      o.put("text", l.text());
    } else {
      o.putNull("source");
      o.putNull("line");
      o.putNull("text");
    }
    return o;
  }

  /**
   * For a pull-request comment: a heading, the summary, and a table of the changes.
   *
   * @param r the diff
   * @return the Markdown, ending with a line end
   */
  public static String markdown(DiffResult r) {
    StringBuilder sb = new StringBuilder();
    sb.append("### robots.txt change: ").append(md(r.before())).append(" → ").append(md(r.after())).append("\n\n");
    sb.append(md(summary(r))).append('\n');
    if (r.changed()) {
      sb.append('\n').append("| crawler | usage | path | before | after |\n| --- | --- | --- | --- | --- |\n");
      for (DiffChange c : r.changes()) {
        sb.append("| `").append(c.crawler().replace("`", "'")).append("` | ").append(md(c.usage())).append(" | `")
            .append(PlainText.shorten(c.path(), 200).replace("`", "'").replace("|", "\\|")).append("` | ")
            .append(cell(c.before())).append(" | ").append(cell(c.after())).append(" |\n");
      }
    }
    return sb.toString();
  }

  private static String cell(DiffSide s) {
    return (s.allowed() ? "✅ allowed" : "⛔ prohibited") + "<br>" + md(s.where());
  }

  private static String summary(DiffResult r) {
    DiffScope s = r.scope();
    int n = r.changes().size();
    return s.crawlers().size() + plural(s.crawlers().size(), " crawler") + " × " + s.paths().size() + plural(s.paths().size(), " path") + " × "
        + s.usages().size() + plural(s.usages().size(), " usage") + s.purpose().map(p -> " (purpose " + PlainText.shorten(p, 60) + ")").orElse("")
        + " = " + s.questions() + plural(s.questions(), " question") + "; " + (n == 0 ? "no verdict changes" : n + plural(n, " verdict") + " change" + (n == 1 ? "s" : ""));
  }

  private static String plural(long n, String word) {
    return n == 1 ? word : word + "s";
  }

  private static String crawler(String name) {
    return name.equals(PolicyDiff.ANY_CRAWLER) ? "* (any other crawler)" : PlainText.shorten(name, 80);
  }

  /** Text made safe for a Markdown table cell: escaped markup, no line breaks or control characters. */
  private static String md(String s) {
    String t = PlainText.shorten(s, 300);
    StringBuilder sb = new StringBuilder(t.length() + 8);
    for (int i = 0; i < t.length(); i++) {
      char ch = t.charAt(i);
      if ("\\`*_[]<>|~#".indexOf(ch) >= 0) {
        sb.append('\\');
      }
      sb.append(ch);
    }
    return sb.toString();
  }
}
