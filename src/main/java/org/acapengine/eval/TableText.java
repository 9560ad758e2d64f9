package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.eval.match.PatternIndex;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.model.PolicyDocument;

/**
 * Builds the text, lines and patterns of a {@link RuleTable}: rules are added with their lines,
 * patterns are interned, and {@link #layOut} orders the lines by rule, writes each line's text
 * once (UTF-8 bytes as Latin-1 characters) and places each pattern inside the first line that
 * writes it as it is matched, else after the lines.
 */
final class TableText {

  /** A line longer than this is not searched for its pattern; the pattern is stored after the lines. */
  private static final int SEARCHED_LINE = 4096;

  private final List<String> sources = new ArrayList<>();
  private final Map<String, Integer> sourceIndex = new HashMap<>();
  /** Per line as added: its rule, source, number, style ({@link TableLines#STYLE}) and text (null when not kept). */
  private int[] lineRule;
  private int[] lineSource;
  private int[] lineNumber;
  private int[] lineStyle;
  private final List<String> lineText;
  private int lineCount;
  /**
   * Per pattern: its normalised form, raw form (as written), match form (null when the normalised
   * one) and {@link PatternIndex#info}; each made as the pattern is added, while its text is at hand.
   */
  private final List<String> normal;
  private final List<String> raw;
  private final List<String> match;
  private int[] info;
  private final Map<String, Integer> byKey = new HashMap<>();
  private final boolean fold;

  /** Per pattern, the rule whose first line may write it; -1 for a pattern of a resource set. */
  private int[] patternRule;

  /**
   * Per rule, the line its fields would be written as, in two parts: the field name, colon and
   * space (null for no such line), and the value; asked as each line is added.
   */
  private java.util.function.IntFunction<String> canonicalHead;
  private java.util.function.IntFunction<String> canonicalValue;

  /**
   * @param fold whether patterns equal up to ASCII case match alike
   * @param lines how many lines (and patterns) the table is expected to have: its arrays and
   *     lists are made that size once, not grown step by step through a large file
   */
  TableText(boolean fold, int lines) {
    this.fold = fold;
    int size = Math.max(16, lines);
    lineRule = new int[size];
    lineSource = new int[size];
    lineNumber = new int[size];
    lineStyle = new int[size];
    lineText = new ArrayList<>(size);
    normal = new ArrayList<>(size);
    raw = new ArrayList<>(size);
    match = new ArrayList<>(size);
    info = new int[size];
    patternRule = new int[size];
  }

  /**
   * How each rule's line would be written ({@code head} + {@code value}, as {@code "Disallow: "}
   * + {@code "/x"}; a null head for a rule with no such line): lines written so are made again when
   * asked, not kept. Given before the first line is added: each line is compared as it is added,
   * while its text is at hand (a second pass over a large file's lines waited on memory).
   */
  void canonical(java.util.function.IntFunction<String> head, java.util.function.IntFunction<String> value) {
    this.canonicalHead = head;
    this.canonicalValue = value;
  }

  /** The pattern {@code p} as written (it is also its normalised form when the two are equal). */
  String raw(int p) {
    return raw.get(p);
  }

  /**
   * The number of a pattern, given as written (or as a resource set writes it); equal patterns
   * are one (patterns equal up to case stay apart: an explanation shows each as written, and they
   * rank equal).
   */
  int pattern(String written, int rule) {
    String n = PercentEncoding.normalise(written);
    Integer p = byKey.get(n);
    return p != null ? p : add(n, written, rule, true);
  }

  /** Per pattern, its {@link #key} number, or -1 until asked. */
  private int[] keyOf = new int[0];
  private final Map<String, Integer> keyIds = new HashMap<>();

  /**
   * What makes two patterns of the table match alike, as a number: equal for patterns whose
   * normalised text is equal, up to ASCII case when folding. Each pattern is folded once, however
   * many rules target it.
   */
  int key(int p) {
    if (p >= keyOf.length) {
      int from = keyOf.length;
      keyOf = Arrays.copyOf(keyOf, Math.max(16, Math.max(p + 1, 2 * keyOf.length)));
      Arrays.fill(keyOf, from, keyOf.length, -1);
    }
    if (keyOf[p] < 0) {
      String k = fold ? ScopeOrder.fold(normal.get(p)) : normal.get(p);
      Integer id = keyIds.putIfAbsent(k, keyIds.size());
      keyOf[p] = id == null ? keyIds.size() - 1 : id;
    }
    return keyOf[p];
  }

