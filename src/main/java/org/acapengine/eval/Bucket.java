package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.acapengine.eval.match.PathSearch;
import org.acapengine.eval.match.PatternIndex;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;

/**
 * What a decision for one usage consults in a {@link RuleTable}: the patterns of the rules that
 * apply to the usage, indexed ({@link PatternIndex}), and the rules as <em>entries</em>.
 *
 * <p>An entry is every rule of the table that decides alike for the usage: same verdict, same
 * target (pattern or resource set), same purposes, and qualifiers a crawler honours or not alike
 * (the same {@linkplain #signature qualifier types}); its lines and the union of its rules'
 * qualifiers are gathered here once. So 14 530 lines {@code ACAP-allow-index: / max-length=N}
 * are one entry that decides in the time one line does (docs/matching.md). A conventional rule is
 * an entry of its own, numbered as its pattern. A rule naming a composite usage is one entry
 * whatever its number of members, with the members that apply to the usage summed up once per
 * composite ({@link Members}); a rule naming a resource set is one entry reached from every
 * pattern of the set, the set's patterns indexed once however many rules name it. The work is
 * linear in the table (docs/semantics.md, 3).
 *
 * <p>An ACAP table's bucket knows its usage ({@link ForUsage}); a conventional one does not, and
 * is 32 bytes, not 40. A table whose bucket would be its rules in order with nothing but their
 * verdicts (a conventional table read whole; an ACAP table whose every rule applies to the usage
 * asked, each its own pattern, with a bare verdict) is that bucket itself ({@link RuleTable} is a
 * bucket: its table is itself, its patterns the table's, no entries), and holds no bucket object.
 */
sealed class Bucket permits Bucket.ForUsage, RuleTable {

  /** An entry's flags: permits; for usage {@code other}; a composite usage's entry. The low 8 bits: the qualifier {@link #signature}. */
  static final int ALLOW = 1 << 31;
  static final int OTHER = 1 << 30;
  static final int COMPOSITE = 1 << 29;
  /** In a {@link #signature}: a qualifier outside the vocabulary, which no crawler can honour. */
  static final int UNKNOWN = 1 << 7;
  static final int SIGNATURE = 0xFF;

  final RuleTable table;
  /**
   * The patterns' index; null for patterns too few to index ({@link PatternIndex#indexes}), which
   * {@link #search} matches one by one from the table's own starts and infos. A table's, over its
   * own patterns in order, is made on first use ({@link BucketBuilder#identityIndex}) and written
   * once, before the table is published as a bucket; any other bucket's is set when it is made.
   */
  PatternIndex index;
  /** Bucket pattern → table pattern, ascending; null when they are the same numbers (a conventional table read whole). */
  final int[] patterns;
  final int patternCount;
  /**
   * The entries of an ACAP bucket; null in a conventional one, whose entries are its patterns'
   * rules, in a table that is its own bucket ({@link RuleTable}), whose entries are its rules, and
   * in an ACAP bucket of some of its table's rules, each its own pattern with a bare verdict
   * ({@link BucketBuilder#build}), whose entries are its patterns' rules as a conventional one's.
   */
  final Entries entries;

  private Bucket(RuleTable table, PatternIndex index, int[] patterns, int patternCount, Entries entries) {
    this.table = table;
    this.index = index;
    this.patterns = patterns;
    this.patternCount = patternCount;
    this.entries = entries;
  }

  /** A table as a bucket of its {@code patternCount} patterns in order ({@link RuleTable}): its table is itself; its index made on first use, or given. */
  Bucket(int patternCount, PatternIndex index) {
    this.table = (RuleTable) this;
    this.index = index;
    this.patterns = null;
    this.patternCount = patternCount;
    this.entries = null;
  }

  /**
   * An ACAP table's bucket with the usage it is for, so that a table asked about one usage holds
   * its bucket alone, not in a list with the usage beside it ({@link RuleTable#bucket}): 40 bytes.
   */
  static final class ForUsage extends Bucket {
    final String usage;

    private ForUsage(Bucket b, String usage) {
      super(b.table, b.index, b.patterns, b.patternCount, b.entries);
      this.usage = usage;
    }
  }

  /** The number of entries: its patterns' in a bucket without entry arrays. */
  int entryCount() {
    return entries == null ? patternCount : entries.info().length;
  }

  /** This ACAP bucket, for {@code usage} ({@link ForUsage}); a table that is its own bucket stays itself ({@link RuleTable#bucket} keeps the usage). */
  Bucket forUsage(String usage) {
    return this == NONE || this == table ? this : new ForUsage(this, usage);
  }

