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
 * <p>The other policy sources report their ties the same way ({@link #of(Part...)}): a part is a
 * set of lines precomputed when the source was read (the rules of one pattern that decide for a
 * purpose), read when asked. Output shows the first few and the count ({@code deciding lines: N
 * more (M in all)}); {@code SourceVerdict} and {@code SiteDecision} keep such a list as it is.
 */
public final class DecidingLines extends AbstractList<SourceLine> implements RandomAccess {

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

  /** One entry's: its bucket and number (no arrays, the common case); else null and -1. */
  private final Bucket bucket;
  private final int entry;
  /** Several entries': their buckets and numbers; else null. */
  private final Bucket[] buckets;
  private final int[] entries;
  /** A source's parts ({@link #of(Part...)}); else null. */
  private final Part[] parts;
  /** The lines of several entries, merged when first asked for; null until then (or for one entry). */
  private volatile SourceLine[] merged;

  private DecidingLines(Bucket[] buckets, int[] entries) {
    this.bucket = null;
    this.entry = -1;
    this.buckets = buckets;
    this.entries = entries;
    this.parts = null;
  }

  private DecidingLines(Bucket bucket, int entry) {
    this.bucket = bucket;
    this.entry = entry;
    this.buckets = null;
    this.entries = null;
    this.parts = null;
  }

  private DecidingLines(Part[] parts) {
    this.bucket = null;
    this.entry = -1;
    this.buckets = null;
    this.entries = null;
    this.parts = parts;
  }

  /**
   * The lines of a source's parts: one part's as it lists them; several parts' merged, sorted by
   * file and line, each once, when first asked for.
   *
   * @param parts the parts, none null
   * @return the lines, immutable
   */
  public static List<SourceLine> of(Part... parts) {
    for (Part p : parts) {
      java.util.Objects.requireNonNull(p, "part");
    }
    return parts.length == 0 ? List.of() : new DecidingLines(parts.clone());
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
    if (parts != null && parts.length == 1) {
      java.util.Objects.checkIndex(index, size());
      return parts[0].line(index);
    }
    return merged()[index];
  }

  @Override
  public int size() {
    return bucket != null ? bucket.lineCount(entry) : parts != null && parts.length == 1 ? parts[0].lineCount() : merged().length;
  }

  private SourceLine[] merged() {
    SourceLine[] m = merged;
    if (m == null) {
      List<SourceLine> all = new ArrayList<>();
      if (parts != null) {
        for (Part p : parts) {
          for (int k = 0, n = p.lineCount(); k < n; k++) {
            all.add(p.line(k));
          }
        }
      }
      for (int i = 0; entries != null && i < entries.length; i++) {
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
