package org.acapengine.eval;

import java.util.List;
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
 * and cached; when it would be the table's rules in order with nothing but their verdicts (a
 * conventional table read whole, an ACAP table whose every rule applies, each its own pattern,
 * with a bare verdict), the table is that bucket, itself a {@link Bucket} of its own patterns and
 * index, and holds no bucket object (32 or 40 bytes). Immutable apart from that cache; thread-safe.
 */
final class RuleTable extends Bucket {

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

  /** The set arrays of a table without resource sets, shared. */
  static final int[] NO_SET_START = {0};
  static final int[] NO_INTS = {};
  /** The line text of a table that keeps none and reads its patterns from a shared text, shared. */
  static final String NO_TEXT = new String();

  /**
   * Ints per ACAP rule: its flags with its usage in the low bits, its target, its first line
   * entry; and, in a table where some rule has qualifiers or purposes ({@link #FULL_STRIDE}),
   * between target and line its qualifier list and purpose list. In a table where each rule has
   * its bare verdict and targets the pattern of its own number (as most do: {@link #PLAIN_STRIDE}), the
   * flags alone: rule r targets pattern r and its first line is entry r ({@link #firstLinesFirst}).
   */
  static final int PLAIN_STRIDE = 1;
  /**
   * The {@link #ruleStride} of a conventional table: two bits a rule, sixteen to an int (bit 0
   * {@link #ALLOW}, bit 1 {@link #INSIDE_ACAP}); rule r's first line is entry r ({@link
   * #firstLinesFirst}). Also of an ACAP table of {@link #PLAIN_STRIDE} rules that all name the
   * table's first usage name, as most do (ACAP fields for crawl alone): its rules' flags are their
   * verdicts alone, two bits a rule (bit 1 clear), not an int, and their usage 0.
   */
  static final int PACKED = 0;
  static final int SIMPLE_STRIDE = 3;
  static final int FULL_STRIDE = 5;

  final String text;
  /** The kept lines' text ({@link #linesEnd} characters): the start of {@link #text}, or its own when the patterns are read from another table's. */
  final String lineText;
  /** Where the kept lines' text ends in {@link #lineText}; with {@link #lineStride()} 0, the first line's number and the
   * {@link TableLines#STYLE} of the lines not kept (whose text then ends where {@link TableLines#keptLines} says). */
  final int linesEnd;
  /**
   * The files of its lines: their names ({@code String[]}) when all are of the first; with lines of several (a
   * permissions reference's), the names and each line's file ({@link TableLines.Files}); or, when all are of one
   * origin's robots.txt whose key the holder keeps anyway (a cache: {@link CrawlerPolicy#namingItsFileBy}), that
   * key ({@code String}), the file's name made from it when a line is read ({@link TableLines#fileOf}).
   */
  final Object sources;
  /**
   * The table's ints, in one array: per line entry (from 0) its number and, when half the lines
   * or more keep their text ({@link #lineStride} 2), where its text starts (it ends where the next
   * starts, or at {@link #linesEnd}); when fewer do, their entries and starts ({@link TableLines#keptLines}); per pattern (from {@link #patternsAt}) where its match form starts and its {@link PatternIndex#info}; per rule (from
   * {@link #rulesAt()}) {@link #ruleStride} ints (two bits, {@link #PACKED}: conventional, and ACAP of the first usage alone; else ACAP:
   * {@link #PLAIN_STRIDE}, {@link #SIMPLE_STRIDE} or {@link #FULL_STRIDE}); then, with {@link
   * #firstLinesFirst}, per line entry from {@link #ruleCount} on (a rule's lines past its first)
   * its rule.
   */
  final int[] data;
  /** The number of line entries (bits 0-28: below 2<sup>29</sup>, as line numbers are) and {@link #ruleStride} (bits
   * 29-31): one int, so that the table is 80 bytes, not 88; the number of rules is derived ({@link #ruleCount}). */
  private final int lines;
  private static final int STRIDE_SHIFT = 29;
  private static final int LINE_COUNT = (1 << STRIDE_SHIFT) - 1;
  final int patternsAt;
  /** The number of the file's {@link ScopeRanks}, then per pattern its rank: a byte each, four to an int, when there are
   * 256 ranks or fewer (the number's sign bit set), else an int; null without ACAP fields; perhaps another table's. */
  final int[] ranks;
  /**
   * When some pattern's normalised form differs from its match form (a {@code $} inside it):
   * per pattern where its normalised form starts, then per pattern its RFC 9309 length; else null.
   */
  final int[] forms;
  /** The definitions and vocabulary ACAP rules refer to. */
  final Definitions definitions;

