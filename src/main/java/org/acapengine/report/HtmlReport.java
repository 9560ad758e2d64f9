package org.acapengine.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.acapengine.audit.Audit;
import org.acapengine.audit.AuditReport;
import org.acapengine.audit.KnownCrawler;
import org.acapengine.lint.LintOptions;
import org.acapengine.lint.Linter;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.LoadedSite;
import org.acapengine.load.SiteFiles;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Severity;
import org.acapengine.model.SourceText;
import org.acapengine.parse.ParseOptions;
import org.acapengine.internal.json.Json;
import org.acapengine.site.SitePolicy;

/**
 * {@code acap report FILE --format html}: one self-contained HTML page for a CI artifact or a pull
 * request — the lint findings, the file with line numbers and each finding under its line, and the
 * audit matrix with a legend. Inline CSS, no script (its Content-Security-Policy forbids any), every
 * byte of the file escaped ({@link Html}), nothing fetched. Deterministic: the same input gives the
 * same bytes.
 */
public final class HtmlReport {

  private HtmlReport() {}

  /**
   * The report of one robots.txt. Permissions references are not followed (as {@code acap lint}
   * without {@code --resolve-references}).
   *
   * @param name the file's name, as the report shows it
   * @param content the file's bytes
   * @param today the date time limits are compared with
   * @param crawlers the crawlers of the audit matrix ({@link MatrixCrawlers#all()})
   * @param maxBytes content beyond this many bytes is not parsed
   * @return the page
   */
  public static String render(String name, byte[] content, LocalDate today, List<KnownCrawler> crawlers, long maxBytes) {
    ParseOptions parse = new ParseOptions(maxBytes);
    // the one loader, as acap audit reads the file: its Content-Signal and Content-Usage lines are sources too
    LoadedSite loaded = new SiteLoader(LoadOptions.defaults().withMaxBytes(maxBytes)).withTexts(Map.of(name, content))
        .load(SiteFiles.none().withRobots(name));
    SitePolicy site = loaded.orElseThrow(IllegalStateException::new);
    PolicyDocument doc = loaded.robots().orElseThrow().document();
    List<Diagnostic> findings = new Linter(new LintOptions(today, false, parse)).lint(doc, Path.of("."));
    JsonNode audit;
    try {
      audit = Json.MAPPER.readTree(AuditReport.json(Audit.run(site, crawlers, List.of())));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("audit JSON", e);
    }
    StringBuilder sb = new StringBuilder(content.length * 2 + 16_384);
    head(sb, name);
    summary(sb, name, doc.source(), findings, today);
    findings(sb, findings);
    file(sb, doc.source(), findings);
    audit(sb, audit, name);
    sb.append("</main>\n</body>\n</html>\n");
    return sb.toString();
  }

