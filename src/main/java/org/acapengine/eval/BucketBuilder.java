package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.acapengine.eval.match.PatternIndex;
import org.acapengine.model.Qualifier;

/**
 * Lays out an ACAP {@link Bucket} from its entries: their flags, lines (sorted by file and line)
 * and qualifier unions; the bucket's patterns (those the entries target, directly or through a
 * resource set, each once) and their index; from each pattern to its entries and its sets, and
 * from each set to its entries. Linear in the entries, their lines and the sets' patterns.
 *
 * <p>What is the same numbers is not held: where each entry is one rule of a one-file table, its
 * lines are that rule's (no line arrays); where the entries are the table's patterns in order (each
 * rule its own pattern, every rule applying: an ACAP table of crawl fields asked about crawl), the
 * index is over the table's own patterns and a pattern's entry is its number (no mapping arrays).
 */
final class BucketBuilder {

  private BucketBuilder() {}

  /**
   * @param keys per entry: flags, {@link RuleTable#TO_SET}, target, purposes, composite
   * @param rulesOf per entry: its rules, in table order
   */
  static Bucket build(RuleTable t, List<int[]> keys, List<List<Integer>> rulesOf, Bucket.Members[] members) {
    int entries = keys.size();
    int[] info = new int[entries];
    int[] purposes = null;
    int[] composite = null;
    List<List<Qualifier>> qualifiers = null;
    boolean single = TableLines.lineSource(t) == null;
    boolean identity = entries == t.patternCount();
    for (int e = 0; e < entries; e++) {
      int[] k = keys.get(e);
      info[e] = k[0];
      if (k[3] >= 0) {
        purposes = purposes != null ? purposes : filled(entries);
        purposes[e] = k[3];
      }
      if (k[4] >= 0) {
        composite = composite != null ? composite : filled(entries);
        composite[e] = k[4];
      }
      single &= rulesOf.get(e).size() == 1;
      identity &= k[1] == 0 && k[2] == e;
      if ((k[0] & Bucket.COMPOSITE) == 0 && (k[0] & Bucket.SIGNATURE) != 0) {
        // Each qualifier once: the same type with the same value (docs/semantics.md, 5).
        List<Qualifier> union = new ArrayList<>();
        Set<List<String>> seen = new HashSet<>();
        for (int r : rulesOf.get(e)) {
          Bucket.union(union, seen, qualifierList(t, r));
        }
        if (qualifiers == null) {
          qualifiers = new ArrayList<>(java.util.Collections.nCopies(entries, List.<Qualifier>of()));
        }
        qualifiers.set(e, List.copyOf(union));
      }
    }
    int[] lineStart = null;
    int[] lines = null;
    int[] rules = null;
    int[] ruleOf = null;
    if (single) {
      ruleOf = new int[entries];
      boolean ruleIsEntry = true;
      for (int e = 0; e < entries; e++) {
        ruleOf[e] = rulesOf.get(e).get(0);
        ruleIsEntry &= ruleOf[e] == e;
      }
      rules = ruleIsEntry ? null : ruleOf;
    } else {
      lineStart = new int[entries + 1];
      lines = TableLines.entryLines(t, rulesOf, lineStart);
    }
    List<List<Qualifier>> unions = qualifiers == null ? null : List.copyOf(qualifiers);
    if (identity) {
      PatternIndex index = identityIndex(t);
      if (purposes == null && composite == null && unions == null && lineStart == null && rules == null && plainVerdicts(t, info)) {
        // Entry e is rule e, its verdict all it has: the table says it, and is the bucket itself.
        return t;
      }
      return Bucket.of(t, index, null, entries, new Bucket.Entries(SharedInts.of(info), SharedInts.of(purposes), SharedInts.of(composite),
          SharedInts.of(lineStart), SharedInts.of(lines), SharedInts.of(rules), unions, null, null, null, null, null, null, anyMembers(members),
          null));
    }
    boolean subset = ruleOf != null && purposes == null && composite == null && unions == null;
    for (int e = 0; e < entries && subset; e++) {
      int[] k = keys.get(e);
      subset = k[1] == 0 && k[2] == ruleOf[e] && info[e] == (t.allows(ruleOf[e]) ? Bucket.ALLOW : 0);
    }
    if (subset) {
      // Entry e is the rule of its pattern, its verdict all it has, as in a conventional table
      // read in part: the bucket is its patterns, with no entry arrays (Bucket#info reads the table).
      int[] targets = ruleOf;
      Shape shape = shape(t, new Targets(targets, 0), () -> shape(t, new int[0], 0, targeted(t, targets)));
      return Bucket.of(t, shape.index(), shape.patterns(), entries, null);
    }
    return mapped(t, keys, info, purposes, composite, lineStart, lines, rules, unions, members);
  }