  /**
   * The buckets made so far: of an ACAP table, the first usage's bucket alone, or that usage's
   * name when the table is its bucket, then usage and bucket in turn (copied on write); of a
   * conventional table, its bucket (itself when no rule stands inside an ACAP record), or both
   * (ACAP crawlers', legacy crawlers') when rules do. Null until the first; {@link Footprint} reads it.
   */
  volatile Object buckets;

  /**
   * A table of {@code kind}: conventional with {@link Definitions#NONE}, ACAP with definitions of
   * its own or shared ({@link #isAcap} reads which; the kind is not held, nor where the rules
   * start in {@link #data}, which the layout gives).
   */
  RuleTable(Kind kind, TableText.Layout l, int[] ranks, int ruleCount, int ruleStride, Definitions definitions) {
    super((l.rulesAt() - l.patternsAt()) >> 1, null);
    if ((kind == Kind.CONVENTIONAL) != (definitions == Definitions.NONE)) {
      throw new IllegalArgumentException("a conventional table, and only one, has no definitions");
    }
    this.text = l.text();
    this.lineText = l.lineText();
    this.linesEnd = l.linesEnd();
    this.sources = l.lineSource() == null ? l.sources() : new TableLines.Files(l.sources(), l.lineSource());
    this.data = l.data();
    if (l.lineCount() > LINE_COUNT) {
      throw new IllegalArgumentException("too many lines: " + l.lineCount());
    }
    this.lines = l.lineCount() | ruleStride << STRIDE_SHIFT;
    this.patternsAt = l.patternsAt();
    this.ranks = ranks;
    this.forms = l.forms();
    this.definitions = definitions;
    if (ruleCount() != ruleCount) {
      throw new IllegalStateException("a table of " + ruleCount + " rules laid out as " + ruleCount());
    }
  }

  /** Table {@code t} with its files named by {@code sources}: its index kept (perhaps shared: {@link Bucket#shareIndex}), its buckets made again. */
  private RuleTable(RuleTable t, Object sources) {
    super(t.patternCount, t.index);
    this.text = t.text;
    this.lineText = t.lineText;
    this.linesEnd = t.linesEnd;
    this.sources = sources;
    this.data = t.data;
    this.lines = t.lines;
    this.patternsAt = t.patternsAt;
    this.ranks = t.ranks;
    this.forms = t.forms;
    this.definitions = t.definitions;
  }

  /**
   * This table naming its file by {@code key} ({@link #sources}), when all its lines are of the
   * file {@code fileOf(key)} names; else null.
   */
  RuleTable namingItsFileBy(String key, String file) {
    return sources instanceof String[] names && names.length == 1 && names[0].equals(file) ? new RuleTable(this, key) : null;
  }

  /** True when the table names its file by a key it shares with its holder ({@link #sources}). */
  boolean namesItsFileByKey() {
    return sources instanceof String;
  }


  // ---- lines --------------------------------------------------------------------------------

  int lineCount() {
    return lines & LINE_COUNT;
  }

  /** Ints per rule: {@link #PACKED} (two bits), {@link #PLAIN_STRIDE}, {@link #SIMPLE_STRIDE} or {@link #FULL_STRIDE} (ACAP). */
  int ruleStride() {
    return lines >>> STRIDE_SHIFT;
  }

  /** The number of rules: its patterns' when rule r is pattern r ({@link #PACKED}, {@link #PLAIN_STRIDE}); else what the rules' ints ending {@link #data} make. */
  int ruleCount() {
    int stride = ruleStride();
    return stride <= PLAIN_STRIDE ? patternCount : (data.length - rulesAt()) / stride;
  }

  /**
   * Ints per line entry: 2 (its number, where its text starts) when half the lines or more keep
   * their text, else 1 (the few that do say where theirs starts apart: {@link TableLines#keptLines}); 0 when
   * the lines follow one another in one file, written alike but for a few kept as written ({@link #linesEnd} says the
   * first; the few kept ones' entries, starts and end are all that is before {@link #patternsAt}). Derived (what is
   * before {@link #patternsAt} is the entries and the kept lines' starts, fewer than the entries): a field would make
   * the table 88 bytes, not 80.
   */
  int lineStride() {
    return patternsAt == 0 ? 0 : patternsAt / lineCount();
  }

