package org.acapengine.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Structural JSON comparison that says where two documents differ, one JSON path per line. */
final class JsonDiff {

  private static final int MAX_REPORTED = 40;

  private JsonDiff() {}

  /** The differences between {@code expected} and {@code actual}; empty when they are equal. */
  static List<String> diff(JsonNode expected, JsonNode actual) {
    List<String> out = new ArrayList<>();
    walk("$", expected, actual, out);
    return out;
  }

  private static void walk(String path, JsonNode expected, JsonNode actual, List<String> out) {
    if (out.size() >= MAX_REPORTED) {
      return;
    }
    if (expected == null || actual == null) {
      out.add(path + ": " + (expected == null ? "unexpected " + brief(actual) : "missing, expected " + brief(expected)));
      return;
    }
    if (expected.isObject() && actual.isObject()) {
      Set<String> names = new LinkedHashSet<>();
      expected.fieldNames().forEachRemaining(names::add);
      actual.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        walk(path + "." + name, expected.get(name), actual.get(name), out);
      }
      return;
    }
    if (expected.isArray() && actual.isArray()) {
      int n = Math.max(expected.size(), actual.size());
      for (int i = 0; i < n; i++) {
        walk(path + "[" + i + "]", expected.get(i), actual.get(i), out);
      }
      return;
    }
    if (!expected.equals(actual)) {
      out.add(path + ": expected " + brief(expected) + " but was " + brief(actual));
    }
  }

  private static String brief(JsonNode n) {
    String s = n.toString();
    return s.length() <= 200 ? s : s.substring(0, 197) + "...";
  }

  /** The differences as a message, or "" when there are none. */
  static String describe(List<String> diffs) {
    StringBuilder sb = new StringBuilder();
    for (Iterator<String> it = diffs.iterator(); it.hasNext(); ) {
      sb.append("  ").append(it.next());
      if (it.hasNext()) {
        sb.append('\n');
      }
    }
    if (diffs.size() >= MAX_REPORTED) {
      sb.append("\n  ... (more differences not shown)");
    }
    return sb.toString();
  }
}
