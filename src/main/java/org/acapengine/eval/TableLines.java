package org.acapengine.eval;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.acapengine.model.SourceLine;

/**
 * A {@link RuleTable}'s lines as read back: a line entry's file, number and text, the text made
 * again from its rule when the line was written as the rule would be. Read only when a decision's
 * lines are asked for, never while deciding.
 */
final class TableLines {

  private TableLines() {}

  /**
   * In a line entry's number, bits 29-31: how the line is written, when it is written as its rule
   * would be ({@link #canonicalLine}) up to the field name's case and the space after the colon
   * ({@link #styled}); its text is then not kept. 0: the text is kept.
   */
  static final int STYLE_SHIFT = 29;
  static final int STYLE = 7 << STYLE_SHIFT;
  /** Line styles: as the rule would be written; without the space after the colon; the field name in lower case; both. */
  static final int CANONICAL = 1;
  static final int NO_SPACE = 2;
  static final int LOWER = 3;
  static final int LOWER_NO_SPACE = 4;

  /** The files of a table whose lines are of several ({@link RuleTable#sources}): their names, and per line entry its file's index in them. */
  record Files(String[] names, byte[] lineSource) {}

  /** The names of the files of table {@code t}'s lines, by {@link #lineSource} (made, for a table that names its file by a key). */
  static String[] sourceNames(RuleTable t) {
    return t.sources instanceof String key ? new String[] {fileOf(key)} : t.sources instanceof Files f ? f.names() : (String[]) t.sources;
  }

  /** Per line entry of table {@code t}, its file's index in {@link #sourceNames}; null when all are of the first. */
  static byte[] lineSource(RuleTable t) {
    return t.sources instanceof Files f ? f.lineSource() : null;
  }

  /**
   * The name of the robots.txt of the origin whose key is {@code key}: {@code https://KEY/robots.txt}
   * when the key holds no {@code /} (a host: https on port 443), else {@code KEY/robots.txt}
   * ({@code scheme://host[:port]}), as {@code org.acapengine.load.PolicyCache} keys its origins.
   */
  static String fileOf(String key) {
    return key.indexOf('/') < 0 ? "https://" + key + "/robots.txt" : key + "/robots.txt";
  }

  /**
   * With {@link RuleTable#lineStride()} 1 or 0, the number of lines whose text is kept (fewer than
   * half): after the line entries (none with stride 0), their entries in order, then where each
   * one's text starts in {@link RuleTable#lineText} (it ends where the next one's starts, or at
   * {@link RuleTable#linesEnd}; with stride 0, whose {@link RuleTable#linesEnd} is the first line,
   * at the int after the starts); the other lines are written as their rules would be and keep no
   * start. Derived: they sit before {@link RuleTable#patternsAt}.
   */
  static int keptLines(RuleTable t) {
    int lineStride = t.lineStride();
    return lineStride == 1 ? (t.patternsAt - t.lineCount()) >> 1 : lineStride == 0 ? t.patternsAt >> 1 : 0;
  }

  /** The number of rule {@code r}'s line entries. */
  static int ruleLineCount(RuleTable t, int r) {
    if (!t.firstLinesFirst()) {
      return (r + 1 < t.ruleCount() ? t.firstLine(r + 1) : t.lineCount()) - t.firstLine(r);
    }
    return t.lineCount() == t.ruleCount() ? 1 : 1 + extraFrom(t, r + 1) - extraFrom(t, r);
  }

  /** Rule {@code r}'s line entry {@code i} (from 0, its first), in the order the lines were added. */
  static int ruleLine(RuleTable t, int r, int i) {
    if (!t.firstLinesFirst()) {
      return t.firstLine(r) + i;
    }
    return i == 0 ? r : t.ruleCount() + extraFrom(t, r) + i - 1;
  }

  /** With {@link RuleTable#firstLinesFirst}, the rule whose line entry {@code entry} is. */
  static int ruleOfLine(RuleTable t, int entry) {
    return entry < t.ruleCount() ? entry : t.data[t.data.length - (t.lineCount() - t.ruleCount()) + entry - t.ruleCount()];
  }