  /** {@code members}, or null when no composite usage has a member for the usage (no entry reads them then). */
  private static Bucket.Members[] anyMembers(Bucket.Members[] members) {
    return members == null || Arrays.stream(members).allMatch(java.util.Objects::isNull) ? null : members;
  }

  private static boolean[] targeted(RuleTable t, int[] patterns) {
    boolean[] targeted = new boolean[t.patternCount()];
    for (int p : patterns) {
      targeted[p] = true;
    }
    return targeted;
  }

  /**
   * What a bucket indexes, which depends only on the patterns and resource sets its entries
   * target: the bucket's patterns (table patterns, ascending), their starts and infos, their
   * index, and from each pattern to its sets (numbered in ascending order). Buckets of different
   * usages with the same targets share one (a composite usage of many members over a resource set
   * of many patterns is one index, whatever the usage asked about: docs/semantics.md, 3).
   *
   * @param patterns bucket pattern to table pattern; null for the table's own patterns in order
   * @param data the patterns' starts and infos in pairs, for the index; null with {@code patterns}, or without an index
   * @param index the patterns' index; null for patterns too few to index
   * @param setsOfStart bucket pattern p is in the sets {@code setsOf[setsOfStart[p], setsOfStart[p + 1])}; null without sets
   * @param setsOf the sets of each pattern
   * @param noDirect with sets, the row starts of a bucket whose entries all target sets (every
   *     pattern's row of own entries empty): {@code patterns.length + 1} zeros, shared; else null
   */
  record Shape(int[] patterns, int[] data, PatternIndex index, int[] setsOfStart, int[] setsOf, int[] noDirect) {}

  /** A bucket's targets as a key: the resource sets, then the patterns targeted directly, each ascending. */
  static final class Targets {
    final int[] ids;
    final int sets;
    private final int hash;

