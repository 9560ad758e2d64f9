package org.acapengine.eval;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.acapengine.eval.match.PathSearch;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;

/**
 * One crawler's conventional rules in flat arrays, for a {@link CrawlerPolicy} whose crawler no
 * ACAP record selects: what most robots.txt files are for most crawlers. It decides as {@link
 * CompiledPolicy#decide} does for such a crawler (RFC 9309 longest match, Allow on a tie, the
 * deciding lines quoted as written), and holds no object per rule: the text of the rules' lines in
 * one byte array, each rule's pattern a range of it, and a few int arrays (docs/matching.md, "A
 * crawler's policy").
 *
 * <p>Per rule: its pattern as matched (percent-normalised; a {@code $} that does not end it
 * written {@code %24}, as {@link org.acapengine.eval.match.PathPattern} matches it), where it
 * stands in {@link #text} (inside its line's text when written there, else after the lines), its
 * verdict, and its lines: identical rules (same verdict, same pattern) are one rule standing for
 * all their lines, as {@link IdenticalRules} makes them. Above {@link #UNINDEXED_RULES} rules,
 * they are found by their literal prefix (sorted, each with its nearest prefix among the others)
 * or, for a prefix of at most one character, by the end of their longest literal run ({@link
 * SegmentIndex}); a table of few rules tests each. Matching reads the pattern from {@link #text},
 * leftmost-greedy and linear, as PathPattern does. Immutable; thread-safe.
 */
final class ConventionalTable {

  /** Up to this many rules a decision tests each rule; above it, the rules are indexed. */
  static final int UNINDEXED_RULES = 16;

  /** How many characters of a rule's longest literal run (its last) {@link SegmentIndex} indexes it by. */
  static final int SEGMENT_KEY = 6;

  /** More rules than this sharing one segment key make a file crowded ({@link #crowded}). */
  static final int CROWDED_KEY = 32;

  /** Literal runs up to this length are searched directly (as PathPattern searches them); longer ones by KMP. */
  private static final int SHORT_SEGMENT = 8;

  /** A rule's second int: its pattern's length as matched ({@link #LENGTH} bits) and these flags. */
  static final int ALLOW = 1 << 31;
  static final int ANCHORED = 1 << 30;
  static final int WILDCARD = 1 << 29;
  static final int LENGTH = (1 << 29) - 1;

  private static final Set<String> CRAWL_ONLY = Set.of("crawl");

  private final String source;
  /**
   * UTF-8: the stripped text of each line, in line-entry order, then the patterns not found in
   * their line. Patterns are printable ASCII ({@link PercentEncoding#normalise}), one byte a character.
   */
  private final byte[] text;
  /** Where the lines' texts end in {@link #text}. */
  private final int linesEnd;
  /** Per rule, three ints: its pattern's start in {@link #text}; its length with flags; its first line entry. */
  private final int[] rules;
  /** Per line entry (a rule's lines are consecutive, by line number), two ints: line number, start of its text. */
  private final int[] lines;
  /** Per rule, its RFC 9309 match length when that differs from its length as matched (a {@code %24}); else null. */
  private final int[] rankLengths;
  /**
   * The rules found by literal prefix, sorted by it (a prefix before the keys it is a prefix of);
   * null for a table of at most {@link #UNINDEXED_RULES} rules.
   */
  final int[] byPrefix;
  /** Per entry of {@link #byPrefix}: its prefix's length. */
  private final int[] prefixLength;
  /** Per entry of {@link #byPrefix}: the nearest earlier entry whose prefix is a prefix of this one's, or -1. */
  private final int[] prefixParent;
  /** The rules found by a literal run after a prefix of at most one character; null when none is. */
  final SegmentIndex segments;
  /**
   * True when more than {@link #CROWDED_KEY} rules share one segment key: each would be tried in
   * full wherever the key occurs, so {@link #of} leaves such a file to the view, whose index of
   * whole runs and occurrence-based matching try fewer (docs/matching.md). No index is built then.
   */
  private final boolean crowded;
  /** The usages conventional rules decide; null for {@code crawl} alone (the default, not held). */
  private final Set<String> conventionalAppliesTo;

