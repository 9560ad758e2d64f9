package org.acapengine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One verdict type (GUIDE: "one home per idea"): {@code model.Verdict} is the only enum whose
 * constants say that something is allowed, that it is not, and that nothing is said. A format's own three-valued
 * statement (AIPREF's y/n/unknown, a TCT flag, an audit's allowed/prohibited/unstated) is a
 * Verdict; a second enum for it is how {@code AuditRow.PurposeVerdict}, {@code
 * aipref.Preference} and {@code tct.PurposeState} once came about.
 */
class OneVerdictTest {

  @Test
  void modelVerdictIsTheOnlyVerdictEnum() throws IOException {
    List<String> others = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
      for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String text = withoutComments(Files.readString(p, StandardCharsets.UTF_8));
        int at = 0;
        while ((at = text.indexOf(" enum ", at)) >= 0) {
          int open = text.indexOf('{', at);
          int close = open < 0 ? -1 : text.indexOf(';', open);
          int brace = open < 0 ? -1 : text.indexOf('}', open);
          String constants = open < 0 ? "" : text.substring(open, Math.max(open, close < 0 || brace >= 0 && brace < close ? brace : close));
          String name = text.substring(at + 6, open < 0 ? at + 6 : open).strip();
          if (sayYes(constants) && sayNo(constants) && sayNeither(constants) && !p.endsWith(Path.of("model", "Verdict.java"))) {
            others.add(p + ": enum " + name);
          }
          at += 6;
        }
      }
    }
    assertThat(others).as("enums that are verdicts beside model.Verdict").isEmpty();
  }

  /** A constant (an upper-case word at the start of a line) meaning allowed. */
  private static boolean sayYes(String constants) {
    return constant(constants, "ALLOWED") || constant(constants, "ALLOW") || constant(constants, "PERMITTED");
  }

  private static boolean sayNo(String constants) {
    return constant(constants, "PROHIBITED") || constant(constants, "DISALLOW") || constant(constants, "DISALLOWED") || constant(constants, "FORBIDDEN");
  }

  private static boolean sayNeither(String constants) {
    return constant(constants, "NO_OPINION") || constant(constants, "UNKNOWN") || constant(constants, "UNSTATED")
        || constant(constants, "NOT_STATED") || constant(constants, "UNSET") || constant(constants, "NONE");
  }

  /** The source without its comments (string literals are left as they are: none holds a comment opener here). */
  private static String withoutComments(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("/*", i)) {
        int end = text.indexOf("*/", i + 2);
        i = end < 0 ? text.length() : end + 2;
      } else if (text.startsWith("//", i)) {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
      } else {
        sb.append(text.charAt(i++));
      }
    }
    return sb.toString();
  }

  private static boolean constant(String constants, String name) {
    for (String line : constants.split("\n")) {
      String l = line.strip();
      if (l.startsWith("{")) {
        l = l.substring(1).strip();
      }
      for (String item : l.split(",")) {
        String c = item.strip();
        int paren = c.indexOf('(');
        if ((paren < 0 ? c : c.substring(0, paren)).strip().toUpperCase(Locale.ROOT).equals(name) && !c.isEmpty() && Character.isUpperCase(c.charAt(0))) {
          return true;
        }
      }
    }
    return false;
  }
}