  /**
   * An ACAP bucket's entries and how the patterns reach them.
   *
   * @param info per entry, its flags
   * @param purposes per entry, its purpose list's number, or -1; null when no entry has one
   * @param composite per entry, its composite usage's number (in {@link #members}), or -1; null when no entry is one
   * @param lineStart entry e's line entries are {@code lines[lineStart[e], lineStart[e + 1])}, sorted by file and line;
   *     null when each entry is one rule of a one-file table (its lines are the rule's)
   * @param lines the line entries
   * @param rules with no {@code lineStart}: per entry, its rule; null when the rule is the entry's number
   * @param qualifiers per entry, the union of its rules' qualifiers; null when none has any
   * @param directStart bucket pattern p's own entries are {@code direct[directStart[p], directStart[p + 1])};
   *     null when a pattern's entry is its number
   * @param direct the entries of each pattern
   * @param setsOfStart bucket pattern p is in the resource sets {@code setsOf[setsOfStart[p], setsOfStart[p + 1])}; null without sets
   * @param setsOf the sets of each pattern
   * @param setEntryStart bucket set s's entries are {@code setEntries[setEntryStart[s], setEntryStart[s + 1])}
   * @param setEntries the entries of each set
   * @param members per composite usage of the table, its members that apply to the usage; null for one with none
   * @param data the bucket patterns' starts and infos in pairs, for the index; null when the index is over the table's or there is none
   */
  record Entries(int[] info, int[] purposes, int[] composite, int[] lineStart, int[] lines, int[] rules, List<List<Qualifier>> qualifiers,
      int[] directStart, int[] direct, int[] setsOfStart, int[] setsOf, int[] setEntryStart, int[] setEntries, Members[] members, int[] data) {

    /** The rule of an entry of a bucket with no line arrays. */
    int rule(int e) {
      return rules == null ? e : rules[e];
    }
  }

  /**
   * The members of a composite usage that apply to one usage, by class: whether for {@code other},
   * and the qualifier {@link #signature}. A crawler honours a class's qualifiers or not as a whole.
   *
   * @param classes per class: {@link #OTHER} and the signature
   * @param qualifiers per class, the union of its members' qualifiers (each type with each value once)
   */
  record Members(int[] classes, List<List<Qualifier>> qualifiers) {}

  // ---- reading ------------------------------------------------------------------------------

  /**
   * Reports to {@code visitor} the bucket patterns that match the path {@code search} was reset
   * for. An index over the table's own patterns in order may be another table's that serves them
   * ({@link #shareIndex}): it is given this table's starts and infos.
   */
  void search(PathSearch search, PatternIndex.Visitor visitor) {
    if (index != null) {
      if (patterns == null) {
        index.search(search, table.data, table.patternsAt, visitor);
      } else {
        index.search(search, visitor);
      }
    } else {
      PatternIndex.searchEach(table.text, table.data, table.patternsAt, patterns, patternCount, search, visitor);
    }
  }

  /** The table's pattern behind bucket pattern {@code p}. */
  int tablePattern(int p) {
    return patterns == null ? p : patterns[p];
  }

  /** The bucket pattern of table pattern {@code p}, or -1 when the bucket has none. */
  int bucketPattern(int p) {
    if (patterns == null) {
      return p < patternCount ? p : -1;
    }
    int at = Arrays.binarySearch(patterns, 0, patternCount, p);
    return at < 0 ? -1 : at;
  }

  int info(int e) {
    if (entries != null) {
      return entries.info()[e];
    }
    return table.allows(tablePattern(e)) ? ALLOW : 0;
  }

  int purposes(int e) {
    return entries == null || entries.purposes() == null ? -1 : entries.purposes()[e];
  }

  /** The rule whose lines are entry {@code e}'s, or -1 when the entry has lines of several rules. */
  private int rule(int e) {
    if (entries == null) {
      return tablePattern(e);
    }
    return entries.lineStart() == null ? entries.rule(e) : -1;
  }

  /** The number of line entries of entry {@code e}. */
  int lineCount(int e) {
    int r = rule(e);
    if (r >= 0) {
      return TableLines.ruleLineCount(table, r);
    }
    return entries.lineStart()[e + 1] - entries.lineStart()[e];
  }

  /** Line entry {@code i} of entry {@code e} (in file and line order). */
  int line(int e, int i) {
    int r = rule(e);
    return r >= 0 ? TableLines.ruleLine(table, r, i) : entries.lines()[entries.lineStart()[e] + i];
  }

  List<Qualifier> qualifiers(int e) {
    return entries == null || entries.qualifiers() == null ? List.of() : entries.qualifiers().get(e);
  }

  /** Entry e's composite usage's members for the usage (an entry with {@link #COMPOSITE}). */
  Members members(int e) {
    return entries.members()[entries.composite()[e]];
  }

