package org.acapengine.eval;

import java.nio.charset.StandardCharsets;
import org.acapengine.model.SourceLine;

/**
 * A {@link RuleTable}'s lines as read back: a line entry's file, number and text, the text made
 * again from its rule when the line was written as the rule would be. Read only when a decision's
 * lines are asked for, never while deciding.
 */
final class TableLines {

  private TableLines() {}

  /**
   * The name of the robots.txt of the origin whose key is {@code key}: {@code https://KEY/robots.txt}
   * when the key holds no {@code /} (a host: https on port 443), else {@code KEY/robots.txt}
   * ({@code scheme://host[:port]}), as {@code org.acapengine.load.PolicyCache} keys its origins.
   */
  static String fileOf(String key) {
    return key.indexOf('/') < 0 ? "https://" + key + "/robots.txt" : key + "/robots.txt";
  }

  /** Line entry {@code entry} of table {@code t} as a source line: its file, number and text as written (stripped). */
  static SourceLine line(RuleTable t, int entry) {
    int lineStride = t.lineStride();
    int style = ((lineStride == 0 ? t.linesEnd : t.data[lineStride * entry]) & RuleTable.STYLE) >>> RuleTable.STYLE_SHIFT;
    if (style != 0) {
      return new SourceLine(lineFile(t, entry), t.lineNumber(entry), TableText.styled(canonicalLine(t, ruleOfLine(t, entry)), style));
    }
    int from;
    int to;
    if (lineStride == 2) {
      from = t.data[2 * entry + 1];
      to = entry + 1 < t.lineCount ? t.data[2 * entry + 3] : t.linesEnd;
    } else {
      // The few lines that keep their text: their entries, then where their texts start (RuleTable.keptLines).
      int kept = t.keptLines();
      int at = t.lineCount;
      int k = java.util.Arrays.binarySearch(t.data, at, at + kept, entry) - at;
      from = t.data[at + kept + k];
      to = k + 1 < kept ? t.data[at + kept + k + 1] : t.linesEnd;
    }
    return new SourceLine(lineFile(t, entry), t.lineNumber(entry), decode(t.lineText, from, to));
  }

  /** The rule whose lines include line entry {@code entry} (a rule's lines are consecutive). */
  private static int ruleOfLine(RuleTable t, int entry) {
    if (t.firstLinesFirst()) {
      return t.ruleOfLine(entry);
    }
    int lo = 0;
    int hi = t.ruleCount - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (t.firstLine(mid) <= entry) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * Rule {@code r}'s line as the rule would be written: {@code Disallow: /x}, {@code
   * ACAP-allow-index: /x}, {@code ACAP-allow-(name): the-acap:resource-set:set}. The table keeps
   * no text for a line written so ({@link RuleTable#CANONICAL}); a line written otherwise is kept as it is.
   */
  static String canonicalLine(RuleTable t, int r) {
    int flags = t.ruleFlags(r);
    if (!t.isAcap()) {
      return ((flags & RuleTable.ALLOW) != 0 ? "Allow: " : "Disallow: ") + t.pattern(r);
    }
    int kind = flags & RuleTable.USAGE_KIND;
    String usage = kind == RuleTable.STANDARD ? t.definitions.usageName(t.usage(r))
        : "(" + (kind == RuleTable.QUALIFIED ? t.definitions.qualifiedName(t.usage(r)) : t.definitions.compositeName(t.usage(r))) + ")";
    String target = (flags & RuleTable.TO_SET) != 0 ? "the-acap:resource-set:" + t.definitions.setName(t.target(r)) : t.pattern(t.target(r));
    return "ACAP-" + ((flags & RuleTable.ALLOW) != 0 ? "allow-" : "disallow-") + usage + ": " + target;
  }

  /** {@code lineText[from, to)}, UTF-8 bytes held as Latin-1 characters, as the string they encode. */
  private static String decode(String lineText, int from, int to) {
    for (int i = from; i < to; i++) {
      if (lineText.charAt(i) >= 0x80) {
        return new String(lineText.substring(from, to).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
      }
    }
    return lineText.substring(from, to);
  }

  /** The name of line entry {@code entry}'s file. */
  private static String lineFile(RuleTable t, int entry) {
    return t.sources instanceof String key ? fileOf(key) : ((String[]) t.sources)[t.lineSource == null ? 0 : t.lineSource[entry]];
  }
}
