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

  /** After a check line: each note but the obligations (their kinds are on the line already), as {@code  note: …}. */
  static void appendInline(StringBuilder sb, List<DecisionNote> notes) {
    for (DecisionNote note : notes) {
      if (!note.code().equals(DecisionNote.OBLIGATION)) {
        sb.append("  note: ").append(text(note));
      }
    }
  }

  /** In an explanation: one line per note, {@code obligation: …} or {@code note: …}. */
  static void appendLines(StringBuilder sb, List<DecisionNote> notes) {
    for (DecisionNote note : notes) {
      sb.append(note.code().equals(DecisionNote.OBLIGATION) ? "obligation: " : "note: ").append(text(note)).append('\n');
    }
  }

  private static ObjectNode line(SourceLine e) {
    ObjectNode o = Json.object();
    o.put("source", e.source());
    o.put("line", e.line());
    o.put("text", e.text());
    return o;
  }
}
