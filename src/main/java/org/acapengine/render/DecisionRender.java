package org.acapengine.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.internal.json.Json;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SiteExplanation;
import org.acapengine.site.SourceVerdict;

/** Decisions and explanations as text and JSON. */
public final class DecisionRender {

  private DecisionRender() {}

  /**
   * One {@code acap check} result line as JSON (the keys are listed in the README).
   *
   * @param input the input the query came from (file name or URL), as the output shows it
   * @param q the query
   * @param d the combined decision
   * @return the JSON text, on one line
   */
  public static String checkJson(String input, Query q, SiteDecision d) {
    return Json.compact(checkNode(input, q, d));
  }

  /**
   * One {@code acap check --requests} answer line as JSON: {@link #checkJson(String, Query,
   * SiteDecision)} and the robots file the request named, under {@code "robots"}.
   *
   * @param input the URL the request named
   * @param q the query
   * @param d the combined decision
   * @param robots the request's robots file or URL, as it named it
   * @return the JSON text, on one line
   */
  public static String checkJson(String input, Query q, SiteDecision d, String robots) {
    ObjectNode n = checkNode(input, q, d);
    n.put("robots", robots);
    return Json.compact(n);
  }

  /**
   * One answer of the decision service ({@code acap serve}'s {@code /v1/decide}): {@link
   * #checkJson(String, Query, SiteDecision)} and whether the robots.txt it rests on was cut at
   * the size limit, under {@code "truncated"} (as {@code /v1/fetch} says of a fetched file).
   *
   * @param input the URL or path asked about
   * @param q the query
   * @param d the combined decision
   * @param truncated whether the robots.txt was cut at the size limit, only its first part decided on
   * @return the JSON text, on one line
   */
  public static String checkJson(String input, Query q, SiteDecision d, boolean truncated) {
    ObjectNode n = checkNode(input, q, d);
    n.put("truncated", truncated);
    return Json.compact(n);
  }

  private static ObjectNode checkNode(String input, Query q, SiteDecision d) {
    ObjectNode n = Json.object();
    n.put("path", input);
    n.put("usage", q.usage());
    n.put("allowed", d.allowed());
    n.put("basis", d.basis());
    SourceLine e = d.decidingLine();
    if (e == null || (e.line() == 0 && e.source().isEmpty())) {
      n.putNull("line");
      n.putNull("source");
      n.putNull("text");
    } else {
      // A deciding source without a line (a Scorpion file's implicit final C/, an oversized
      // file) is still named: line is null, source and text are given.
      if (e.line() == 0) {
        n.putNull("line");
      } else {
        n.put("line", e.line());
      }
      n.put("source", e.source());
      n.put("text", e.text());
    }
    n.set("qualifiers", qualifiers(d.qualifiers()));
    if (!d.obligations().isEmpty()) {
      ArrayNode ob = n.putArray("obligations");
      d.obligations().stream().map(o -> o.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).sorted().forEach(ob::add);
    }
    if (d.dynamic()) {
      n.put("dynamic", true);
    }
    if (!d.notes().isEmpty()) {
      n.set("decisionNotes", NoteRender.json(d.notes()));
    }
    if (d.sources().size() > 1) {
      ArrayNode src = n.putArray("sources");
      for (SourceVerdict v : d.sources()) {
        src.add(sourceJson(v));
      }
    }
    return n;
  }

  private static ObjectNode sourceJson(SourceVerdict v) {
    ObjectNode o = Json.object();
    o.put("kind", v.kind());
    o.put("source", v.source());
    o.put("verdict", v.verdict().label());
    // A tie's lines are read when asked (thousands of them): the first JSON_LINES, and the count.
    ArrayNode ev = o.putArray("deciding");
    for (int i = 0, shown = Math.min(v.evidence().size(), JSON_LINES); i < shown; i++) {
      ev.add(evidence(v.evidence().get(i)));
    }
    o.put("decidingCount", v.evidence().size());
    o.put("reason", v.reason());
    return o;
  }

  /**
   * Qualifier type → value as written; a list where the type is repeated; {} when none.
   *
   * @param qualifiers the qualifiers
   * @return a new JSON object
   */
  static ObjectNode qualifiers(List<Qualifier> qualifiers) {
    Map<String, List<String>> byType = new LinkedHashMap<>();
    for (Qualifier q : qualifiers) {
      byType.computeIfAbsent(q.key(), k -> new ArrayList<>()).add(q.value());
    }
    ObjectNode n = Json.object();
    for (Map.Entry<String, List<String>> e : byType.entrySet()) {
      if (e.getValue().size() == 1) {
        n.put(e.getKey(), e.getValue().get(0));
      } else {
        ArrayNode a = n.putArray(e.getKey());
        e.getValue().forEach(a::add);
      }
    }
    return n;
  }

