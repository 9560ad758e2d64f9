package org.acapengine.eval;

import java.util.Arrays;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.eval.match.PathSearch;
import org.acapengine.eval.match.PatternIndex;

/**
 * Per-thread buffers of one decision, so that a decision allocates nothing per rule: {@link
 * #collect} asks each part of the crawler's rules ({@link #NAMED}, {@link #ANY}, {@link
 * #CONVENTIONAL}) for the patterns that match the path, then keeps those with an entry that
 * applies (a sub-record's purposes admitting the query's); {@link Resolution} ranks them and
 * decides among their entries. An item is a part and one of its bucket's patterns, {@code part <<
 * 29 | pattern}; an entry of a part is written the same way.
 */
final class MatchScratch implements PatternIndex.Visitor {

  private static final ThreadLocal<MatchScratch> LOCAL = ThreadLocal.withInitial(MatchScratch::new);

  static final int NAMED = 0;
  static final int ANY = 1;
  static final int CONVENTIONAL = 2;
  static final int SHIFT = 29;
  static final int LOW = (1 << SHIFT) - 1;

  final Bucket[] buckets = new Bucket[3];
  /** Per part, the bucket patterns that match (then, for ACAP parts, only those with an admitted entry). */
  final int[][] matched = {new int[16], new int[16], new int[16]};
  final int[] count = new int[3];
  private int part;
  private String purpose;

  /** Per part: per purpose list, == stamp when decided in this decision, and whether it admits the purpose. */
  private final int[][] purposeStamp = {new int[8], new int[8]};
  private final boolean[][] purposeAdmits = {new boolean[8], new boolean[8]};
  /** Per part: per bucket set, == stamp when decided, and whether one of its entries is admitted. */
  private final int[][] setStamp = {new int[8], new int[8]};
  private final boolean[][] setAdmits = {new boolean[8], new boolean[8]};
  /** Per part: per entry, == stamp when already among the candidates. */
  final int[][] entryStamp = {new int[16], new int[16], new int[16]};
  private int stamp;

  /** For {@link Resolution}: items, their candidates' entries, sort keys, marks by scope rank. */
  int[] items = new int[32];
  /** Per item, while {@link Narrowest} ranks: its table's text, its normalised pattern's start and length there. */
  String[] itemText = new String[32];
  int[] itemStart = new int[32];
  int[] itemLength = new int[32];
  int[] candidates = new int[32];
  int[] entries = new int[32];
  int[] masks = new int[32];
  long[] order = new long[32];
  int[] stack = new int[96];
  boolean[] won = new boolean[32];
  int[] rankMark = new int[64];
  int[] rankItem = new int[64];
  int rankStamp;

  /** The decision's searches of its path (tests may replace it). */
  PathSearch search = PathSearch.forThread();

  static MatchScratch get() {
    return LOCAL.get();
  }

  /**
   * Collects the matching patterns of {@code buckets} (each may be null) for {@code path}, and
   * keeps, in the ACAP parts, those with an entry whose purposes admit {@code purpose} (normalised;
   * null when the query states none).
   */
  void collect(Bucket named, Bucket any, Bucket conventional, String path, String purpose) {
    buckets[NAMED] = named;
    buckets[ANY] = any;
    buckets[CONVENTIONAL] = conventional;
    this.purpose = purpose;
    if (++stamp == Integer.MAX_VALUE) {
      for (int k = 0; k < 3; k++) {
        Arrays.fill(entryStamp[k], 0);
        if (k < 2) {
          Arrays.fill(purposeStamp[k], 0);
          Arrays.fill(setStamp[k], 0);
        }
      }
      stamp = 1;
    }
    PathSearch s = search.reset(path);
    try {
      for (int k = 0; k < 3; k++) {
        count[k] = 0;
        Bucket b = buckets[k];
        if (b != null && b.patternCount > 0) {
          part = k;
          b.search(s, this);
        }
      }
    } finally {
      s.finish();
    }
    for (int k = 0; k < 2; k++) {
      if (count[k] > 0) {
        keepAdmitted(k);
      }
    }
  }

  @Override
  public void matched(int pattern) {
    int[] m = matched[part];
    if (count[part] == m.length) {
      m = matched[part] = Arrays.copyOf(m, m.length * 2);
    }
    m[count[part]++] = pattern;
  }

  /** Keeps, in part {@code k}, the patterns with an entry the query's purpose admits. */
  private void keepAdmitted(int k) {
    Bucket b = buckets[k];
    if (b.entries == null || b.entries.purposes() == null) {
      return; // no entry belongs to a sub-record
    }
    int[] m = matched[k];
    int kept = 0;
    for (int i = 0; i < count[k]; i++) {
      if (active(k, m[i])) {
        m[kept++] = m[i];
      }
    }
    count[k] = kept;
  }