    Targets(int[] ids, int sets) {
      this.ids = ids;
      this.sets = sets;
      this.hash = 31 * Arrays.hashCode(ids) + sets;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Targets k && hash == k.hash && sets == k.sets && Arrays.equals(ids, k.ids);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /**
   * The index over the table's own patterns in order, made on first use and held as the table's
   * own ({@link Bucket#index}: the table as a bucket of its patterns), which every bucket whose
   * entries are the table's patterns shares (an ACAP table of crawl fields asked about crawl); null
   * for patterns too few to index. Written under the table's lock before the table is published as
   * a bucket; a reader that finds it without the lock reads an index of final fields.
   */
  static PatternIndex identityIndex(RuleTable t) {
    if (!PatternIndex.indexes(t.patternCount())) {
      return null; // matched one by one (Bucket#search)
    }
    PatternIndex i = t.index;
    if (i == null) {
      synchronized (t) {
        i = t.index;
        if (i == null) {
          i = PatternIndex.of(t.text, t.data, t.patternsAt, t.patternCount());
          t.index = i;
        }
      }
    }
    return i;
  }

  /** The first shape a table made, with its targets ({@link RuleTable#shapes}). */
  private record Kept(Targets targets, Shape shape) {}

  /** At most this many shapes with an index are kept per table; beyond, a bucket makes its own. */
  private static final int KEPT_SHAPES = 256;

  /**
   * Table {@code t}'s shape for {@code targets}: the one kept, else {@code make}'s (kept, when it
   * has an index, for up to {@value #KEPT_SHAPES} targets).
   */
  @SuppressWarnings("unchecked")
  static Shape shape(RuleTable t, Targets targets, java.util.function.Supplier<Shape> make) {
    Object held = t.shapes;
    if (held instanceof Kept k && k.targets().equals(targets)) {
      return k.shape();
    }
    if (held instanceof java.util.concurrent.ConcurrentHashMap<?, ?> m) {
      Shape s = (Shape) m.get(targets);
      if (s != null) {
        return s;
      }
    }
    Shape s = make.get();
    if (s.index() == null) {
      // No index to share: another usage's bucket over these targets makes its few small arrays
      // again, cheaper than keeping them by their targets (a table asked about one usage, as most
      // are, would keep 112 bytes more for nothing).
      return s;
    }
    synchronized (t) {
      held = t.shapes;
      if (held == null) {
        t.shapes = new Kept(targets, s);
        return s;
      }
      if (held instanceof Kept k) {
        if (k.targets().equals(targets)) {
          return k.shape();
        }
        java.util.concurrent.ConcurrentHashMap<Targets, Shape> m = new java.util.concurrent.ConcurrentHashMap<>(4);
        m.put(k.targets(), k.shape());
        t.shapes = m;
        held = m;
      }
      java.util.concurrent.ConcurrentHashMap<Targets, Shape> kept = (java.util.concurrent.ConcurrentHashMap<Targets, Shape>) held;
      if (kept.size() >= KEPT_SHAPES) {
        return s;
      }
      Shape prior = kept.putIfAbsent(targets, s);
      return prior != null ? prior : s;
    }
  }

  /** The targets of the shapes table {@code t} keeps (for {@link Footprint}). */
  static java.util.Set<Targets> shapeTargets(RuleTable t) {
    Object held = t.shapes;
    if (held instanceof Kept k) {
      return java.util.Set.of(k.targets());
    }
    return held == null ? java.util.Set.of() : ((java.util.concurrent.ConcurrentHashMap<?, ?>) held).keySet().stream()
        .map(Targets.class::cast).collect(java.util.stream.Collectors.toSet());
  }

  /** True when table {@code t} holds its shapes in a map (more than one made), for {@link Footprint}. */
  static boolean shapesInMap(RuleTable t) {
    return t.shapes instanceof java.util.concurrent.ConcurrentHashMap<?, ?>;
  }

  /** A bucket whose patterns are not the table's in order: the patterns targeted, and from them to the entries. */
  private static Bucket mapped(RuleTable t, List<int[]> keys, int[] info, int[] purposes, int[] composite, int[] lineStart, int[] lines, int[] rules,
      List<List<Qualifier>> unions, Bucket.Members[] members) {
    int entries = keys.size();
    // The targets: sets numbered in ascending order, so that the shape depends on them alone.
    int[] setOf = new int[t.definitions.setCount()];
    Arrays.fill(setOf, -1);
    boolean[] targeted = new boolean[t.patternCount()];
    for (int[] k : keys) {
      if (k[1] != 0) {
        setOf[k[2]] = 0;
      } else {
        targeted[k[2]] = true;
      }
    }
    int sets = 0;
    for (int s = 0; s < setOf.length; s++) {
      if (setOf[s] >= 0) {
        setOf[s] = sets++;
      }
    }
    int directCount = 0;
    for (boolean b : targeted) {
      directCount += b ? 1 : 0;
    }
    int[] ids = new int[sets + directCount];
    int at = 0;
    for (int s = 0; s < setOf.length; s++) {
      if (setOf[s] >= 0) {
        ids[at++] = s;
      }
    }
    for (int p = 0; p < targeted.length; p++) {
      if (targeted[p]) {
        ids[at++] = p;
      }
    }
    final int setTotal = sets;
    Shape shape = shape(t, new Targets(ids, sets), () -> shape(t, setOf, setTotal, targeted));
    int count = shape.patterns().length;
    int[] bucketOf = new int[t.patternCount()];
    Arrays.fill(bucketOf, -1);
    for (int i = 0; i < count; i++) {
      bucketOf[shape.patterns()[i]] = i;
    }
    // Pattern → its own entries; set → its entries (compressed rows).
    int[] directStart = new int[count + 1];
    int[] setEntryStart = new int[sets + 1];
    for (int[] k : keys) {
      if (k[1] != 0) {
        setEntryStart[setOf[k[2]] + 1]++;
      } else {
        directStart[bucketOf[k[2]] + 1]++;
      }
    }
    prefixSums(directStart);
    prefixSums(setEntryStart);
    if (directCount == 0 && shape.noDirect() != null) {
      directStart = shape.noDirect(); // every entry targets a set: share the empty rows
    }
    int[] direct = new int[directStart[count]];
    int[] setEntries = new int[setEntryStart[sets]];
    int[] directAt = Arrays.copyOf(directStart, count);
    int[] setAt = Arrays.copyOf(setEntryStart, sets);
    for (int e = 0; e < entries; e++) {
      int[] k = keys.get(e);
      if (k[1] != 0) {
        setEntries[setAt[setOf[k[2]]]++] = e;
      } else {
        direct[directAt[bucketOf[k[2]]]++] = e;
      }
    }
    return Bucket.of(t, shape.index(), shape.patterns(), count, new Bucket.Entries(SharedInts.of(info), SharedInts.of(purposes),
        SharedInts.of(composite), SharedInts.of(lineStart), SharedInts.of(lines), SharedInts.of(rules), unions, SharedInts.of(directStart),
        SharedInts.of(direct), shape.setsOfStart(), shape.setsOf(), SharedInts.of(setEntryStart), SharedInts.of(setEntries), anyMembers(members),
        shape.data()));
  }

  /** The shape of a bucket targeting the sets numbered in {@code setOf} and the patterns {@code targeted}. */
  private static Shape shape(RuleTable t, int[] setOf, int sets, boolean[] targeted) {
    Definitions d = t.definitions;
    int[] bucketOf = new int[t.patternCount()];
    Arrays.fill(bucketOf, -1);
    for (int p = 0; p < targeted.length; p++) {
      if (targeted[p]) {
        bucketOf[p] = 0;
      }
    }
    for (int s = 0; s < setOf.length; s++) {
      if (setOf[s] >= 0) {
        for (int i = d.setStart(s); i < d.setStart(s + 1); i++) {
          bucketOf[d.setPattern(i)] = 0;
        }
      }
    }
    int count = 0;
    for (int p = 0; p < bucketOf.length; p++) {
      if (bucketOf[p] >= 0) {
        bucketOf[p] = count++;
      }
    }
    int[] patterns = new int[count];
    int[] data = PatternIndex.indexes(count) ? new int[2 * count] : null; // none for patterns matched one by one
    for (int p = 0; p < bucketOf.length; p++) {
      if (bucketOf[p] >= 0) {
        patterns[bucketOf[p]] = p;
        if (data != null) {
          data[2 * bucketOf[p]] = t.patternStart(p);
          data[2 * bucketOf[p] + 1] = t.patternInfo(p);
        }
      }
    }
    int[] setsOfStart = null;
    int[] setsOf = null;
    if (sets > 0) {
      setsOfStart = new int[count + 1];
      for (int s = 0; s < setOf.length; s++) {
        if (setOf[s] >= 0) {
          for (int i = d.setStart(s); i < d.setStart(s + 1); i++) {
            setsOfStart[bucketOf[d.setPattern(i)] + 1]++;
          }
        }
      }
      prefixSums(setsOfStart);
      setsOf = new int[setsOfStart[count]];
      int[] setsAt = Arrays.copyOf(setsOfStart, count);
      for (int s = 0; s < setOf.length; s++) {
        if (setOf[s] >= 0) {
          for (int i = d.setStart(s); i < d.setStart(s + 1); i++) {
            setsOf[setsAt[bucketOf[d.setPattern(i)]]++] = setOf[s];
          }
        }
      }
    }
    return new Shape(SharedInts.of(patterns), data, data == null ? null : PatternIndex.of(t.text, data, 0, count), SharedInts.of(setsOfStart),
        SharedInts.of(setsOf), sets > 0 ? SharedInts.of(new int[count + 1]) : null);
  }

  /** The qualifiers rule {@code r} grants with: its own (a plain usage), or its qualified usage's. */
  private static List<Qualifier> qualifierList(RuleTable t, int r) {
    Definitions d = t.definitions;
    int set = (t.ruleFlags(r) & RuleTable.USAGE_KIND) == RuleTable.QUALIFIED ? d.qualifiedQualifiers(t.usage(r)) : t.ruleQualifiers(r);
    return d.qualifiers(set);
  }

  /** True when each entry's flags are its rule's verdict alone (no {@code other}, no qualifier): what {@link Bucket#info} reads from the table. */
  private static boolean plainVerdicts(RuleTable t, int[] info) {
    for (int e = 0; e < info.length; e++) {
      if (info[e] != (t.allows(e) ? Bucket.ALLOW : 0)) {
        return false;
      }
    }
    return true;
  }

  private static int[] filled(int n) {
    int[] a = new int[n];
    Arrays.fill(a, -1);
    return a;
  }

  private static void prefixSums(int[] a) {
    for (int i = 1; i < a.length; i++) {
      a[i] += a[i - 1];
    }
  }

}