  /**
   * The {@link #key} of a pattern given as written, without adding it; -1 when no pattern asked
   * for its key has it (so no rule targets a pattern with it).
   */
  int keyOf(String written) {
    String n = PercentEncoding.normalise(written);
    Integer p = byKey.get(n);
    if (p != null) {
      return key(p);
    }
    Integer id = keyIds.get(fold ? ScopeOrder.fold(n) : n);
    return id == null ? -1 : id;
  }

  /**
   * A new pattern, its own even if an equal one was added (a conventional rule's), given as
   * written and as normalised ({@link PercentEncoding#normalise}).
   */
  int newPattern(String written, String normalised, int rule) {
    return add(normalised, written, rule, false);
  }

  private int add(String n, String written, int rule, boolean interned) {
    int p = normal.size();
    if (interned) {
      byKey.put(n, p);
    }
    normal.add(n);
    raw.add(written);
    String m = matchForm(n);
    match.add(m == n ? null : m);
    if (p == patternRule.length) {
      patternRule = Arrays.copyOf(patternRule, 2 * p);
      info = Arrays.copyOf(info, 2 * p);
    }
    patternRule[p] = rule;
    info[p] = PatternIndex.info(m, fold);
    return p;
  }

  /** The lines of referenced files added, as (rule, source, number): a rule stands for each line once. */
  private final java.util.Set<List<Integer>> added = new java.util.HashSet<>();

  /** Adds a line of rule {@code rule}. */
  void line(int rule, PolicyDocument doc, int number) {
    line(rule, doc, number, false);
  }

  /**
   * Adds a line of rule {@code rule}; with {@code mayRepeat} (a line of a referenced file, which
   * two records of the file may both load), only when the rule does not have it yet.
   */
  void line(int rule, PolicyDocument doc, int number, boolean mayRepeat) {
    if (lineCount == lineRule.length) {
      lineRule = Arrays.copyOf(lineRule, lineCount * 2);
      lineSource = Arrays.copyOf(lineSource, lineCount * 2);
      lineNumber = Arrays.copyOf(lineNumber, lineCount * 2);
      lineStyle = Arrays.copyOf(lineStyle, lineCount * 2);
    }
    int s = doc == lastDoc ? lastSource : source(doc.source().name()); // a file's lines come in runs
    lastDoc = doc;
    lastSource = s;
    if (mayRepeat && !added.add(List.of(rule, s, number))) {
      return;
    }
    lineRule[lineCount] = rule;
    lineSource[lineCount] = s;
    lineNumber[lineCount] = number;
    String text = doc.source().line(number).strip();
    String head = canonicalHead == null ? null : canonicalHead.apply(rule);
    int style = head == null ? 0 : TableLines.style(head, canonicalValue.apply(rule), text);
    lineStyle[lineCount] = style;
    lineText.add(style == 0 ? text : null);
    lineCount++;
  }

  /** The number of the file's scope ranks (every rank is below it), for a table with ranks ({@link ScopeRanks#of}): the crawler's policy does not hold it. */
  static int rankCount(RuleTable t) {
    return t.ranks[0] & Integer.MAX_VALUE;
  }

  /** The document of the line added last, and its source's index. */
  private PolicyDocument lastDoc;
  private int lastSource;

  private int source(String name) {
    Integer s = sourceIndex.get(name);
    if (s == null) {
      s = sources.size();
      sourceIndex.put(name, s);
      sources.add(name);
    }
    return s;
  }

  int patternCount() {
    return normal.size();
  }

  String normalised(int p) {
    return normal.get(p);
  }

  /**
   * What {@link #layOut} makes: the text, and one int array ({@link RuleTable#data}) holding the
   * line entries (two ints each) from 0, the patterns (start and info) from {@code patternsAt},
   * and room for the rules ({@code ruleInts} ints in all) from {@code rulesAt}.
   */
  record Layout(String text, String lineText, int linesEnd, int lineStride, String[] sources, byte[] lineSource, int[] data, int lineCount, int patternsAt,
      int rulesAt, int[] firstLine, int[] forms) {}

  /** The number of lines added. */
  int lineCount() {
    return lineCount;
  }