  /** True when bucket pattern {@code p} of part {@code k} has an admitted entry, its own or a set's. */
  private boolean active(int k, int p) {
    Bucket b = buckets[k];
    if (b.entries.directStart() == null) {
      return admitted(k, p); // the pattern's entry is its number
    }
    for (int i = b.entries.directStart()[p]; i < b.entries.directStart()[p + 1]; i++) {
      if (admitted(k, b.entries.direct()[i])) {
        return true;
      }
    }
    if (b.entries.setsOfStart() != null) {
      for (int i = b.entries.setsOfStart()[p]; i < b.entries.setsOfStart()[p + 1]; i++) {
        if (setAdmitted(k, b.entries.setsOf()[i])) {
          return true;
        }
      }
    }
    return false;
  }

  private boolean setAdmitted(int k, int s) {
    if (setStamp[k].length <= s) {
      setStamp[k] = Arrays.copyOf(setStamp[k], Math.max(s + 1, setStamp[k].length * 2));
      setAdmits[k] = Arrays.copyOf(setAdmits[k], setStamp[k].length);
    }
    if (setStamp[k][s] != stamp) {
      Bucket b = buckets[k];
      boolean any = false;
      for (int i = b.entries.setEntryStart()[s]; i < b.entries.setEntryStart()[s + 1] && !any; i++) {
        any = admitted(k, b.entries.setEntries()[i]);
      }
      setStamp[k][s] = stamp;
      setAdmits[k][s] = any;
    }
    return setAdmits[k][s];
  }

  /** True when entry {@code e} of part {@code k} applies for the query's purpose (2.3.3): a general field, or a sub-record admitting it. */
  boolean admitted(int k, int e) {
    if (k == CONVENTIONAL) {
      return true;
    }
    int list = buckets[k].purposes(e);
    if (list < 0) {
      return true;
    }
    if (purposeStamp[k].length <= list) {
      purposeStamp[k] = Arrays.copyOf(purposeStamp[k], Math.max(list + 1, purposeStamp[k].length * 2));
      purposeAdmits[k] = Arrays.copyOf(purposeAdmits[k], purposeStamp[k].length);
    }
    if (purposeStamp[k][list] != stamp) {
      purposeStamp[k][list] = stamp;
      purposeAdmits[k][list] = admits(buckets[k].table.definitions.purposes().get(list), purpose);
    }
    return purposeAdmits[k][list];
  }

  /** True when one of a sub-record's purpose patterns (whole-string) matches {@code purpose}. */
  static boolean admits(PathPattern[] purposes, String purpose) {
    if (purpose == null) {
      return false;
    }
    for (PathPattern p : purposes) {
      if (p.matches(purpose)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Adds to the candidates the admitted entries item {@code item} stands for (its pattern's own
   * and its sets'), each once; returns the new number of candidates.
   */
  int addEntries(int item, int n) {
    int k = item >>> SHIFT;
    int p = item & LOW;
    Bucket b = buckets[k];
    if (b.entries == null || b.entries.directStart() == null) {
      return add(k, p, n); // the pattern's entry is its number (a conventional rule's, or an ACAP table's read whole)
    }
    for (int i = b.entries.directStart()[p]; i < b.entries.directStart()[p + 1]; i++) {
      n = add(k, b.entries.direct()[i], n);
    }
    if (b.entries.setsOfStart() != null) {
      for (int i = b.entries.setsOfStart()[p]; i < b.entries.setsOfStart()[p + 1]; i++) {
        int s = b.entries.setsOf()[i];
        for (int j = b.entries.setEntryStart()[s]; j < b.entries.setEntryStart()[s + 1]; j++) {
          n = add(k, b.entries.setEntries()[j], n);
        }
      }
    }
    return n;
  }

  private int add(int k, int e, int n) {
    if (entryStamp[k].length <= e) {
      entryStamp[k] = Arrays.copyOf(entryStamp[k], Math.max(e + 1, entryStamp[k].length * 2));
    }
    if (entryStamp[k][e] == stamp || !admitted(k, e)) {
      return n;
    }
    entryStamp[k][e] = stamp;
    if (n == entries.length) {
      entries = Arrays.copyOf(entries, n * 2);
      masks = Arrays.copyOf(masks, n * 2);
    }
    entries[n] = (k << SHIFT) | e;
    return n + 1;
  }

  /** Room for {@code n} items (and their sort keys). */
  void itemRoom(int n) {
    if (items.length < n) {
      int size = Math.max(n, items.length * 2);
      items = Arrays.copyOf(items, size);
      itemText = new String[size];
      itemStart = new int[size];
      itemLength = new int[size];
      candidates = new int[size];
      order = new long[size];
      won = new boolean[size];
      stack = new int[3 * size];
    }
  }

  /** Marks by scope rank for up to {@code ranks} ranks, under a new stamp. */
  int rankStamp(int ranks) {
    if (rankMark.length < ranks) {
      rankMark = new int[Math.max(ranks, rankMark.length * 2)];
      rankItem = new int[rankMark.length];
    }
    if (++rankStamp == Integer.MAX_VALUE) {
      Arrays.fill(rankMark, 0);
      rankStamp = 1;
    }
    return rankStamp;
  }
}