  ConventionalTable(String source, byte[] text, int linesEnd, int[] rules, int[] lines, int[] rankLengths, Set<String> conventionalAppliesTo) {
    this.source = source;
    this.text = text;
    this.linesEnd = linesEnd;
    this.rules = rules;
    this.lines = lines;
    this.rankLengths = rankLengths;
    this.conventionalAppliesTo = conventionalAppliesTo.equals(CRAWL_ONLY) ? null : conventionalAppliesTo;
    int n = rules.length / 3;
    // Keys: a literal prefix's length (else -1), or the end of the longest run after a prefix of
    // at most one character (else null). Only a table above UNINDEXED_RULES needs them.
    int keyed = n > UNINDEXED_RULES ? n : 0;
    int[] prefixKeyLength = new int[keyed];
    int[] ruleStart = new int[keyed];
    List<String> segmentKeys = new ArrayList<>(keyed);
    for (int r = 0; r < keyed; r++) {
      int start = rules[3 * r];
      int end = bodyEnd(r);
      int star = indexOfStar(start, end);
      int prefixEnd = star < 0 ? end : star;
      String segment = prefixEnd - start <= 1 && star >= 0 ? longestSegment(star + 1, end) : null;
      ruleStart[r] = start;
      prefixKeyLength[r] = segment == null ? prefixEnd - start : -1;
      // The index only proposes rules, the matcher decides: a run's last characters serve as well
      // as the whole run, in fewer automaton nodes (the last, as runs such as ?session1=,
      // ?session2= differ at the end more often than at the start).
      segmentKeys.add(segment == null || segment.length() <= SEGMENT_KEY ? segment : segment.substring(segment.length() - SEGMENT_KEY));
    }
    this.crowded = ConventionalTableBuilder.crowded(segmentKeys);
    if (n <= UNINDEXED_RULES || crowded) {
      this.byPrefix = null;
      this.prefixLength = null;
      this.prefixParent = null;
      this.segments = null;
      return;
    }
    int[] order = KeyOrder.sortedIndexes(KeyPool.ofAscii(text, ruleStart, prefixKeyLength));
    int[] lengths = new int[order.length];
    int[] parents = new int[order.length];
    // In sorted order, the keys that are prefixes of a key are on a stack of nested prefixes.
    int[] stack = new int[order.length];
    int depth = 0;
    for (int i = 0; i < order.length; i++) {
      lengths[i] = prefixKeyLength[order[i]];
      while (depth > 0 && !isPrefix(order[stack[depth - 1]], lengths[stack[depth - 1]], order[i], lengths[i])) {
        depth--;
      }
      parents[i] = depth > 0 ? stack[depth - 1] : -1;
      stack[depth++] = i;
    }
    this.byPrefix = order;
    this.prefixLength = lengths;
    this.prefixParent = parents;
    SegmentIndex index = SegmentIndex.build(segmentKeys, false);
    this.segments = index.isEmpty() ? null : index;
  }

  /** True when rule {@code a}'s first {@code la} pattern bytes are a prefix of rule {@code b}'s first {@code lb}. */
  private boolean isPrefix(int a, int la, int b, int lb) {
    return la <= lb && Arrays.equals(text, rules[3 * a], rules[3 * a] + la, text, rules[3 * b], rules[3 * b] + la);
  }

  /**
   * The crawler's conventional rules as a table, or null when the crawler's decisions need more
   * than its conventional rules (an ACAP record selects it, the file says to ignore conventional
   * records, or a selected rule stands inside an ACAP record), or when its rules crowd one
   * segment key ({@link #crowded}). Built by {@link ConventionalTableBuilder}.
   *
   * @param doc the parsed file
   * @param names the crawler's names
   * @param conventionalAppliesTo the usages conventional rules decide
   * @return the table, or null
   */
  static ConventionalTable of(PolicyDocument doc, List<String> names, Set<String> conventionalAppliesTo) {
    ConventionalTable table = ConventionalTableBuilder.build(doc, names, conventionalAppliesTo);
    return table == null || table.crowded ? null : table;
  }

  // ---- decisions --------------------------------------------------------------------------------

  /**
   * {@link CompiledPolicy#decide} for this table's crawler.
   *
   * @param usage the usage, lower-case
   * @param path the canonical path ({@link org.acapengine.eval.match.RequestPath#of})
   */
  Decision decide(String usage, String path) {
    if (CompiledPolicy.isRobotsTxt(usage, path)) {
      return CompiledPolicy.ROBOTS_TXT;
    }
    if (conventionalAppliesTo == null ? !usage.equals("crawl") : !conventionalAppliesTo.contains(usage)) {
      return Decision.DEFAULT_ALLOW;
    }
    return longestMatch(path);
  }

  /** {@link CompiledPolicy#decideConventionalOnly} for this table's crawler, for a canonical path. */
  Decision decideConventionalOnly(String path) {
    return CompiledPolicy.isRobotsTxt("crawl", path) ? CompiledPolicy.ROBOTS_TXT : longestMatch(path);
  }

