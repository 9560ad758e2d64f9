package org.acapengine.eval.match;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads {@code src/test/resources/rfc9309/conformance.tsv}: a header line, then one row per line
 * with the columns {@code id robots user_agent url allowed note}, tab-separated; in every field
 * {@code \n}, {@code \r}, {@code \t} and {@code \\} stand for a line feed, a carriage return, a
 * tab and a backslash. The file is UTF-8.
 */
final class ConformanceTable {

  static final String RESOURCE = "/rfc9309/conformance.tsv";
  static final String HEADER = "id\trobots\tuser_agent\turl\tallowed\tnote";

  /** One row, fields unescaped. {@code userAgents} is the comma-separated column, split. */
  record Row(
      int line, String id, String robots, List<String> userAgents, String url, boolean allowed,
      String note) {

    @Override
    public String toString() {
      return id;
    }
  }

  private ConformanceTable() {}

  static List<Row> load() {
    InputStream in = ConformanceTable.class.getResourceAsStream(RESOURCE);
    Objects.requireNonNull(in, RESOURCE + " is missing");
    List<Row> rows = new ArrayList<>();
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String header = reader.readLine();
      if (!HEADER.equals(header)) {
        throw new IllegalStateException("bad header: " + header);
      }
      String text;
      int lineNumber = 1;
      while ((text = reader.readLine()) != null) {
        lineNumber++;
        rows.add(parse(lineNumber, text));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private static Row parse(int line, String text) {
    String[] fields = text.split("\t", -1);
    if (fields.length != 6) {
      throw new IllegalStateException("line " + line + ": " + fields.length + " fields, not 6");
    }
    String allowed = fields[4];
    if (!allowed.equals("true") && !allowed.equals("false")) {
      throw new IllegalStateException("line " + line + ": allowed is '" + allowed + "'");
    }
    String agents = unescape(line, fields[2]);
    return new Row(
        line,
        fields[0],
        unescape(line, fields[1]),
        List.of(agents.split(",", -1)),
        unescape(line, fields[3]),
        Boolean.parseBoolean(allowed),
        unescape(line, fields[5]));
  }

  static String unescape(int line, String field) {
    if (field.indexOf('\\') < 0) {
      return field;
    }
    StringBuilder out = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (++i == field.length()) {
        throw new IllegalStateException("line " + line + ": trailing backslash");
      }
      switch (field.charAt(i)) {
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case '\\' -> out.append('\\');
        default -> throw new IllegalStateException(
            "line " + line + ": unknown escape \\" + field.charAt(i));
      }
    }
    return out.toString();
  }
}
