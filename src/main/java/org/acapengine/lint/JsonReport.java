package org.acapengine.lint;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.acapengine.internal.json.Json;
import org.acapengine.model.Diagnostic;

/**
 * A JSON array of findings: {@code file}, {@code line}, {@code column}, {@code endLine}, {@code
 * endColumn} (1-based; the end is the last character, inclusive), {@code severity}, {@code code},
 * {@code message}, {@code help}.
 */
public final class JsonReport implements Report {

  @Override
  public String render(List<Finding> findings, int fileCount) {
    ArrayNode array = Json.MAPPER.createArrayNode();
    for (Finding f : findings) {
      Diagnostic d = f.diagnostic();
      ObjectNode n = array.addObject();
      n.put("file", f.file());
      n.put("line", d.span().line());
      n.put("column", d.span().column());
      n.put("endLine", d.span().endLine());
      n.put("endColumn", d.span().endColumn());
      n.put("severity", d.severity().label());
      n.put("code", d.code());
      n.put("message", d.message());
      n.put("help", d.help());
    }
    return Json.pretty(array) + "\n";
  }
}
