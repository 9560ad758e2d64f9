package org.acapengine.eval;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.eval.match.PatternIndex;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * The rules of one part of a crawler's policy, in flat arrays: the ACAP records naming it, the
 * ACAP records for any crawler, or the conventional groups RFC 9309 selects for it ({@link
 * CrawlerView} has one of each at most). The one encoding of rules the evaluator has: {@link
 * CompiledPolicy} decides with it, and a {@link CrawlerPolicy} is a few of these without the
 * document (docs/matching.md, "A crawler's rules").
 *
 * <ul>
 *   <li><b>Text</b>: the stripped text of each rule's line, its UTF-8 bytes held as the
 *       characters of one Latin-1 string (one byte a character), then the patterns not written
 *       as they are matched inside their own line. A pattern is a range of it.
 *   <li><b>Lines</b>: per line entry its number, where its text starts, and (with a permissions
 *       reference) its file. A rule's lines are consecutive entries.
 *   <li><b>Patterns</b>: distinct per table (up to ASCII case for ACAP fields); per pattern its
 *       match form's start and {@link PatternIndex#info}, its scope rank when the file has ACAP
 *       fields ({@link ScopeRanks}), and, in the rare table where they differ, its normalised
 *       form's start (a {@code $} inside it is matched as {@code %24}) and its RFC 9309 length.
 *   <li><b>Rules</b>: a conventional rule is its pattern (the same number), with its verdict,
 *       whether it stands inside an ACAP record, and its first line entry; identical rules are one
 *       rule with several lines. An ACAP field is a rule with its verdict, its target (a pattern or
 *       a resource set), its usage (a usage, a qualified usage or a composite usage: definitions
 *       are held once and referred to, never multiplied out), its qualifiers and purposes.
 * </ul>
 *
 * <p>What a decision for one usage consults is a {@link Bucket}, built from the table on first use
 * and cached. Immutable apart from that cache; thread-safe.
 */
final class RuleTable {

  /** Which records or groups the table holds. */
  enum Kind {
    /** ACAP records naming the crawler (and what their permissions references load). */
    NAMED,
    /** ACAP records for any crawler. */
    ANY,
    /** The conventional groups RFC 9309 selects. */
    CONVENTIONAL
  }

  /** A rule's flags (its first int): permits; stands inside an ACAP record (conventional); targets a resource set (ACAP). */
  static final int ALLOW = 1 << 31;
  static final int INSIDE_ACAP = 1 << 30;
  static final int TO_SET = 1 << 29;
  /** The usage kind of an ACAP rule, bits 27-28. */
  static final int STANDARD = 0;
  static final int QUALIFIED = 1 << 27;
  static final int COMPOSITE = 2 << 27;
  static final int USAGE_KIND = 3 << 27;
  static final int LOW = (1 << 27) - 1;

  /** Ints per ACAP rule: flags, target, usage, qualifier set, purposes, first line entry. */
  static final int ACAP_STRIDE = 6;

  final Kind kind;
  final String text;
  final int linesEnd;
  final String[] sources;
  /** Per line entry, its file's index in {@link #sources}; null when all are of the first. */
  final byte[] lineSource;
  /** Per line entry: line number, start of its text (it ends where the next starts, or at {@link #linesEnd}). */
  final int[] lines;

  final int patternCount;
  final int[] patternStart;
  final int[] patternInfo;
  /** Per pattern, its place in the file's {@link ScopeRanks}; null in a file without ACAP fields. */
  final int[] patternRank;
  /** Per pattern, where its normalised form starts, when some pattern's differs from its match form; else null. */
  final int[] normalStart;
  /** Per pattern, its RFC 9309 length, when some pattern's differs from its match form's; else null. */
  final int[] rfcLength;

  /** Conventional: per rule (= pattern), {@link #ALLOW} and {@link #INSIDE_ACAP} with its first line entry in the low bits. */
  final int[] conventional;
  /** ACAP: per rule, {@value #ACAP_STRIDE} ints. */
  final int[] acap;
  final int ruleCount;
  /** Resource sets: set s's patterns are {@code setPatterns[setStart[s], setStart[s + 1])}. */
  final int[] setStart;
  final int[] setPatterns;
  /** The definitions and vocabulary ACAP rules refer to. */
  final Definitions definitions;