  /** With {@link RuleTable#firstLinesFirst}, how many of the other lines belong to rules before {@code r} (a binary search of their rules). */
  private static int extraFrom(RuleTable t, int r) {
    int at = t.data.length - (t.lineCount() - t.ruleCount());
    int lo = 0;
    int hi = t.lineCount() - t.ruleCount();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (t.data[at + mid] < r) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Line entry {@code entry} of table {@code t} as a source line: its file, number and text as written (stripped). */
  static SourceLine line(RuleTable t, int entry) {
    int lineStride = t.lineStride();
    // The few lines that keep their text: their entries, then where their texts start (keptLines).
    int kept = keptLines(t);
    int at = lineStride * t.lineCount();
    int k = lineStride == 2 ? -1 : java.util.Arrays.binarySearch(t.data, at, at + kept, entry) - at;
    int style = lineStride == 2 || lineStride == 1 ? (t.data[lineStride * entry] & STYLE) >>> STYLE_SHIFT
        : k >= 0 ? 0 : (t.linesEnd & STYLE) >>> STYLE_SHIFT;
    if (style != 0) {
      return new SourceLine(lineFile(t, entry), t.lineNumber(entry), styled(canonicalLine(t, ruleOf(t, entry)), style));
    }
    int from;
    int to;
    if (lineStride == 2) {
      from = t.data[2 * entry + 1];
      to = entry + 1 < t.lineCount() ? t.data[2 * entry + 3] : t.linesEnd;
    } else {
      from = t.data[at + kept + k];
      to = k + 1 < kept ? t.data[at + kept + k + 1] : lineStride == 0 ? t.data[at + 2 * kept] : t.linesEnd;
    }
    return new SourceLine(lineFile(t, entry), t.lineNumber(entry), decode(t.lineText, from, to));
  }

  /** The rule whose lines include line entry {@code entry} (a rule's lines are consecutive). */
  private static int ruleOf(RuleTable t, int entry) {
    if (t.firstLinesFirst()) {
      return ruleOfLine(t, entry);
    }
    int lo = 0;
    int hi = t.ruleCount() - 1;
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
   * no text for a line written so ({@link #CANONICAL}); a line written otherwise is kept as it is.
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

  /** Appends {@code s}'s UTF-8 bytes, one character each. */
  static void appendUtf8(StringBuilder text, String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        for (byte b : s.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
          text.append((char) (b & 0xFF));
        }
        return;
      }
    }
    text.append(s);
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
    if (t.sources instanceof String key) {
      return fileOf(key);
    }
    byte[] lineSource = lineSource(t);
    return sourceNames(t)[lineSource == null ? 0 : lineSource[entry]];
  }

  /**
   * A rule's line as written in a {@link #STYLE} ({@link #CANONICAL} and the others), from its
   * canonical form: the field name before the first colon in lower case ({@link #LOWER}), and the
   * space after that colon left out ({@link #NO_SPACE}).
   */
  static String styled(String canonical, int style) {
    if (style == CANONICAL) {
      return canonical;
    }
    int colon = canonical.indexOf(':');
    String name = style == LOWER || style == LOWER_NO_SPACE ? canonical.substring(0, colon).toLowerCase(java.util.Locale.ROOT)
        : canonical.substring(0, colon);
    String rest = style == NO_SPACE || style == LOWER_NO_SPACE ? canonical.substring(colon + 2) : canonical.substring(colon + 1);
    return name + ":" + rest;
  }

  /** How {@code line} is written against its rule's {@code canonical} form ({@link #STYLE}); 0 when otherwise. */
  static int style(String canonical, String line) {
    if (canonical == null) {
      return 0;
    }
    if (line.length() > canonical.length()) {
      return 0;
    }
    int colon = canonical.indexOf(':');
    if (colon < 0) {
      return styleOfText(canonical, line);
    }
    for (int k = 0; k < colon; k++) {
      if (canonical.charAt(k) >= 0x80) {
        return styleOfText(canonical, line); // a name whose lower case may change its length
      }
    }
    // Compared in place: no styled string is made per line (a file has tens of thousands).
    for (int style = CANONICAL; style <= LOWER_NO_SPACE; style++) {
      boolean lower = style == LOWER || style == LOWER_NO_SPACE;
      int rest = style == NO_SPACE || style == LOWER_NO_SPACE ? colon + 2 : colon + 1;
      if (rest > canonical.length() || line.length() != colon + 1 + canonical.length() - rest || line.charAt(colon) != ':') {
        continue;
      }
      boolean same = true;
      for (int k = 0; k < colon && same; k++) {
        char c = canonical.charAt(k);
        same = line.charAt(k) == (lower && c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
      }
      if (same && line.regionMatches(colon + 1, canonical, rest, canonical.length() - rest)) {
        return style;
      }
    }
    return 0;
  }

  /**
   * {@link #style(String, String)} of the canonical line {@code head + tail}, compared in place:
   * no canonical line is made per rule (a file has tens of thousands of rules). {@code head} is
   * the field name, its colon and a space ({@code "Disallow: "}), {@code tail} what follows (the
   * pattern); a head of another shape is compared as the line it makes.
   *
   * @param head the canonical line up to its value, or null for a rule with no canonical line (0)
   * @param tail the rest of the canonical line
   * @param line the line as written
   * @return the line's style, 0 when it is written otherwise
   */
  static int style(String head, String tail, String line) {
    if (head == null) {
      return 0;
    }
    if (line.length() == head.length() + tail.length() && line.startsWith(head) && line.startsWith(tail, head.length())) {
      return CANONICAL; // most lines: two comparisons of bytes
    }
    int colon = head.length() - 2;
    if (colon < 0 || head.charAt(colon) != ':' || head.charAt(colon + 1) != ' ' || head.indexOf(':') != colon) {
      return style(head + tail, line);
    }
    if (line.length() > head.length() + tail.length()) {
      return 0;
    }
    for (int k = 0; k < colon; k++) {
      if (head.charAt(k) >= 0x80) {
        return style(head + tail, line); // a name whose lower case may change its length
      }
    }
    for (int style = CANONICAL; style <= LOWER_NO_SPACE; style++) {
      boolean lower = style == LOWER || style == LOWER_NO_SPACE;
      int valueAt = style == NO_SPACE || style == LOWER_NO_SPACE ? colon + 1 : colon + 2;
      if (line.length() != valueAt + tail.length() || line.charAt(colon) != ':' || (valueAt > colon + 1 && line.charAt(colon + 1) != ' ')) {
        continue;
      }
      boolean same = true;
      for (int k = 0; k < colon && same; k++) {
        char c = head.charAt(k);
        same = line.charAt(k) == (lower && c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
      }
      if (same && line.regionMatches(valueAt, tail, 0, tail.length())) {
        return style;
      }
    }
    return 0;
  }

  /** {@link #style}, by making each styled line. */
  private static int styleOfText(String canonical, String line) {
    for (int style = CANONICAL; style <= LOWER_NO_SPACE; style++) {
      if (line.equals(styled(canonical, style))) {
        return style;
      }
    }
    return 0;
  }

  /**
   * Each bucket entry's lines ({@link BucketBuilder}), sorted by file and line, each once (two
   * loads of one referenced file may bring a line twice).
   */
  static int[] entryLines(RuleTable t, List<List<Integer>> rulesOf, int[] lineStart) {
    int entries = rulesOf.size();
    int lineTotal = 0;
    for (List<Integer> rules : rulesOf) {
      for (int r : rules) {
        lineTotal += ruleLineCount(t, r);
      }
    }
    int[] lines = new int[lineTotal];
    long[] order = new long[0];
    int[] sourceRank = sourceRanks(sourceNames(t));
    int at = 0;
    for (int e = 0; e < entries; e++) {
      lineStart[e] = at;
      List<Integer> rules = rulesOf.get(e);
      int n = 0;
      for (int r : rules) {
        n += ruleLineCount(t, r);
      }
      if (order.length < n) {
        order = new long[Math.max(n, order.length * 2)];
      }
      int m = 0;
      for (int r : rules) {
        for (int i = 0, end = ruleLineCount(t, r); i < end; i++) {
          int l = ruleLine(t, r, i);
          int source = lineSource(t) == null ? 0 : sourceRank[lineSource(t)[l]];
          order[m++] = ((long) source << 52) | ((long) t.lineNumber(l) << 24) | l;
        }
      }
      Arrays.sort(order, 0, m);
      for (int i = 0; i < m; i++) {
        if (i == 0 || (order[i] >>> 24) != (order[i - 1] >>> 24)) {
          lines[at++] = (int) (order[i] & 0xFFFFFF);
        }
      }
    }
    lineStart[entries] = at;
    return at == lines.length ? lines : Arrays.copyOf(lines, at);
  }

  /** Each source's place in the order of their names, so that lines sort by file, then line. */
  private static int[] sourceRanks(String[] sources) {
    Integer[] order = new Integer[sources.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> sources[a].compareTo(sources[b]));
    int[] rank = new int[sources.length];
    for (int i = 0; i < order.length; i++) {
      rank[order[i]] = i;
    }
    return rank;
  }
}