  int lineNumber(int entry) {
    int lineStride = lineStride();
    return lineStride == 0 ? (linesEnd & ~TableLines.STYLE) + entry : data[lineStride * entry] & ~TableLines.STYLE;
  }

  /**
   * A name that orders line entry {@code entry}'s file among the files of the policy's tables as
   * their names do: its name; or, in a table that names its file by a key, the key (every line of
   * every table of such a policy is of that one file, so no string is made for the comparison).
   */
  String lineSourceName(int entry) {
    return sources instanceof String key ? key : sources instanceof TableLines.Files f ? f.names()[f.lineSource()[entry]] : ((String[]) sources)[0];
  }

  /** Line entry {@code entry} as a source line: its file, number and text as written (stripped). */
  SourceLine line(int entry) {
    return TableLines.line(this, entry);
  }

  // ---- patterns -----------------------------------------------------------------------------

  /** Where pattern {@code p}'s match form starts in {@link #text}. */
  int patternStart(int p) {
    return data[patternsAt + 2 * p];
  }

  /** Pattern {@code p}'s {@link PatternIndex#info}. */
  int patternInfo(int p) {
    return data[patternsAt + 2 * p + 1];
  }

  /** The length of pattern {@code p}'s normalised form, its RFC 9309 match length (2.2.2). */
  int rfcLength(int p) {
    return forms != null ? forms[(forms.length >> 1) + p] : patternInfo(p) & PatternIndex.LENGTH;
  }

  /** Where pattern {@code p}'s normalised form starts in {@link #text} ({@link #rfcLength} characters). */
  int normalStart(int p) {
    return forms != null ? forms[p] : patternStart(p);
  }

  /** Pattern {@code p}'s normalised form, as explanations show it. */
  String pattern(int p) {
    int from = normalStart(p);
    return text.substring(from, from + rfcLength(p));
  }

  /** Pattern {@code p}'s scope rank ({@link #ranks}); 35 bytes of bytecode, as the JIT inlines anywhere (an int's shift counts modulo 32, so {@code p << 3} is byte {@code p & 3}'s). */
  int rank(int p) {
    int[] r = ranks;
    return r[0] < 0 ? (r[1 + (p >>> 2)] >>> (p << 3)) & 0xFF : r[1 + p];
  }

  // ---- rules --------------------------------------------------------------------------------

  boolean isAcap() {
    return definitions != Definitions.NONE;
  }

  /** The number of patterns (they fill {@link #data} from {@link #patternsAt} to {@link #rulesAt()}, two ints each). */
  int patternCount() {
    return patternCount;
  }

  /** Where the rules start in {@link #data}: after the patterns. */
  int rulesAt() {
    return patternsAt + (patternCount << 1);
  }

  /** The flags of rule {@code r}: {@link #ALLOW}, {@link #INSIDE_ACAP}, {@link #TO_SET}, the usage kind. */
  int ruleFlags(int r) {
    int ruleStride = ruleStride();
    if (ruleStride == PACKED) {
      int bits = data[rulesAt() + (r >>> 4)] >>> ((r & 15) << 1);
      return (bits << 31) | ((bits & 2) << 29);
    }
    return data[rulesAt() + ruleStride * r] & ~LOW;
  }

  boolean allows(int r) {
    return (ruleFlags(r) & ALLOW) != 0;
  }

  /**
   * True when line entry r is rule r's first line and the rules' other lines, if any, follow from
   * entry {@link #ruleCount}, ordered by rule, with their rules' numbers at the end of {@link
   * #data} ({@link #PACKED}, {@link #PLAIN_STRIDE}): a rule written on several lines does not cost
   * every rule an int for its first line. Else a rule's lines are consecutive entries from its
   * first, which its ints say.
   */
  boolean firstLinesFirst() {
    return ruleStride() <= PLAIN_STRIDE;
  }

  /** Rule {@code r}'s first line entry. */
  int firstLine(int r) {
    int ruleStride = ruleStride();
    return ruleStride <= PLAIN_STRIDE ? r : data[rulesAt() + ruleStride * r + ruleStride - 1];
  }

  /** An ACAP rule's target: a pattern, or a resource set when {@link #TO_SET}. */
  int target(int r) {
    int ruleStride = ruleStride();
    return ruleStride <= PLAIN_STRIDE ? r : data[rulesAt() + ruleStride * r + 1];
  }