  /**
   * One {@code acap check} result as a line of text.
   *
   * @param input the input the query came from, as the output shows it
   * @param q the query
   * @param d the combined decision
   * @return one line, without a line feed, escaped for a terminal
   */
  public static String checkText(String input, Query q, SiteDecision d) {
    StringBuilder sb = new StringBuilder();
    sb.append(d.allowed() ? "allowed   " : "prohibited").append("  ").append(q.usage()).append("  ").append(input).append("  (").append(d.basis());
    SourceLine e = d.decidingLine();
    if (e != null && !e.source().isEmpty()) {
      sb.append(", ").append(e.source()).append(e.line() > 0 ? ":" + e.line() : "").append(": ").append(e.text());
    } else if (e != null) {
      sb.append(", ").append(e.text());
    }
    sb.append(')');
    if (!d.qualifiers().isEmpty()) {
      sb.append("  qualifiers:");
      for (Qualifier qual : d.qualifiers()) {
        sb.append(' ').append(qual.typeName()).append('=').append(qual.value());
      }
    }
    if (!d.obligations().isEmpty()) {
      sb.append("  obligations: ").append(obligations(d));
    }
    if (d.dynamic()) {
      sb.append("  (dynamic)");
    }
    NoteRender.appendInline(sb, d.notes());
    return PlainText.safe(sb.toString());
  }

  private static String obligations(SiteDecision d) {
    return String.join(", ", d.obligations().stream().map(o -> o.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).sorted().toList());
  }

  /**
   * A combined explanation for a person: each source's verdict, then the robots.txt trace.
   *
   * @param x the explanation
   * @param all true to include the rules that do not apply
   * @return the text, lines ending with LF
   */
  public static String explainText(SiteExplanation x, boolean all) {
    SiteDecision d = x.decision();
    StringBuilder sb = new StringBuilder();
    if (x.robots().isPresent() && d.sources().size() == 1) {
      StringBuilder trace = new StringBuilder(explainText(x.robots().get(), all));
      NoteRender.appendLines(trace, d.notes());
      return PlainText.safe(trace.toString());
    }
    Query q = x.query();
    sb.append("crawler ").append(String.join(", ", q.crawlers())).append(", usage ").append(q.usage())
        .append(q.purpose().map(p -> ", purpose " + p).orElse("")).append(", path ").append(q.path()).append('\n');
    sb.append("verdict: ").append(d.allowed() ? "ALLOWED" : "PROHIBITED").append(" (").append(d.basis())
        .append(d.decidingSource().isEmpty() ? "" : ", decided by " + d.decidingSource()).append(")\n");
    List<SourceLine> lines = d.deciding();
    for (int i = 0, n = Math.min(lines.size(), ExplanationText.SHOWN_LINES); i < n; i++) {
      SourceLine e = lines.get(i);
      sb.append("deciding line: ").append(e.line() > 0 ? e.source() + ":" + e.line() + ": " : e.source() + ": ").append(e.text()).append('\n');
    }
    if (lines.size() > ExplanationText.SHOWN_LINES) {
      sb.append("deciding lines: ").append(lines.size() - ExplanationText.SHOWN_LINES).append(" more (").append(lines.size()).append(" in all)\n");
    }
    if (!d.obligations().isEmpty()) {
      sb.append("obligations: ").append(obligations(d)).append('\n');
    }
    NoteRender.appendLines(sb, d.notes());
    sb.append("sources (a usage is allowed only if every source that speaks to it allows it):\n");
    for (SourceVerdict v : d.sources()) {
      sb.append("  ").append(v.kind()).append(' ').append(v.source()).append(": ").append(v.verdict().label()).append(" — ").append(v.reason()).append('\n');
    }
    for (String note : x.notes()) {
      sb.append("  ").append(note).append('\n');
    }
    if (x.robots().isPresent()) {
      sb.append("\nrobots.txt trace:\n");
      sb.append(explainText(x.robots().get(), all));
    }
    return PlainText.safe(sb.toString());
  }

  /**
   * A combined explanation as JSON: the sources, and the robots.txt trace under "robots".
   *
   * @param x the explanation
   * @return the JSON text, pretty-printed
   */
  public static String explainJson(SiteExplanation x) {
    return Json.pretty(explainNode(x));
  }

  private static ObjectNode explainNode(SiteExplanation x) {
    ObjectNode n = x.robots().map(DecisionRender::explainNode).orElseGet(Json::object);
    SiteDecision d = x.decision();
    if (x.robots().isPresent() && d.sources().size() == 1) {
      if (!d.notes().isEmpty()) {
        n.set("decisionNotes", NoteRender.json(d.notes()));
      }
      return n; // robots.txt alone: its trace is the whole answer
    }
    ObjectNode combined = Json.object();
    combined.put("allowed", d.allowed());
    combined.put("basis", d.basis());
    combined.put("source", d.decidingSource());
    ArrayNode deciding = combined.putArray("deciding");
    for (int i = 0, shown = Math.min(d.deciding().size(), JSON_LINES); i < shown; i++) {
      deciding.add(evidence(d.deciding().get(i)));
    }
    combined.put("decidingCount", d.deciding().size());
    combined.set("qualifiers", qualifiers(d.qualifiers()));
    ArrayNode ob = combined.putArray("obligations");
    d.obligations().stream().map(o -> o.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).sorted().forEach(ob::add);
    combined.put("dynamic", d.dynamic());
    ArrayNode src = combined.putArray("sources");
    d.sources().forEach(v -> src.add(sourceJson(v)));
    ArrayNode notes = combined.putArray("notes");
    x.notes().forEach(notes::add);
    if (!d.notes().isEmpty()) {
      combined.set("decisionNotes", NoteRender.json(d.notes()));
    }
    n.set("combined", combined);
    return n;
  }

