package org.acapengine.eval;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
import org.acapengine.model.SourceLine;

/**
 * The deciding lines of a decision, read from the rule tables when asked: a decision records the
 * entries that decided, not their lines, so that one entry standing for 14 530 lines (rules that
 * differ only in their qualifiers, or 4 000 copies of one line) decides in the time one does. The
 * lines are the entries' lines, sorted by file and line, each once. Immutable.
 */
final class DecidingLines extends AbstractList<SourceLine> implements RandomAccess {

  /** One entry's: its bucket and number (no arrays, the common case); else null and -1. */
  private final Bucket bucket;
  private final int entry;
  /** Several entries': their buckets and numbers; else null. */
  private final Bucket[] buckets;
  private final int[] entries;
  /** The lines of several entries, merged when first asked for; null until then (or for one entry). */
  private volatile SourceLine[] merged;

  private DecidingLines(Bucket[] buckets, int[] entries) {
    this.bucket = null;
    this.entry = -1;
    this.buckets = buckets;
    this.entries = entries;
  }

  private DecidingLines(Bucket bucket, int entry) {
    this.bucket = bucket;
    this.entry = entry;
    this.buckets = null;
    this.entries = null;
  }

  /** The lines of the first {@code n} entries of {@code s}. */
  static List<SourceLine> of(MatchScratch s, int n) {
    if (n == 1) {
      return new DecidingLines(s.buckets[s.entries[0] >>> MatchScratch.SHIFT], s.entries[0] & MatchScratch.LOW);
    }
    Bucket[] buckets = new Bucket[n];
    int[] entries = new int[n];
    for (int i = 0; i < n; i++) {
      buckets[i] = s.buckets[s.entries[i] >>> MatchScratch.SHIFT];
      entries[i] = s.entries[i] & MatchScratch.LOW;
    }
    return new DecidingLines(buckets, entries);
  }

  @Override
  public SourceLine get(int index) {
    if (bucket != null) {
      java.util.Objects.checkIndex(index, size());
      return bucket.table.line(bucket.line(entry, index));
    }
    return merged()[index];
  }

  @Override
  public int size() {
    return bucket != null ? bucket.lineCount(entry) : merged().length;
  }

  private SourceLine[] merged() {
    SourceLine[] m = merged;
    if (m == null) {
      List<SourceLine> all = new ArrayList<>();
      for (int i = 0; i < entries.length; i++) {
        for (int k = 0, n = buckets[i].lineCount(entries[i]); k < n; k++) {
          all.add(buckets[i].table.line(buckets[i].line(entries[i], k)));
        }
      }
      all.sort(CrawlerView.BY_LINE);
      List<SourceLine> distinct = new ArrayList<>(all.size());
      for (SourceLine l : all) {
        if (distinct.isEmpty() || !distinct.get(distinct.size() - 1).equals(l)) {
          distinct.add(l);
        }
      }
      m = distinct.toArray(new SourceLine[0]);
      merged = m;
    }
    return m;
  }
}