  private static void head(StringBuilder sb, String name) {
    sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>acap report: ").append(Html.escape(name)).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n");
  }

  private static void summary(StringBuilder sb, String name, SourceText src, List<Diagnostic> findings, LocalDate today) {
    long errors = findings.stream().filter(d -> d.severity() == Severity.ERROR).count();
    long warnings = findings.stream().filter(d -> d.severity() == Severity.WARNING).count();
    sb.append("<h1>robots.txt report: <code>").append(Html.escape(name)).append("</code></h1>\n");
    sb.append("<p class=\"summary\">").append(src.lines().size()).append(" lines, ").append(src.byteLength()).append(" bytes")
        .append(src.truncated() ? " (cut at the size limit)" : "").append(". Lint: ").append(errors).append(errors == 1 ? " error, " : " errors, ")
        .append(warnings).append(warnings == 1 ? " warning, " : " warnings, ").append(findings.size() - errors - warnings).append(" other; time limits read as of ")
        .append(today).append(".</p>\n<nav><a href=\"#findings\">Lint findings</a> · <a href=\"#file\">The file</a> · <a href=\"#audit\">Crawler audit</a></nav>\n");
  }

  private static void findings(StringBuilder sb, List<Diagnostic> findings) {
    sb.append("<section id=\"findings\">\n<h2>Lint findings</h2>\n");
    if (findings.isEmpty()) {
      sb.append("<p>No findings.</p>\n</section>\n");
      return;
    }
    sb.append("<table>\n<thead><tr><th>line</th><th>severity</th><th>code</th><th>message</th><th>how to fix</th></tr></thead>\n<tbody>\n");
    for (Diagnostic d : findings) {
      sb.append("<tr class=\"").append(severityClass(d.severity())).append("\"><td><a href=\"#L").append(d.span().line()).append("\">").append(d.span().line())
          .append(':').append(d.span().column()).append("</a></td><td>").append(symbol(d.severity())).append(' ').append(d.severity().label())
          .append("</td><td><code>").append(Html.escape(d.code())).append("</code></td><td>").append(Html.escape(d.message())).append("</td><td>")
          .append(Html.escape(d.help())).append("</td></tr>\n");
    }
    sb.append("</tbody>\n</table>\n</section>\n");
  }

  private static void file(StringBuilder sb, SourceText src, List<Diagnostic> findings) {
    Map<Integer, List<Diagnostic>> byLine = new TreeMap<>();
    for (Diagnostic d : findings) {
      byLine.computeIfAbsent(d.span().line(), k -> new ArrayList<>()).add(d);
    }
    sb.append("<section id=\"file\">\n<h2>The file</h2>\n<table class=\"src\">\n<tbody>\n");
    for (int i = 1; i <= src.lines().size(); i++) {
      List<Diagnostic> here = byLine.getOrDefault(i, List.of());
      String cls = here.isEmpty() ? "" : " class=\"" + severityClass(here.stream().map(Diagnostic::severity).min(Enum::compareTo).get()) + "\"";
      sb.append("<tr id=\"L").append(i).append('"').append(cls).append("><td class=\"n\">").append(i).append("</td><td><pre>")
          .append(Html.escape(src.line(i))).append("</pre></td></tr>\n");
      for (Diagnostic d : here) {
        sb.append("<tr class=\"note ").append(severityClass(d.severity())).append("\"><td></td><td>").append(symbol(d.severity())).append(' ')
            .append(d.severity().label()).append(" <code>").append(Html.escape(d.code())).append("</code> ").append(Html.escape(d.message()))
            .append("<br><span class=\"fix\">fix: ").append(Html.escape(d.help())).append("</span></td></tr>\n");
      }
    }
    sb.append("</tbody>\n</table>\n</section>\n");
  }

  private static void audit(StringBuilder sb, JsonNode rows, String name) {
    sb.append("<section id=\"audit\">\n<h2>Crawler audit</h2>\n<p>For each known AI crawler (list of ").append(Html.escape(MatrixCrawlers.updated()))
        .append(") and each major search crawler: may it crawl <code>/</code>, and may it use the content for each purpose?</p>\n");
    sb.append("<table class=\"matrix\">\n<thead><tr><th>crawler</th><th>operator</th><th>function</th><th>crawl /</th>");
    List<String> purposes = new ArrayList<>();
    if (rows.size() > 0) {
      rows.get(0).path("purposes").fieldNames().forEachRemaining(purposes::add);
    }
    purposes.forEach(p -> sb.append("<th>").append(Html.escape(p)).append("</th>"));
    sb.append("</tr></thead>\n<tbody>\n");
    for (JsonNode r : rows) {
      sb.append("<tr><td><code>").append(Html.escape(r.path("crawler").asText())).append("</code></td><td>").append(Html.escape(r.path("operator").asText()))
          .append("</td><td>").append(Html.escape(r.path("function").asText(""))).append("</td>").append(cell(crawlLabel(r.path("crawl")), r.path("deciding").path("crawl /").asText(null)));
      for (String p : purposes) {
        sb.append(cell(r.path("purposes").path(p).asText("?"), r.path("deciding").path(p).asText(null)));
      }
      sb.append("</tr>\n");
    }
    sb.append("</tbody>\n</table>\n<h3>Legend</h3>\n<ul class=\"legend\">\n");
    for (AuditReport.LegendLine l : AuditReport.LEGEND) {
      sb.append("<li>");
      for (String label : l.labels()) {
        AuditLegend.Entry e = AuditLegend.of(label);
        sb.append("<span class=\"v ").append(e.css()).append("\">").append(e.symbol()).append(' ').append(Html.escape(label)).append("</span> ");
      }
      sb.append(Html.escape(l.meaning())).append("</li>\n");
    }
    sb.append("</ul>\n");
    decidingLines(sb, rows, name);
    sb.append("</section>\n");
  }

  /** Each distinct deciding line once, with the number of answers it decided, linked to the file where it is one of its lines. */
  private static void decidingLines(StringBuilder sb, JsonNode rows, String name) {
    Map<String, Integer> count = new java.util.LinkedHashMap<>();
    for (JsonNode r : rows) {
      r.path("deciding").elements().forEachRemaining(l -> count.merge(l.asText(), 1, Integer::sum));
    }
    if (count.isEmpty()) {
      return;
    }
    sb.append("<h3>Deciding lines</h3>\n<p>Hover a cell for the line that decides it.</p>\n<ul>\n");
    String prefix = name + ":";
    count.forEach((line, n) -> {
      sb.append("<li>");
      int colon = line.startsWith(prefix) ? line.indexOf(':', prefix.length()) : -1;
      if (colon > prefix.length() && line.substring(prefix.length(), colon).chars().allMatch(Character::isDigit)) {
        String number = line.substring(prefix.length(), colon);
        sb.append("<a href=\"#L").append(number).append("\">line ").append(number).append("</a>: <code>")
            .append(Html.escape(line.substring(colon + 1).strip())).append("</code>");
      } else {
        sb.append("<code>").append(Html.escape(line)).append("</code>");
      }
      sb.append(" (").append(n).append(n == 1 ? " answer" : " answers").append(")</li>\n");
    });
    sb.append("</ul>\n");
  }

  private static String crawlLabel(JsonNode crawl) {
    return crawl.isBoolean() ? (crawl.asBoolean() ? "allowed" : "prohibited") : crawl.asText("?");
  }

  private static String cell(String label, String deciding) {
    AuditLegend.Entry e = AuditLegend.of(label);
    StringBuilder sb = new StringBuilder("<td class=\"v ").append(e.css()).append('"');
    if (deciding != null) {
      sb.append(" title=\"").append(Html.escape(deciding)).append('"');
    }
    return sb.append('>').append(e.symbol()).append(' ').append(Html.escape(label)).append("</td>").toString();
  }

  private static String severityClass(Severity s) {
    return "sev-" + s.label();
  }

  private static String symbol(Severity s) {
    return switch (s) {
      case ERROR -> "✖";
      case WARNING -> "⚠";
      default -> "ℹ";
    };
  }

  private static final String CSS = """
      body { font: 15px/1.45 system-ui, sans-serif; color: #1b1b1b; background: #fff; margin: 0; }
      main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
      h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
      code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
      table { border-collapse: collapse; width: 100%; }
      th, td { border: 1px solid #d0d0d0; padding: .25rem .45rem; text-align: left; vertical-align: top; }
      th { background: #f2f2f2; }
      .src td { border: none; padding: 0 .5rem; } .src pre { margin: 0; white-space: pre-wrap; word-break: break-all; }
      .src td.n { color: #777; text-align: right; width: 3.5rem; user-select: none; }
      .src tr:target { outline: 2px solid #0a58ca; }
      tr.sev-error { background: #fde7e7; } tr.sev-warning { background: #fff4d6; } tr.sev-info { background: #e8f1fd; }
      tr.note td { font-size: .9rem; padding-bottom: .3rem; } .fix { color: #444; }
      .v { white-space: nowrap; font-weight: 600; }
      .v-allowed { background: #dff3e4; color: #14532d; } .v-prohibited { background: #fbdada; color: #7f1d1d; }
      .v-blocked { background: #fde8cf; color: #7c2d12; } .v-unstated { background: #eeeeee; color: #404040; } .v-other { background: #e8e4f7; color: #312e81; }
      ul.legend { list-style: none; padding: 0; } ul.legend li { margin: .25rem 0; } ul.legend .v { padding: .1rem .4rem; }
      """;
}