  /**
   * The qualifier signature of a list: a bit per qualifier type of the vocabulary, and {@link
   * #UNKNOWN} for a type outside it; 0 for no qualifier.
   */
  static int signature(List<Qualifier> qualifiers) {
    int sig = 0;
    for (Qualifier q : qualifiers) {
      sig |= q.type().map(t -> 1 << t.ordinal()).orElse(UNKNOWN);
    }
    return sig;
  }

  /** The types a query honours as a mask of {@link #signature} bits; -1 when it honours every one. */
  static int honourMask(Query q) {
    if (q.honourable().isEmpty()) {
      return -1;
    }
    int mask = 0;
    for (QualifierType t : q.honourable().get()) {
      mask |= 1 << t.ordinal();
    }
    return mask;
  }

  /** True when a crawler honouring {@code mask} ({@link #honourMask}) honours qualifiers of signature {@code sig} (2.5.5.2.3). */
  static boolean honoured(int sig, int mask) {
    return mask == -1 || sig == 0 || ((sig & UNKNOWN) == 0 && (sig & ~mask & SIGNATURE) == 0);
  }

  // ---- building -----------------------------------------------------------------------------

  /**
   * The bucket of a conventional table: its rules, or those outside ACAP records unless {@code
   * legacy}; all its rules are the table itself, with its index.
   */
  static Bucket conventional(RuleTable t, boolean legacy) {
    int n = t.ruleCount();
    int inside = 0;
    for (int r = 0; r < n && !legacy; r++) {
      inside += (t.ruleFlags(r) & RuleTable.INSIDE_ACAP) != 0 ? 1 : 0;
    }
    if (inside == 0) {
      BucketBuilder.identityIndex(t);
      return t;
    }
    int[] patterns = new int[n - inside];
    // The subset's starts and infos, for its index (none for a subset matched one by one).
    int[] data = PatternIndex.indexes(patterns.length) ? new int[2 * patterns.length] : null;
    int count = 0;
    for (int r = 0; r < n; r++) {
      if ((t.ruleFlags(r) & RuleTable.INSIDE_ACAP) == 0) {
        if (data != null) {
          data[2 * count] = t.patternStart(r);
          data[2 * count + 1] = t.patternInfo(r);
        }
        patterns[count++] = r;
      }
    }
    return new Bucket(t, data == null ? null : PatternIndex.of(t.text, data, 0, count), patterns, count, null);
  }

  /**
   * Gives {@code to}, as the index over its own patterns in order, {@code from}'s (made now if not
   * yet) when that index folds case and serves {@code to}'s patterns ({@link PatternIndex#serves}):
   * a crawler's conventional rules and the ACAP fields that restate them (the ACAP specification's
   * worked example) are the same patterns in one text, matched case-sensitively (RFC 9309) and up
   * to ASCII case (ACAP 2.8), and the ACAP table's index finds the candidates of both, each matched
   * with its own table's flags (docs/performance.md, "One index for both case matchings"). Nothing
   * when {@code to} has its index already, when either is absent, or when the patterns differ.
   *
   * @param from an ACAP table whose text {@code to} shares
   * @param to a table of the same crawler, usually its conventional one
   */
  static void shareIndex(RuleTable from, RuleTable to) {
    if (from == null || to == null || from == to || from.text != to.text || from.patternCount() != to.patternCount()
        || !PatternIndex.indexes(to.patternCount()) || (from.patternInfo(0) & PatternIndex.FOLD) == 0 || to.index != null) {
      return;
    }
    PatternIndex i = BucketBuilder.identityIndex(from);
    if (i.serves(to.text, to.data, to.patternsAt, to.patternCount())) {
      synchronized (to) {
        if (to.index == null) {
          to.index = i;
        }
      }
    }
  }

  /** True when a rule for {@code ruleUsage} speaks to a query for {@code queryUsage} (2.5, 2.5.6). */
  static boolean applies(String ruleUsage, String queryUsage, boolean presentVariant) {
    return ruleUsage.equals(queryUsage) || ruleUsage.equals("other") || (presentVariant && ruleUsage.equals("present"));
  }

  /** A bucket with nothing in it: what an ACAP table holds for a usage none of its rules speaks to. */
  static final Bucket NONE = new Bucket(null, null, null, 0, null);

  /** The bucket of an ACAP table for {@code usage} ({@link #NONE} when no rule applies to it). */
  static Bucket acap(RuleTable t, String usage) {
    return acap(t, usage, null).forUsage(usage);
  }

  /** Per rule of the table, its entry in the bucket for {@code usage}, or -1 when it does not apply (for explanations). */
  static int[] ruleEntries(RuleTable t, String usage) {
    int[] ruleEntry = new int[t.ruleCount()];
    acap(t, usage, ruleEntry);
    return ruleEntry;
  }