  /**
   * The explanation for a person; {@code all} includes the rules that do not apply ({@link
   * ExplanationText#of(Explanation, boolean)}).
   *
   * @param x the explanation
   * @param all true to include the rules that do not apply
   * @return the text, lines ending with LF
   */
  public static String explainText(Explanation x, boolean all) {
    return ExplanationText.of(x, all);
  }

  /**
   * The full trace as JSON (keys: query, decision, reason, reasonCode, selection, rules,
   * comparisons, summary; "combined" with several sources): each sentence of {@link
   * ExplanationText} with its code beside it.
   *
   * @param x the explanation
   * @return the JSON text, pretty-printed
   */
  public static String explainJson(Explanation x) {
    return Json.pretty(explainNode(x));
  }

  private static ObjectNode explainNode(Explanation x) {
    ObjectNode n = Json.object();
    Query q = x.query();
    ObjectNode query = n.putObject("query");
    ArrayNode crawlers = query.putArray("crawlers");
    q.crawlers().forEach(crawlers::add);
    query.put("usage", q.usage());
    if (q.purpose().isPresent()) {
      query.put("purpose", q.purpose().get());
    } else {
      query.putNull("purpose");
    }
    query.put("path", q.path());
    Decision d = x.decision();
    ObjectNode dec = n.putObject("decision");
    dec.put("allowed", d.allowed());
    dec.put("basis", d.basis().label());
    ArrayNode deciding = dec.putArray("deciding");
    for (int i = 0, shown = Math.min(d.deciding().size(), JSON_LINES); i < shown; i++) {
      deciding.add(evidence(d.deciding().get(i)));
    }
    dec.put("decidingCount", d.deciding().size());
    dec.set("qualifiers", qualifiers(d.qualifiers()));
    n.put("reason", ExplanationText.reason(x));
    n.put("reasonCode", ExplanationText.label(x.reason().code()));
    ArrayNode sel = n.putArray("selection");
    ExplanationText.selection(x.selection()).forEach(sel::add);
    ArrayNode rules = n.putArray("rules");
    for (Explanation.Step s : x.rules()) {
      ObjectNode r = rules.addObject();
      r.setAll(evidence(s.evidence()));
      r.put("kind", s.kind());
      r.put("allows", s.allows());
      r.put("usage", s.usage());
      r.put("pattern", s.pattern());
      r.put("derivation", ExplanationText.derivation(s.derivation()));
      ObjectNode from = r.putObject("derivedFrom");
      s.derivation().composite().ifPresent(c -> from.set("compositeUsage", definition(c)));
      s.derivation().qualified().ifPresent(c -> from.set("qualifiedUsage", definition(c)));
      s.derivation().resourceSet().ifPresent(c -> from.set("resourceSet", definition(c)));
      r.put("outcome", ExplanationText.label(s.outcome()));
      r.put("note", ExplanationText.note(x, s));
      r.put("noteCode", ExplanationText.label(s.note().why()));
    }
    ArrayNode comps = n.putArray("comparisons");
    for (Explanation.Comparison c : x.comparisons()) {
      ObjectNode o = comps.addObject();
      o.set("first", evidence(c.first()).put("pattern", c.firstPattern()));
      o.set("second", evidence(c.second()).put("pattern", c.secondPattern()));
      o.put("order", c.order().name().toLowerCase(java.util.Locale.ROOT));
      o.put("method", ExplanationText.method(c.method()));
      o.put("methodCode", ExplanationText.label(c.method()));
    }
    ObjectNode summary = n.putObject("summary");
    summary.put("listed", x.summary().listed());
    ObjectNode considered = summary.putObject("considered");
    x.summary().considered().forEach((o, count) -> considered.put(ExplanationText.label(o), count));
    return n;
  }

  /** Deciding lines an explanation's JSON lists at most ({@code decidingCount} says how many there are). */
  static final int JSON_LINES = 1000;

  private static ObjectNode definition(Explanation.Definition d) {
    ObjectNode o = Json.object();
    o.put("name", d.name());
    o.put("line", d.line());
    return o;
  }

  private static ObjectNode evidence(SourceLine e) {
    ObjectNode o = Json.object();
    o.put("source", e.source());
    o.put("line", e.line());
    o.put("text", e.text());
    return o;
  }
}