  /**
   * Lays out the text for {@code rules} rules: line entries ordered by rule, each rule's in the
   * order added (a stable counting sort), or with {@code firstLinesFirst} each rule's first line
   * first and then the others by rule, their rules in the last ints of the data ({@link
   * RuleTable#firstLinesFirst}); each rule's first line entry in {@code firstLine}. When
   * {@code base}'s text writes every pattern, that text is the table's too (an ACAP record
   * restating the conventional rules adds no character), and the lines kept have a string of
   * their own.
   *
   * @param rules the rules
   * @param ruleInts the ints the rules take in {@code data}, with {@code firstLinesFirst} the
   *     rules of the lines past their rules' first included
   * @param firstLinesFirst lay out the lines as {@link RuleTable#firstLinesFirst} says
   * @param base a table of the same crawler whose text may be shared, or null
   */
  Layout layOut(int rules, int ruleInts, SharedTableText base, boolean firstLinesFirst) {
    int[] firstLine = new int[rules + 1];
    int[] entryOf = new int[lineCount];
    int extras = lineCount - rules;
    if (firstLinesFirst) {
      // Entry r is rule r's first line; the others follow by rule, each rule's in the order added
      // (RuleTable.firstLinesFirst).
      int[] first = new int[rules];
      Arrays.fill(first, -1);
      int[] more = new int[rules + 1];
      for (int i = 0; i < lineCount; i++) {
        if (first[lineRule[i]] < 0) {
          first[lineRule[i]] = i;
        } else {
          more[lineRule[i] + 1]++;
        }
      }
      for (int r = 0; r < rules; r++) {
        more[r + 1] += more[r];
        entryOf[r] = first[r];
        firstLine[r] = r;
      }
      firstLine[rules] = rules;
      for (int i = 0; i < lineCount; i++) {
        int r = lineRule[i];
        if (first[r] != i) {
          entryOf[rules + more[r]++] = i;
        }
      }
    } else {
      for (int i = 0; i < lineCount; i++) {
        firstLine[lineRule[i] + 1]++;
      }
      for (int r = 0; r < rules; r++) {
        firstLine[r + 1] += firstLine[r];
      }
      int[] next = Arrays.copyOf(firstLine, rules);
      for (int i = 0; i < lineCount; i++) {
        entryOf[next[lineRule[i]]++] = i;
      }
    }
    int patterns = normal.size();
    String[] match = new String[patterns];
    boolean differ = false;
    for (int p = 0; p < patterns; p++) {
      match[p] = this.match.get(p) == null ? normal.get(p) : this.match.get(p);
      differ |= match[p] != normal.get(p);
    }
    // A line written as the rule would be written ("Disallow: /x", or "disallow:/x") is not kept:
    // it is made again from the rule when asked (RuleTable.line). Its entry says how it is written.
    int[] style = new int[lineCount];
    int kept = 0;
    long textLength = 0; // the kept lines' characters (before UTF-8), and the patterns' when they may be written after them
    for (int e = 0; e < lineCount; e++) {
      int i = entryOf[e];
      style[e] = lineStyle[i];
      if (style[e] == 0) {
        kept++;
        textLength += lineText.get(i).length();
      }
    }
    boolean keepsText = kept > 0;
    // When fewer than half the lines keep their text, those lines alone say where it starts (their
    // entries, then their starts, after the line entries: RuleTable.keptLines); else every line does.
    boolean everyStart = 2 * kept >= lineCount;
    // Lines that follow one another in one file, all written alike but for a few kept as written,
    // are their first line alone (and the few kept lines' entries, starts and end: TableLines.keptLines).
    int runStyle = 0;
    for (int e = 0; e < lineCount && runStyle == 0; e++) {
      runStyle = style[e];
    }
    boolean run = sources.size() == 1 && lineCount > 0 && runStyle != 0 && (kept == 0 || 2 * kept + 1 < lineCount);
    for (int e = 1; e < lineCount && run; e++) {
      run = (style[e] == runStyle || style[e] == 0) && lineNumber[entryOf[e]] == lineNumber[entryOf[0]] + e;
    }
    int lineStride = keepsText && everyStart ? 2 : run ? 0 : 1;
    int[] normalStart = new int[patterns];
    Arrays.fill(normalStart, -1);
    int[] matchStart = new int[patterns];
    for (int p = 0; p < patterns && base == null; p++) {
      textLength += normal.get(p).length() + (match[p] == normal.get(p) ? 0 : match[p].length());
    }
    // Made its size once (a large file's text is hundreds of kilobytes: grown by doubling, it was
    // copied several times over).
    StringBuilder text = new StringBuilder((int) Math.min(textLength + 16, Integer.MAX_VALUE - 16));
    int keptAt = lineStride * lineCount;
    int patternsAt = keptAt + (everyStart ? 0 : 2 * kept) + (run && keepsText ? 1 : 0);
    int rulesAt = patternsAt + 2 * patterns;
    int[] lines = new int[rulesAt + ruleInts];
    for (int e = rules; firstLinesFirst && e < lineCount; e++) {
      lines[lines.length - extras + e - rules] = lineRule[entryOf[e]];
    }
    byte[] sourceOf = sources.size() > 1 ? new byte[lineCount] : null;
    int[] textFrom = new int[lineCount];
    int[] textTo = new int[lineCount];
    int k = 0;
    for (int e = 0; e < lineCount; e++) {
      int i = entryOf[e];
      if (lineStride > 0) {
        lines[lineStride * e] = lineNumber[i] | (style[e] << TableLines.STYLE_SHIFT);
      }
      if (keepsText && everyStart) {
        lines[2 * e + 1] = text.length();
      }
      if (sourceOf != null) {
        sourceOf[e] = (byte) lineSource[i];
      }
      textFrom[e] = text.length();
      if (style[e] == 0) {
        if (!everyStart) {
          lines[keptAt + k] = e;
          lines[keptAt + kept + k] = text.length();
          k++;
        }
        TableLines.appendUtf8(text, lineText.get(i));
      }
      textTo[e] = text.length();
    }
    if (run && keepsText) {
      lines[keptAt + 2 * kept] = text.length(); // where the kept lines' text ends
    }
    int linesEnd = run ? lineNumber[entryOf[0]] | (runStyle << TableLines.STYLE_SHIFT) : text.length();
    String shared = null;
    if (base != null && patterns > 0) {
      shared = base.text;
      for (int p = 0; p < patterns && shared != null; p++) {
        normalStart[p] = base.start(normal.get(p));
        matchStart[p] = match[p] == normal.get(p) ? normalStart[p] : base.start(match[p]);
        shared = normalStart[p] < 0 || matchStart[p] < 0 ? null : shared;
      }
    }
    if (shared == null) {
      Arrays.fill(normalStart, -1);
      // A pattern written as it is normalised is found in its rule's first line (right after the field name).
      for (int p = 0; p < patterns && keepsText; p++) {
        int rule = patternRule[p];
        String n = normal.get(p);
        if (rule >= 0 && rule < rules && raw.get(p).equals(n) && firstLine[rule] < firstLine[rule + 1] && style[firstLine[rule]] == 0) {
          int e = firstLine[rule];
          int from = textFrom[e];
          int to = textTo[e];
          if (to - from <= SEARCHED_LINE) {
            int at = text.indexOf(n, from);
            if (at >= 0 && at + n.length() <= to) {
              normalStart[p] = at;
            }
          }
        }
      }
      for (int p = 0; p < patterns; p++) {
        if (normalStart[p] < 0) {
          normalStart[p] = text.length();
          text.append(normal.get(p));
        }
      }
      for (int p = 0; p < patterns; p++) {
        if (match[p] == normal.get(p)) {
          matchStart[p] = normalStart[p];
        } else {
          matchStart[p] = text.length();
          text.append(match[p]);
        }
      }
    }
    // Where patterns differ from their match forms: their normalised forms' starts, then lengths.
    int[] forms = differ ? new int[2 * patterns] : null;
    for (int p = 0; p < patterns; p++) {
      lines[patternsAt + 2 * p] = matchStart[p];
      lines[patternsAt + 2 * p + 1] = info[p];
      if (forms != null) {
        forms[p] = normalStart[p];
        forms[patterns + p] = normal.get(p).length();
      }
    }
    String[] names = base != null && base.sources.length == sources.size() && Arrays.asList(base.sources).equals(sources) ? base.sources
        : sources.toArray(new String[0]);
    String all = text.toString();
    return new Layout(shared != null ? shared : all, shared == null || keepsText ? all : RuleTable.NO_TEXT, linesEnd, lineStride, names, sourceOf, lines, lineCount, patternsAt, rulesAt,
        firstLine, forms);
  }

  /** The pattern as matched: a {@code $} that does not end it is the {@code %24} it matches in a path. */
  private static String matchForm(String normalised) {
    int dollar = normalised.indexOf('$');
    if (dollar < 0 || dollar == normalised.length() - 1) {
      return normalised;
    }
    StringBuilder sb = new StringBuilder(normalised.length() + 4);
    for (int i = 0, last = normalised.length() - 1; i <= last; i++) {
      char c = normalised.charAt(i);
      sb.append(c == '$' && i < last ? "%24" : String.valueOf(c));
    }
    return sb.toString();
  }
}