  /** The bucket, or only {@code ruleEntry} filled when it is not null. */
  private static Bucket acap(RuleTable t, String usage, int[] ruleEntry) {
    Definitions d = t.definitions;
    boolean present = usage.startsWith("present-") && org.acapengine.model.Usage.parse(usage).isPresentVariant();
    Members[] members = d.compositeCount() == 0 ? null : new Members[d.compositeCount()];
    for (int c = 0; members != null && c < members.length; c++) {
      members[c] = members(d, c, usage, present);
    }
    Map<List<Integer>, Integer> byKey = new HashMap<>();
    List<int[]> keys = new ArrayList<>();
    List<List<Integer>> rulesOf = new ArrayList<>();
    if (ruleEntry != null) {
      Arrays.fill(ruleEntry, -1);
    }
    for (int r = 0; r < t.ruleCount(); r++) {
      int flags = t.ruleFlags(r);
      int info;
      int composite = -1;
      int kind = flags & RuleTable.USAGE_KIND;
      if (kind == RuleTable.COMPOSITE) {
        composite = t.usage(r);
        if (members[composite] == null) {
          continue;
        }
        info = ALLOW | COMPOSITE;
      } else {
        String u = d.usageName(kind == RuleTable.QUALIFIED ? d.qualifiedUsage(t.usage(r)) : t.usage(r));
        if (!applies(u, usage, present)) {
          continue;
        }
        List<Qualifier> qs = kind == RuleTable.QUALIFIED ? d.qualifiers(d.qualifiedQualifiers(t.usage(r)))
            : t.ruleQualifiers(r) < 0 ? List.of() : d.qualifiers(t.ruleQualifiers(r));
        info = (flags & RuleTable.ALLOW) | (u.equals("other") ? OTHER : 0) | signature(qs);
      }
      List<Integer> key = List.of(info, flags & RuleTable.TO_SET, t.target(r), t.rulePurposes(r), composite);
      Integer e = byKey.get(key);
      if (e == null) {
        e = keys.size();
        byKey.put(key, e);
        keys.add(new int[] {info, flags & RuleTable.TO_SET, t.target(r), t.rulePurposes(r), composite});
        rulesOf.add(new ArrayList<>());
      }
      rulesOf.get(e).add(r);
      if (ruleEntry != null) {
        ruleEntry[r] = e;
      }
    }
    return ruleEntry != null ? null : keys.isEmpty() ? NONE : BucketBuilder.build(t, keys, rulesOf, members);
  }

  /** The members of composite {@code c} that apply to {@code usage}, by class; null when none does. */
  private static Members members(Definitions d, int c, String usage, boolean present) {
    List<Integer> classes = new ArrayList<>();
    List<List<Qualifier>> qualifiers = new ArrayList<>();
    List<Set<List<String>>> seen = new ArrayList<>();
    for (int i = d.compositeStart(c); i < d.compositeStart(c + 1); i++) {
      String u = d.usageName(d.compositeMember(i, 0));
      if (!applies(u, usage, present)) {
        continue;
      }
      List<Qualifier> qs = d.compositeMember(i, 1) < 0 ? List.of() : d.qualifiers(d.compositeMember(i, 1));
      int cls = (u.equals("other") ? OTHER : 0) | signature(qs);
      int k = classes.indexOf(cls);
      if (k < 0) {
        k = classes.size();
        classes.add(cls);
        qualifiers.add(new ArrayList<>());
        seen.add(new HashSet<>());
      }
      union(qualifiers.get(k), seen.get(k), qs);
    }
    if (classes.isEmpty()) {
      return null;
    }
    int[] cls = new int[classes.size()];
    List<List<Qualifier>> qs = new ArrayList<>(cls.length);
    for (int k = 0; k < cls.length; k++) {
      cls[k] = classes.get(k);
      qs.add(List.copyOf(qualifiers.get(k)));
    }
    return new Members(cls, List.copyOf(qs));
  }

  /** Adds to {@code out} each qualifier of {@code qs} not yet in it (the same type with the same value). */
  static void union(List<Qualifier> out, Set<List<String>> seen, List<Qualifier> qs) {
    for (Qualifier q : qs) {
      // Not List.contains: a Qualifier also records where it stands.
      if (seen.add(List.of(q.key(), q.value()))) {
        out.add(q);
      }
    }
  }

  static Bucket of(RuleTable table, PatternIndex index, int[] patterns, int count, Entries entries) {
    return new Bucket(table, index, patterns, count, entries);
  }

  @Override
  public String toString() {
    return (table.isAcap() ? "ACAP" : "conventional") + " bucket of " + entryCount() + " entries over " + patternCount + " patterns";
  }
}
