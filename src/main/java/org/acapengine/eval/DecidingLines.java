package org.acapengine.eval;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import org.acapengine.model.SourceLine;

/**
 * The deciding lines of a decision, read from the rule tables when asked: a decision records the
 * entries that decided, not their lines, so that one entry standing for 14 530 lines (rules that
 * differ only in their qualifiers, or 4 000 copies of one line) decides in the time one does. The
 * lines are the entries' lines, sorted by file and line, each once. Immutable.
 *
 * <p>Most decisions have one deciding entry: {@code One} holds it in two fields (with the {@link
 * Decision}, all a decision allocates); several entries are kept in arrays and their lines merged
 * when first asked for.
 *
 * <p>The other policy sources report their ties the same way ({@link #of(Part...)}): a part is a
 * set of lines precomputed when the source was read (the rules of one pattern that decide for a
 * purpose), read when asked. Output shows the first few and the count ({@code deciding lines: N
 * more (M in all)}); {@code SourceVerdict} and {@code SiteDecision} keep such a list as it is.
 */
public abstract sealed class DecidingLines extends AbstractList<SourceLine> implements RandomAccess {

  /**
   * Lines of a decision that a source holds: read when asked, so that a decision that keeps them
   * costs what it costs for one line. Implementations are immutable (or compute once, safely
   * across threads) and list their lines sorted by file and line, each once.
   */
  public interface Part {
    /**
     * How many lines.
     *
     * @return the count, at least 1
     */
    int lineCount();

    /**
     * A line.
     *
     * @param k 0 to {@link #lineCount} - 1
     * @return the line
     */
    SourceLine line(int k);
  }

  private DecidingLines() {}

  /**
   * The lines of a source's parts: one part's as it lists them; several parts' merged, sorted by
   * file and line, each once, when first asked for.
   *
   * @param parts the parts, none null
   * @return the lines, immutable
   */
  public static List<SourceLine> of(Part... parts) {
    for (Part p : parts) {
      Objects.requireNonNull(p, "part");
    }
    return parts.length == 0 ? List.of() : new Parts(parts.clone());
  }

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
      Objects.checkIndex(index, size());
      return bucket.table.line(bucket.line(entry, index));
    }

    @Override
    public int size() {
      return bucket.lineCount(entry);
    }
  }

  /** Lines gathered from several places, merged (sorted by file and line, each once) when first asked for. */
  private abstract static sealed class Merged extends DecidingLines permits Several, Parts {
    /** The merged lines; null until first asked for. */
    private volatile SourceLine[] merged;

    /** Adds every line, in any order and with repeats, to {@code all}. */
    abstract void addAll(List<SourceLine> all);

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
        addAll(all);
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

  /** Several entries' lines. */
  private static final class Several extends Merged {
    private final Bucket[] buckets;
    private final int[] entries;

    Several(Bucket[] buckets, int[] entries) {
      this.buckets = buckets;
      this.entries = entries;
    }

    @Override
    void addAll(List<SourceLine> all) {
      for (int i = 0; i < entries.length; i++) {
        for (int k = 0, n = buckets[i].lineCount(entries[i]); k < n; k++) {
          all.add(buckets[i].table.line(buckets[i].line(entries[i], k)));
        }
      }
    }
  }

  /** A source's parts: one part read as it lists its lines, several merged. */
  private static final class Parts extends Merged {
    private final Part[] parts;

    Parts(Part[] parts) {
      this.parts = parts;
    }

    @Override
    public SourceLine get(int index) {
      if (parts.length == 1) {
        Objects.checkIndex(index, parts[0].lineCount());
        return parts[0].line(index);
      }
      return super.get(index);
    }

    @Override
    public int size() {
      return parts.length == 1 ? parts[0].lineCount() : super.size();
    }

    @Override
    void addAll(List<SourceLine> all) {
      for (Part p : parts) {
        for (int k = 0, n = p.lineCount(); k < n; k++) {
          all.add(p.line(k));
        }
      }
    }
  }
}