  /** RFC 9309 2.2.2: the longest matching rules decide; where they disagree, Allow does. */
  private Decision longestMatch(String path) {
    ConventionalScratch s = ConventionalScratch.LOCAL.get();
    s.collect(this, path);
    if (s.nMatched == 0) {
      return Decision.DEFAULT_ALLOW;
    }
    int best = 0;
    for (int i = 0; i < s.nMatched; i++) {
      best = Math.max(best, rankLength(s.matched[i]));
    }
    int nc = 0;
    int allowing = 0;
    for (int i = 0; i < s.nMatched; i++) {
      int r = s.matched[i];
      if (rankLength(r) == best) {
        s.matched[nc++] = r;
        if ((rules[3 * r + 1] & ALLOW) != 0) {
          allowing++;
        }
      }
    }
    boolean allowed = allowing > 0;
    // Agreeing candidates all decide; of disagreeing ones, the Allow rules win (LongestMatch).
    long[] order = s.order(lines.length / 2);
    int nl = 0;
    for (int i = 0; i < nc; i++) {
      int r = s.matched[i];
      if (allowed && (rules[3 * r + 1] & ALLOW) == 0) {
        continue;
      }
      for (int e = rules[3 * r + 2], end = firstLineAfter(r); e < end; e++) {
        order[nl++] = ((long) lines[2 * e] << 32) | e;
      }
    }
    if (nl > 1) {
      Arrays.sort(order, 0, nl);
    }
    SourceLine[] deciding = new SourceLine[nl];
    for (int i = 0; i < nl; i++) {
      int e = (int) order[i];
      int textEnd = 2 * e + 3 < lines.length ? lines[2 * e + 3] : linesEnd;
      deciding[i] = new SourceLine(source, lines[2 * e], new String(text, lines[2 * e + 1], textEnd - lines[2 * e + 1], StandardCharsets.UTF_8));
    }
    return new Decision(allowed, Basis.CONVENTIONAL_RULE, List.of(deciding), List.of());
  }

  private int firstLineAfter(int r) {
    return 3 * r + 5 < rules.length ? rules[3 * r + 5] : lines.length / 2;
  }

  private int rankLength(int r) {
    return rankLengths != null ? rankLengths[r] : rules[3 * r + 1] & LENGTH;
  }

  /** Where rule {@code r}'s pattern ends in {@link #text}, a final {@code $} left out. */
  private int bodyEnd(int r) {
    int packed = rules[3 * r + 1];
    return rules[3 * r] + (packed & LENGTH) - ((packed & ANCHORED) != 0 ? 1 : 0);
  }

  /** The first {@code *} in {@code text[from, end)}, or -1 (never read past {@code end}: the text holds every rule). */
  private int indexOfStar(int from, int end) {
    for (int i = from; i < end; i++) {
      if (text[i] == '*') {
        return i;
      }
    }
    return -1;
  }

  /** The longest non-empty run between {@code *}s in [from, end) (the last of equally long ones), or null. */
  private String longestSegment(int from, int end) {
    int bestStart = -1;
    int bestLength = 0;
    int start = from;
    while (start <= end) {
      int star = indexOfStar(start, end);
      int segmentEnd = star < 0 ? end : star;
      int length = segmentEnd - start;
      if (length > 0 && length >= bestLength) {
        bestStart = start;
        bestLength = length;
      }
      if (star < 0) {
        break;
      }
      start = star + 1;
    }
    return bestStart < 0 ? null : ascii(bestStart, bestStart + bestLength);
  }

  /** {@code text[from, to)}, a pattern's bytes, as a string. */
  private String ascii(int from, int to) {
    return new String(text, from, to - from, StandardCharsets.US_ASCII);
  }

  /** True when {@code text[from, from + length)} occurs in {@code path} at {@code offset}. */
  private boolean regionMatches(String path, int offset, int from, int length) {
    if (offset + length > path.length()) {
      return false;
    }
    for (int k = 0; k < length; k++) {
      if (path.charAt(offset + k) != text[from + k]) {
        return false;
      }
    }
    return true;
  }

