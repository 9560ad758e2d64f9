package org.acapengine.lint;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.acapengine.internal.json.Json;

/** {@code acap lint --list-rules}: every code with its severity, origin, title and help. */
public final class RuleListing {

  private RuleListing() {}

  /**
   * One rule per paragraph: {@code code  severity  origin  title}, then the help indented.
   *
   * @return the listing, lines ending with LF
   */
  public static String text() {
    List<Rule> rules = LintRules.all();
    int width = 0;
    for (Rule r : rules) {
      width = Math.max(width, r.code().length());
    }
    StringBuilder sb = new StringBuilder();
    for (Rule r : rules) {
      sb.append(pad(r.code(), width)).append("  ").append(pad(r.severity().label(), 7)).append("  ")
          .append(pad(r.origin(), 9)).append("  ").append(r.title()).append('\n')
          .append("    ").append(r.help()).append('\n');
    }
    return sb.toString();
  }

  /**
   * A JSON array of {@code code}, {@code severity}, {@code origin}, {@code title}, {@code help}.
   *
   * @return the JSON text
   */
  public static String json() {
    ArrayNode array = Json.MAPPER.createArrayNode();
    for (Rule r : LintRules.all()) {
      ObjectNode n = array.addObject();
      n.put("code", r.code());
      n.put("severity", r.severity().label());
      n.put("origin", r.origin());
      n.put("title", r.title());
      n.put("help", r.help());
    }
    return Json.pretty(array) + "\n";
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }
}
