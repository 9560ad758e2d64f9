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
 *
 * <p>Most decisions have one deciding entry: {@link One} holds it in two fields (with the {@link
 * Decision}, all a decision allocates); several entries are kept in arrays and their lines merged
 * when first asked for.
 */
abstract sealed class DecidingLines extends AbstractList<SourceLine> implements RandomAccess {

  /** The lines of the first {@code n} entries of {@code s}. */
  static List<SourceLine> of(MatchScratch s, int n) {
    if (n == 1) {
      return new One(s.buckets[s.entries[0] >>> MatchScratch.SHIFT], s.entries[0] & MatchScratch.LOW);
    }
    Bucket[] buckets = new Bucket[n];
    int[] entries = new int[n];
    for (int i = 0; i < n; i++) {
      buckets[i] = s.buckets[s.entries[i] >>> MatchScratch.SHIFT];
      entries[i] = s.entries[i] & MatchScratch.LOW;
    }
    return new Several(buckets, entries);
  }

  /** One entry's lines: its bucket and number. */
  private static final class One extends DecidingLines {
    private final Bucket bucket;
    private final int entry;

    One(Bucket bucket, int entry) {
      this.bucket = bucket;
      this.entry = entry;
    }

    @Override
    public SourceLine get(int index) {
      java.util.Objects.checkIndex(index, size());
      return bucket.table.line(bucket.line(entry, index));
    }

    @Override
    public int size() {
      return bucket.lineCount(entry);
    }
  }

  /** Several entries' lines, merged when first asked for. */
  private static final class Several extends DecidingLines {
    private final Bucket[] buckets;
    private final int[] entries;
    /** The merged lines; null until first asked for. */
    private volatile SourceLine[] merged;

    Several(Bucket[] buckets, int[] entries) {
      this.buckets = buckets;
      this.entries = entries;
    }

    @Override
    public SourceLine get(int index) {
      return merged()[index];
    }

    @Override
    public int size() {
      return merged().length;
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
}