  /**
   * True when rule {@code r}'s pattern matches a prefix of {@code path} (all of it when
   * end-anchored): each literal run between {@code *}s at its first occurrence after the previous
   * one, an end-anchored last run only where it ends the path, as {@link
   * org.acapengine.eval.match.PathPattern#matches} reads it. O(path + pattern); allocates nothing.
   */
  boolean matches(int r, String path, ConventionalScratch s) {
    int packed = rules[3 * r + 1];
    int start = rules[3 * r];
    int end = bodyEnd(r);
    boolean anchored = (packed & ANCHORED) != 0;
    int n = path.length();
    if ((packed & WILDCARD) == 0) {
      int length = end - start;
      return (!anchored || n == length) && regionMatches(path, 0, start, length);
    }
    int star = indexOfStar(start, end);
    if (!regionMatches(path, 0, start, star - start)) {
      return false;
    }
    int pos = star - start;
    int from = star + 1;
    while (true) {
      int next = indexOfStar(from, end);
      if (next < 0) {
        int tail = end - from;
        if (anchored) {
          int at = n - tail;
          return at >= pos && regionMatches(path, at, from, tail);
        }
        return tail == 0 || indexOf(path, pos, from, end, s) >= 0;
      }
      int found = indexOf(path, pos, from, next, s);
      if (found < 0) {
        return false;
      }
      pos = found + (next - from);
      from = next + 1;
    }
  }

  /**
   * The first index at or after {@code pos} where {@code text[from, to)} occurs in {@code path},
   * or -1: short runs directly, longer ones by Knuth-Morris-Pratt with the table made in {@code
   * s}, so that no path character is read more than a bounded number of times.
   */
  private int indexOf(String path, int pos, int from, int to, ConventionalScratch s) {
    int m = to - from;
    int n = path.length();
    if (m == 0) {
      return pos <= n ? pos : -1;
    }
    int indexed = s.search.indexOf(path, s.literal(text, from, m), pos);
    if (indexed != PathSearch.DIRECT) {
      return indexed;
    }
    int found = directIndexOf(path, pos, from, to, s);
    s.search.spend((found < 0 ? n : found + m) - pos);
    return found;
  }

  private int directIndexOf(String path, int pos, int from, int to, ConventionalScratch s) {
    int m = to - from;
    int n = path.length();
    if (m <= SHORT_SEGMENT) {
      // Candidates by their first character (String.indexOf(int) is vectorised), then at most m reads each.
      byte first = text[from];
      for (int p = path.indexOf(first, pos); p >= 0 && p <= n - m; p = path.indexOf(first, p + 1)) {
        if (regionMatches(path, p, from, m)) {
          return p;
        }
      }
      return -1;
    }
    int[] f = s.failure(m);
    f[0] = 0;
    for (int i = 1, k = 0; i < m; i++) {
      byte c = text[from + i];
      while (k > 0 && c != text[from + k]) {
        k = f[k - 1];
      }
      if (c == text[from + k]) {
        k++;
      }
      f[i] = k;
    }
    int k = 0;
    for (int p = pos; p < n; p++) {
      char c = path.charAt(p);
      while (k > 0 && c != text[from + k]) {
        k = f[k - 1];
      }
      if (c == text[from + k]) {
        k++;
        if (k == m) {
          return p - m + 1;
        }
      }
    }
    return -1;
  }

  /**
   * Visits every rule whose literal prefix is a prefix of {@code path}. They are all prefixes of
   * the greatest prefix not above the path (anything sorted between a prefix of the path and the
   * path starts with that prefix), so they are that entry and the chain of its parents, those no
   * longer than the part it shares with the path.
   */
  void walkPrefixes(String path, PrefixTrie.Visitor visitor) {
    int lo = 0;
    int hi = byPrefix.length - 1;
    int at = -1;
    int shared = 0;
    // What the path shares with the nearest keys below and above the range: every key between
    // them shares the smaller of the two, so a comparison starts there (O(log n + path) in all).
    int sharedBelow = 0;
    int sharedAbove = 0;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int start = rules[3 * byPrefix[mid]];
      int length = prefixLength[mid];
      int common = Math.min(sharedBelow, sharedAbove);
      int limit = Math.min(length, path.length());
      while (common < limit && text[start + common] == path.charAt(common)) {
        common++;
      }
      boolean notAbove = common == length || (common < limit && text[start + common] < path.charAt(common));
      if (notAbove) {
        at = mid;
        shared = common;
        sharedBelow = common;
        lo = mid + 1;
      } else {
        sharedAbove = common;
        hi = mid - 1;
      }
    }
    for (int i = at; i >= 0; i = prefixParent[i]) {
      if (prefixLength[i] <= shared) {
        visitor.visit(byPrefix[i]);
      }
    }
  }

  /** The number of rules, identical ones counted once. */
  int size() {
    return rules.length / 3;
  }

}