  /** The buckets of an ACAP table, by usage; made with the first one (a conventional table has none). */
  private volatile ConcurrentHashMap<String, Bucket> buckets;
  private volatile Bucket conventionalBucket;
  private volatile Bucket legacyBucket;

  RuleTable(Kind kind, String text, int linesEnd, String[] sources, byte[] lineSource, int[] lines, int patternCount, int[] patternStart,
      int[] patternInfo, int[] patternRank, int[] normalStart, int[] rfcLength, int[] conventional, int[] acap, int ruleCount, int[] setStart,
      int[] setPatterns, Definitions definitions) {
    this.kind = kind;
    this.text = text;
    this.linesEnd = linesEnd;
    this.sources = sources;
    this.lineSource = lineSource;
    this.lines = lines;
    this.patternCount = patternCount;
    this.patternStart = patternStart;
    this.patternInfo = patternInfo;
    this.patternRank = patternRank;
    this.normalStart = normalStart;
    this.rfcLength = rfcLength;
    this.conventional = conventional;
    this.acap = acap;
    this.ruleCount = ruleCount;
    this.setStart = setStart;
    this.setPatterns = setPatterns;
    this.definitions = definitions;
  }

  /**
   * What ACAP rules refer to, held once per table: usage names, qualifier lists, purposes, and the
   * qualified and composite usages and resource sets by number, with their names and lines (for
   * explanations).
   *
   * @param usageNames the usage names, lower-case
   * @param qualifierSets qualifier lists, each immutable
   * @param purposes each sub-record's purpose patterns (whole-string, case-insensitive)
   * @param qualifiedUsage per qualified usage: its usage's number
   * @param qualifiedQualifiers per qualified usage: its qualifier list's number
   * @param compositeStart composite c's members are {@code compositeMembers[3 * compositeStart[c], 3 * compositeStart[c + 1])}
   * @param compositeMembers per member: usage number, qualifier list (-1: none), qualified usage (-1: a plain usage)
   * @param names per definition (qualified usages, then composite usages, then resource sets): its name
   * @param nameLines per definition: its line
   */
  record Definitions(String[] usageNames, List<List<Qualifier>> qualifierSets, List<PathPattern[]> purposes, int[] qualifiedUsage,
      int[] qualifiedQualifiers, int[] compositeStart, int[] compositeMembers, String[] names, int[] nameLines) {

    static final Definitions NONE = new Definitions(new String[0], List.of(), List.of(), new int[0], new int[0], new int[] {0}, new int[0],
        new String[0], new int[0]);

    int qualifiedCount() {
      return qualifiedUsage.length;
    }

    int compositeCount() {
      return compositeStart.length - 1;
    }

    /** The name of qualified usage {@code q}. */
    String qualifiedName(int q) {
      return names[q];
    }

    int qualifiedLine(int q) {
      return nameLines[q];
    }

    String compositeName(int c) {
      return names[qualifiedCount() + c];
    }

    int compositeLine(int c) {
      return nameLines[qualifiedCount() + c];
    }

    String setName(int s) {
      return names[qualifiedCount() + compositeCount() + s];
    }

    int setLine(int s) {
      return nameLines[qualifiedCount() + compositeCount() + s];
    }
  }

  // ---- lines --------------------------------------------------------------------------------

  int lineCount() {
    return lines.length / 2;
  }

  int lineNumber(int entry) {
    return lines[2 * entry];
  }

  String lineSourceName(int entry) {
    return sources[lineSource == null ? 0 : lineSource[entry]];
  }

  /** Line entry {@code entry} as a source line: its file, number and text as written (stripped). */
  SourceLine line(int entry) {
    int from = lines[2 * entry + 1];
    int to = 2 * entry + 3 < lines.length ? lines[2 * entry + 3] : linesEnd;
    return new SourceLine(lineSourceName(entry), lines[2 * entry], decode(from, to));
  }

