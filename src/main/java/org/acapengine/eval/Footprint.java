package org.acapengine.eval;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.eval.match.Heap;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.model.AcapField;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * The heap a {@link CrawlerPolicy} holds, summed from its tables' arrays and strings as they are
 * (not from per-rule averages), each object counted once: what a cache that keeps crawler
 * policies bounds by. Objects the evaluator shares between all policies (the empty tables'
 * arrays, enum constants) are not counted. Qualifiers, which hold parsed values, count {@value
 * #QUALIFIER} bytes each with their strings; they are rare. Tests hold the sum to JOL's
 * measurement of every corpus file (docs/performance.md).
 */
final class Footprint {

  /**
   * A qualifier a bucket's entry holds: its record, its parsed value's optional and its span, made
   * again from its table's {@link Definitions} (whose parsed value it shares, counted there),
   * without its strings.
   */
  static final long QUALIFIER = 80;
  /** A qualifier's parsed value, as {@link Definitions} keeps it (without the record, optional and span it is made again with). */
  static final long QUALIFIER_VALUE = 24;
  /** An action request: the record, its span and path string (counted apart). */
  static final long ACTION_REQUEST = 56;

  private final Map<Object, Boolean> seen = new IdentityHashMap<>();
  private long bytes;
  /** Of {@link #bytes}, what the buckets' indexes hold ({@link org.acapengine.eval.match.PatternIndex#heapBytes}). */
  private long indexBytes;

  private Footprint() {}

  /** The bytes {@code p} holds: itself (its view's fields and its names), its names and its tables. */
  static long of(CrawlerPolicy p) {
    return walk(p).bytes;
  }

  /**
   * Of the bytes {@code p} holds ({@link #of(CrawlerPolicy)}), those its tables' indexes hold,
   * the patterns' text they read aside: how much of a crawler's rules is index
   * (docs/performance.md; {@code RetainedMemoryReport}).
   */
  static long indexOf(CrawlerPolicy p) {
    return walk(p).indexBytes;
  }

  private static Footprint walk(CrawlerPolicy p) {
    Footprint f = new Footprint();
    // the policy is its own view: the three tables, the extras, the names
    f.bytes += Heap.object(5, 0, 0);
    f.list(p.crawlerNames());
    for (String n : p.crawlerNames()) {
      f.string(n);
    }
    f.view(p);
    return f;
  }

  /** The bytes one table holds: its arrays, text, definitions and the buckets built so far. */
  static long of(RuleTable t) {
    Footprint f = new Footprint();
    f.first(t);
    f.table(t);
    return f.bytes;
  }

  private boolean first(Object o) {
    return o != null && seen.put(o, Boolean.TRUE) == null;
  }

  private void string(String s) {
    if (s != null && s != RuleTable.NO_TEXT && !SharedNames.isShared(s) && first(s)) {
      bytes += Heap.string(s);
    }
  }

  private void list(List<?> l) {
    if (l.isEmpty() || !first(l)) {
      return; // the empty list is shared
    }
    bytes += l.size() <= 2 ? Heap.object(2, 0, 0) : Heap.object(1, 0, 0) + Heap.references(l.size());
  }

  private void ints(int[] a) {
    if (a != null && !SharedInts.isShared(a) && first(a)) { // the empty and tiny arrays buckets share are not counted
      bytes += Heap.array(a);
    }
  }

  /** What a view holds besides its own fields (a policy's, counted with it). */
  private void view(CrawlerView v) {
    bytes += v.hasExtras() ? Heap.object(6, 0, 1) : 0;
    line(v.namedFailure());
    line(v.anyFailure());
    string(v.namedFailureReason());
    string(v.anyFailureReason());
    list(v.actionRequests());
    for (AcapField.ActionRequest a : v.actionRequests()) {
      if (first(a)) {
        bytes += ACTION_REQUEST;
        string(a.path());
      }
    }
    for (RuleTable t : new RuleTable[] {v.named, v.any, v.conventional}) {
      if (t != null && first(t)) {
        table(t);
      }
    }
  }

  private void line(SourceLine l) {
    if (l != null && first(l)) {
      bytes += Heap.object(2, 1, 0);
      string(l.source());
      string(l.text());
    }
  }

  private void table(RuleTable t) {
    // its fields as a bucket (its table, index, patterns, entries; its number of patterns), then its own
    bytes += Heap.object(4 + 9, 1 + 3, 0);
    string(t.text);
    string(t.lineText);
    if (!t.namesItsFileByKey()) { // a key is its holder's, counted there
      String[] sources = TableLines.sourceNames(t);
      if (first(sources)) { // two tables of one crawler may share them
        bytes += Heap.references(sources.length);
      }
      for (String s : sources) {
        string(s);
      }
    }
    if (TableLines.lineSource(t) != null) { // the files of a table of several: their record and each line's file
      bytes += Heap.object(2, 0, 0) + Heap.array(TableLines.lineSource(t));
    }
    ints(t.data);
    ints(t.ranks); // once for the tables that share it
    ints(t.forms);
    if (!RuleTableBuilder.isShared(t.definitions)) {
      definitions(t.definitions);
    }
    int kept = bucketArrayLength(t);
    if (kept >= 0) {
      bytes += Heap.references(kept);
    }
    java.util.Set<BucketBuilder.Targets> shapes = BucketBuilder.shapeTargets(t);
    if (!shapes.isEmpty()) {
      // the first shape alone (its holder), or the map (its table and a node per shape); each key;
      // the shapes are counted with their buckets
      bytes += !BucketBuilder.shapesInMap(t) ? Heap.object(2, 0, 0) + Heap.object(1, 2, 0)
          : Heap.object(2, 4, 0) + Heap.references(Integer.highestOneBit(Math.max(1, shapes.size() * 4 / 3)) * 2)
              + shapes.size() * (Heap.object(3, 1, 0) + Heap.object(1, 2, 0));
      for (BucketBuilder.Targets k : shapes) {
        ints(k.ids);
      }
    }
    index(t.index); // the table's own, as the bucket of its patterns in order (its buckets may share it)
    for (Bucket b : builtBuckets(t)) {
      if (b != Bucket.NONE && first(b)) { // the table as its own bucket was counted above
        bucket(b);
      }
    }
  }

  private void index(org.acapengine.eval.match.PatternIndex index) {
    if (first(index)) {
      long bytes = index.heapBytes();
      this.bytes += bytes;
      indexBytes += bytes;
    }
  }

  private void definitions(Definitions d) {
    // its text, ints, qualifiers' parts and purposes; per qualifier, its parsed value (if any) and
    // type name (unless the vocabulary's)
    bytes += Heap.object(4, 0, 0);
    string(d.text());
    ints(d.ints());
    Object[] parts = d.qualifierParts();
    if (parts != null) {
      bytes += Heap.references(parts.length);
      for (int k = 0; k < parts.length; k += 2) {
        string((String) parts[k]);
        if (parts[k + 1] != null && first(parts[k + 1])) {
          bytes += QUALIFIER_VALUE;
        }
      }
    }
    list(d.purposes());
    for (PathPattern[] ps : d.purposes()) {
      bytes += Heap.references(ps.length);
      for (PathPattern p : ps) {
        bytes += Heap.object(2, 2, 1);
        string(p.pattern());
      }
    }
  }

  private void qualifiers(List<Qualifier> qs) {
    list(qs);
    for (Qualifier q : qs) {
      if (first(q)) {
        bytes += QUALIFIER;
        string(q.typeName());
        string(q.value());
      }
    }
  }

  private void bucket(Bucket b) {
    if (b instanceof Bucket.ForUsage f) {
      bytes += Heap.object(5, 1, 0);
      string(f.usage); // a usage of the vocabulary is shared
    } else {
      bytes += Heap.object(4, 1, 0);
    }
    boolean newIndex = b.index != null && !seen.containsKey(b.index);
    index(b.index);
    ints(b.patterns);
    Bucket.Entries e = b.entries;
    if (e == null) {
      if (b.patterns != null && newIndex) {
        bytes += Heap.align(16L + 8L * b.patternCount); // the subset's starts and infos, for its index (once, with it)
      }
      return;
    }
    bytes += Heap.object(15, 0, 0);
    for (int[] a : new int[][] {e.info(), e.purposes(), e.composite(), e.lineStart(), e.lines(), e.rules(), e.directStart(), e.direct(),
        e.setsOfStart(), e.setsOf(), e.setEntryStart(), e.setEntries(), e.data()}) {
      ints(a);
    }
    if (e.qualifiers() != null) {
      list(e.qualifiers());
      for (List<Qualifier> qs : e.qualifiers()) {
        qualifiers(qs);
      }
    }
    if (e.members() != null) {
      bytes += Heap.references(e.members().length);
      for (Bucket.Members m : e.members()) {
        if (m != null) {
          bytes += Heap.object(2, 0, 0) + Heap.array(m.classes());
          list(m.qualifiers());
          for (List<Qualifier> qs : m.qualifiers()) {
            qualifiers(qs);
          }
        }
      }
    }
  }

  /** The buckets table {@code t} has built so far. */
  private static List<Bucket> builtBuckets(RuleTable t) {
    List<Bucket> out = new java.util.ArrayList<>();
    Object all = t.buckets;
    if (all instanceof String) {
      out.add(t); // an ACAP table that is its bucket for one usage
    } else if (all instanceof Bucket b) {
      out.add(b);
    } else if (all instanceof Bucket[] both) {
      for (Bucket b : both) {
        if (b != null) {
          out.add(b);
        }
      }
    } else if (all instanceof Object[] pairs) {
      for (int i = 1; i < pairs.length; i += 2) {
        out.add((Bucket) pairs[i]);
      }
    }
    return out;
  }

  /** The length of the array that holds table {@code t}'s buckets, when it has one; -1 when not. */
  private static int bucketArrayLength(RuleTable t) {
    Object all = t.buckets;
    return all instanceof Object[] a ? a.length : -1;
  }
}
