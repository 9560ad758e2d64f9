package org.acapengine.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.acapengine.internal.json.Json;
import org.acapengine.model.SourceLine;
import org.acapengine.site.DecisionNote;

/** Decision notes ({@link DecisionNote}: a crawl prohibited, an unknown name, what a licence asks) as text and JSON. */
public final class NoteRender {

  private NoteRender() {}

  /**
   * A decision's notes as JSON: an array of {@code code}, {@code text} and {@code lines} (each
   * {@code source}, {@code line}, {@code text}).
   *
   * @param notes the notes
   * @return a new JSON array
   */
  static ArrayNode json(List<DecisionNote> notes) {
    ArrayNode a = Json.MAPPER.createArrayNode();
    for (DecisionNote note : notes) {
      ObjectNode o = a.addObject();
      o.put("code", note.code());
      o.put("text", note.text());
      ArrayNode lines = o.putArray("lines");
      note.lines().forEach(l -> lines.add(line(l)));
    }
    return a;
  }

  /**
   * A note as one line of text: its sentence, then the lines it concerns.
   *
   * @param note the note
   * @return the text, not escaped
   */
  public static String text(DecisionNote note) {
    StringBuilder sb = new StringBuilder(note.text());
    if (!note.lines().isEmpty() && !note.code().equals(DecisionNote.CRAWL_PROHIBITED)) {
      sb.append(" (");
      for (int i = 0; i < note.lines().size(); i++) {
        SourceLine l = note.lines().get(i);
        sb.append(i == 0 ? "" : "; ").append(l.line() > 0 ? l.source() + ":" + l.line() + ": " + l.text() : l.source() + ": " + l.text());
      }
      sb.append(')');
    }
    return sb.toString();
  }

  private static ObjectNode line(SourceLine e) {
    ObjectNode o = Json.object();
    o.put("source", e.source());
    o.put("line", e.line());
    o.put("text", e.text());
    return o;
  }
}