  /** {@code text[from, to)}, UTF-8 bytes held as Latin-1 characters, as the string they encode. */
  String decode(int from, int to) {
    for (int i = from; i < to; i++) {
      if (text.charAt(i) >= 0x80) {
        return new String(text.substring(from, to).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
      }
    }
    return text.substring(from, to);
  }

  // ---- patterns -----------------------------------------------------------------------------

  /** The length of pattern {@code p}'s normalised form, its RFC 9309 match length (2.2.2). */
  int rfcLength(int p) {
    return rfcLength != null ? rfcLength[p] : patternInfo[p] & PatternIndex.LENGTH;
  }

  /** Where pattern {@code p}'s normalised form starts in {@link #text} ({@link #rfcLength} characters). */
  int normalStart(int p) {
    return normalStart != null ? normalStart[p] : patternStart[p];
  }

  /** Pattern {@code p}'s normalised form, as explanations show it. */
  String pattern(int p) {
    int from = normalStart != null ? normalStart[p] : patternStart[p];
    return text.substring(from, from + rfcLength(p));
  }

  int rank(int p) {
    return patternRank[p];
  }

  boolean hasRanks() {
    return patternRank != null;
  }

  // ---- rules --------------------------------------------------------------------------------

  boolean isAcap() {
    return kind != Kind.CONVENTIONAL;
  }

  /** The flags of rule {@code r}: {@link #ALLOW}, {@link #INSIDE_ACAP}, {@link #TO_SET}, the usage kind. */
  int ruleFlags(int r) {
    return isAcap() ? acap[ACAP_STRIDE * r] : conventional[r] & ~LOW;
  }

  boolean allows(int r) {
    return (ruleFlags(r) & ALLOW) != 0;
  }

  /** Rule {@code r}'s first line entry; its lines run to the next rule's first. */
  int firstLine(int r) {
    return isAcap() ? acap[ACAP_STRIDE * r + 5] : conventional[r] & LOW;
  }

  int endLine(int r) {
    return r + 1 < ruleCount ? firstLine(r + 1) : lineCount();
  }

  /** An ACAP rule's target: a pattern, or a resource set when {@link #TO_SET}. */
  int target(int r) {
    return acap[ACAP_STRIDE * r + 1];
  }

  /** An ACAP rule's usage: a usage name's, a qualified usage's or a composite usage's number, by its kind. */
  int usage(int r) {
    return acap[ACAP_STRIDE * r + 2];
  }

  /** An ACAP rule's own qualifier list's number (a plain usage's), or -1. */
  int qualifiers(int r) {
    return acap[ACAP_STRIDE * r + 3];
  }

  /** An ACAP rule's purpose list's number (a sub-record's), or -1. */
  int purposes(int r) {
    return acap[ACAP_STRIDE * r + 4];
  }

  /** The patterns rule {@code r} stands for: its pattern, or its resource set's. */
  int patternsOf(int r, int[] out) {
    if (!isAcap()) {
      out[0] = r;
      return 1;
    }
    if ((ruleFlags(r) & TO_SET) == 0) {
      out[0] = target(r);
      return 1;
    }
    int s = target(r);
    int n = setStart[s + 1] - setStart[s];
    System.arraycopy(setPatterns, setStart[s], out, 0, n);
    return n;
  }

  // ---- buckets ------------------------------------------------------------------------------

  /** What a decision for {@code usage} consults in an ACAP table, built on first use (at most 256 usages kept). */
  Bucket bucket(String usage) {
    ConcurrentHashMap<String, Bucket> all = buckets;
    if (all == null) {
      synchronized (this) {
        all = buckets;
        if (all == null) {
          all = new ConcurrentHashMap<>();
          buckets = all;
        }
      }
    }
    Bucket b = all.get(usage);
    if (b == null) {
      b = Bucket.acap(this, usage);
      if (all.size() < 256) {
        Bucket prior = all.putIfAbsent(usage, b);
        b = prior != null ? prior : b;
      }
    }
    return b;
  }

  /**
   * What a decision consults in a conventional table: the rules an ACAP crawler reads (none
   * inside ACAP records), or, for {@code legacy}, every rule (as an RFC 9309 crawler reads them).
   */
  Bucket conventionalBucket(boolean legacy) {
    Bucket b = legacy ? legacyBucket : conventionalBucket;
    if (b == null) {
      b = Bucket.conventional(this, legacy);
      if (legacy) {
        legacyBucket = b;
      } else {
        conventionalBucket = b;
      }
    }
    return b;
  }
}