  /** An ACAP rule's usage: a usage name's, a qualified usage's or a composite usage's number, by its kind. */
  int usage(int r) {
    int ruleStride = ruleStride();
    return ruleStride == PACKED ? 0 : data[rulesAt() + ruleStride * r] & LOW;
  }

  /** An ACAP rule's own qualifier list's number (a plain usage's), or -1. */
  int ruleQualifiers(int r) {
    return ruleStride() == FULL_STRIDE ? data[rulesAt() + FULL_STRIDE * r + 2] : -1;
  }

  /** An ACAP rule's purpose list's number (a sub-record's), or -1. */
  int rulePurposes(int r) {
    return ruleStride() == FULL_STRIDE ? data[rulesAt() + FULL_STRIDE * r + 3] : -1;
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
    return definitions.setPatterns(target(r), out);
  }

  // ---- buckets ------------------------------------------------------------------------------

  /**
   * What a decision for {@code usage} consults in an ACAP table, built on first use. The first
   * usage's bucket is held alone (most tables are asked about one, crawl), or its name alone when
   * the table is that bucket; from the second, up to {@value #KEPT_USAGES} usages and their buckets
   * in turn in a small array copied when one is added; beyond that, made for each decision.
   */
  Bucket bucket(String usage) {
    Object held = buckets;
    if (held instanceof String only && usage.equals(only)) {
      return this;
    }
    if (held instanceof Bucket.ForUsage b && usage.equals(b.usage)) {
      return b;
    }
    return otherBucket(usage, held);
  }

  /** {@link #bucket} from the list, else made (and kept): apart, so that the lookup every decision makes inlines. */
  private Bucket otherBucket(String usage, Object held) {
    if (held instanceof Object[] all) {
      for (int i = 0; i < all.length; i += 2) {
        if (usage.equals(all[i])) {
          return (Bucket) all[i + 1];
        }
      }
    }
    // A usage of the vocabulary is kept as its one shared string, not as the caller's copy.
    String name = SharedNames.name(usage);
    Bucket b = Bucket.acap(this, name);
    synchronized (this) {
      held = buckets;
      Object[] all = held instanceof Bucket.ForUsage only ? new Object[] {only.usage, only}
          : held instanceof String only ? new Object[] {only, this} : (Object[]) held;
      int n = all == null ? 0 : all.length;
      for (int i = 0; i < n; i += 2) {
        if (usage.equals(all[i])) {
          return (Bucket) all[i + 1];
        }
      }
      if (n == 0 && b != Bucket.NONE) {
        buckets = b == this ? name : b;
      } else if (n / 2 < KEPT_USAGES) {
        Object[] more = all == null ? new Object[2] : java.util.Arrays.copyOf(all, n + 2);
        more[n] = name;
        more[n + 1] = b;
        buckets = more;
      }
    }
    return b;
  }

  private static final int KEPT_USAGES = 256;

  /**
   * The bucket shapes made so far, by their targets ({@link BucketBuilder.Shape}): shared by the
   * buckets of every usage that target the same patterns and sets, so that a composite usage's
   * many members cost one index, not one per usage. Null until the first; then the first alone
   * (most tables are asked about one usage, crawl); a map from the second ({@link
   * BucketBuilder#shape}).
   */
  volatile Object shapes;

  /**
   * What a decision consults in a conventional table: the rules an ACAP crawler reads (none inside
   * ACAP records), or, for {@code legacy}, every rule: the table itself when it is all its rules.
   */
  Bucket conventionalBucket(boolean legacy) {
    Object held = buckets;
    if (held instanceof Bucket b) {
      return b; // no rule inside an ACAP record: one bucket for both readings, the table
    }
    if (held instanceof Bucket[] both && both[legacy ? 1 : 0] != null) {
      return both[legacy ? 1 : 0];
    }
    synchronized (this) {
      if (java.util.stream.IntStream.range(0, ruleCount()).noneMatch(r -> (ruleFlags(r) & INSIDE_ACAP) != 0)) {
        Bucket b = Bucket.conventional(this, true);
        buckets = b;
        return b;
      }
      Bucket[] both = buckets instanceof Bucket[] kept ? kept.clone() : new Bucket[2];
      if (both[legacy ? 1 : 0] == null) {
        both[legacy ? 1 : 0] = Bucket.conventional(this, legacy);
      }
      buckets = both;
      return both[legacy ? 1 : 0];
    }
  }
}
