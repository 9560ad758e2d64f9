package org.acapengine.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.hints.RequestRate;
import org.acapengine.internal.json.Json;
import org.acapengine.model.SourceLine;

/** Crawl hints as text and JSON. */
public final class HintsRender {

  private HintsRender() {}

  private static Map<String, Optional<? extends Hint<?>>> entries(CrawlHints h) {
    Map<String, Optional<? extends Hint<?>>> m = new LinkedHashMap<>();
    m.put("minDelay", h.minDelay());
    m.put("requestRate", h.requestRate());
    m.put("requestsPerDay", h.requestsPerDay());
    m.put("maxParallelDownloads", h.maxParallelDownloads());
    m.put("maxFiles", h.maxFiles());
    m.put("revisitInterval", h.revisitInterval());
    m.put("policyRefetchInterval", h.policyRefetchInterval());
    return m;
  }

  /**
   * The hints for a person: one per line, {@code -} for a hint not given, each value with the line
   * it came from; escaped for a terminal.
   *
   * @param h the hints
   * @return the text, lines ending with LF
   */
  public static String text(CrawlHints h) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Optional<? extends Hint<?>>> e : entries(h).entrySet()) {
      sb.append(String.format("%-22s", e.getKey())).append(' ');
      if (e.getValue().isEmpty()) {
        sb.append("-\n");
        continue;
      }
      Hint<?> hint = e.getValue().get();
      sb.append(value(hint.value())).append("  (").append(where(hint.source())).append(")\n");
    }
    return PlainText.safe(sb.toString());
  }

  /**
   * The hints as JSON: one key per kind of hint, {@code null} for a hint not given.
   *
   * @param h the hints
   * @return the JSON text, pretty-printed
   */
  public static String json(CrawlHints h) {
    return Json.pretty(jsonNode(h));
  }

  /**
   * The hints as JSON, then {@code conditions}: what the sources ask of a crawler that uses the
   * content (an RSL licence's payments, licence server, terms), each with its lines; the key is
   * left out when there are none.
   *
   * @param h the hints
   * @param conditions the sources' conditions
   * @return the JSON text, pretty-printed
   */
  public static String json(CrawlHints h, java.util.List<org.acapengine.site.DecisionNote> conditions) {
    ObjectNode n = jsonNode(h);
    if (!conditions.isEmpty()) {
      n.set("conditions", NoteRender.json(conditions));
    }
    return Json.pretty(n);
  }

  private static ObjectNode jsonNode(CrawlHints h) {
    ObjectNode n = Json.object();
    for (Map.Entry<String, Optional<? extends Hint<?>>> e : entries(h).entrySet()) {
      if (e.getValue().isEmpty()) {
        n.putNull(e.getKey());
        continue;
      }
      Hint<?> hint = e.getValue().get();
      ObjectNode o = n.putObject(e.getKey());
      Object v = hint.value();
      if (v instanceof Duration d) {
        o.put("seconds", d.toMillis() / 1000.0);
      } else if (v instanceof RequestRate r) {
        o.put("requests", r.requests());
        o.put("periodSeconds", r.period().toMillis() / 1000.0);
        o.put("requestsPerSecond", r.requestsPerSecond());
        r.window().ifPresent(w -> o.put("window", w.toString()));
      } else if (v instanceof Long l) {
        o.put("value", l);
      } else {
        o.put("value", String.valueOf(v));
      }
      o.put("source", hint.source().source());
      o.put("line", hint.source().line());
      o.put("text", hint.source().text());
    }
    return n;
  }

  private static String value(Object v) {
    if (v instanceof Duration d) {
      return (d.toMillis() / 1000.0) + " s";
    }
    if (v instanceof RequestRate r) {
      return r.requests().toPlainString() + " per " + (r.period().toMillis() / 1000.0) + " s" + r.window().map(w -> " during " + w).orElse("");
    }
    return String.valueOf(v);
  }

  private static String where(SourceLine s) {
    return s.line() > 0 ? s.source() + ":" + s.line() + ": " + s.text() : s.source() + ": " + s.text();
  }
}
