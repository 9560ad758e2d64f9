package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.ResourceSpec;

/**
 * Every pattern of a file (and of the files its permissions references loaded) in {@link
 * ScopeOrder}, so that each {@link RuleTable} numbers its patterns' scope ranks alike: equal
 * patterns (up to ASCII case) have equal ranks, a narrower one (ACAP 2.4.5) never a greater rank
 * along a shared prefix. Made once per compiled policy of a file with ACAP records; the narrowest
 * scope comparison, and 2.9.2's "same pattern" test between an ACAP field and a conventional rule,
 * read ranks of different tables. O(p log p) comparisons for p patterns.
 */
final class ScopeRanks {

  /**
   * The distinct patterns' sort keys ({@link ScopeOrder#sortKey}), sorted and written one after
   * the other: key i is {@code keys[starts[i], starts[i + 1])}. One string and one array, not a
   * string per pattern: a policy keeps them as long as it is cached.
   */
  private final String keys;
  private final int[] starts;

  private ScopeRanks(String[] sorted) {
    StringBuilder all = new StringBuilder();
    this.starts = new int[sorted.length + 1];
    for (int i = 0; i < sorted.length; i++) {
      starts[i] = all.length();
      all.append(sorted[i]);
    }
    starts[sorted.length] = all.length();
    this.keys = all.toString();
  }

  /** The ranks of {@code doc}'s patterns and those of the loaded {@code references}; null when no file has an ACAP record. */
  static ScopeRanks of(PolicyDocument doc, Collection<ResolvedReference> references) {
    if (doc.acapRecords().isEmpty()) {
      return null;
    }
    // One array sorted once, then its repeats left out (a tree set re-balanced per pattern cost more).
    List<String> keys = new ArrayList<>();
    add(doc, keys);
    for (ResolvedReference r : references) {
      r.document().ifPresent(d -> add(d, keys));
    }
    String[] sorted = keys.toArray(new String[0]);
    Arrays.sort(sorted);
    int distinct = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (distinct == 0 || !sorted[i].equals(sorted[distinct - 1])) {
        sorted[distinct++] = sorted[i];
      }
    }
    return new ScopeRanks(Arrays.copyOf(sorted, distinct));
  }

  private static void add(PolicyDocument doc, List<String> keys) {
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (ConventionalRule r : g.rules()) {
        keys.add(key(r.pattern()));
      }
    }
    for (AcapDefinition d : doc.definitions()) {
      if (d instanceof AcapDefinition.ResourceSet s) {
        for (String p : s.patterns()) {
          keys.add(key(p));
        }
      }
    }
    for (AcapRecord r : doc.acapRecords()) {
      fields(r.fields(), keys);
      for (AcapSubRecord s : r.subRecords()) {
        fields(s.fields(), keys);
      }
    }
  }

  private static void fields(List<AcapField> fields, List<String> keys) {
    for (AcapField f : fields) {
      ResourceSpec spec = f instanceof AcapField.Permission p ? p.resource() : f instanceof AcapField.Prohibition p ? p.resource() : null;
      if (spec instanceof ResourceSpec.PathPattern p) {
        keys.add(key(p.pattern()));
      }
    }
  }

  private static String key(String written) {
    return ScopeOrder.sortKey(PercentEncoding.normalise(written));
  }

  /** The number of ranks. */
  int size() {
    return starts.length - 1;
  }

  /**
   * The rank of a normalised pattern of the file.
   *
   * @throws IllegalArgumentException for a pattern the file does not have
   */
  int rank(String normalised) {
    // A binary search that knows what the query shares with the keys just below and above the
    // range (every key between shares the less of the two), so that each comparison starts there:
    // keys sharing long prefixes (/section12/…) are not re-read from their first character.
    int lo = 0;
    int hi = size() - 1;
    int sharedLo = 0;
    int sharedHi = 0;
    int keyLength = normalised.length() + 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int from = starts[mid];
      int length = starts[mid + 1] - from;
      int n = Math.min(length, keyLength);
      int k = Math.min(sharedLo, sharedHi);
      int c = 0;
      for (; k < n && c == 0; k++) {
        c = keys.charAt(from + k) - ScopeOrder.sortChar(normalised, k);
      }
      if (c != 0) {
        k--; // the first character that differs is not shared
      } else {
        c = length - keyLength;
      }
      if (c < 0) {
        lo = mid + 1;
        sharedLo = k;
      } else if (c > 0) {
        hi = mid - 1;
        sharedHi = k;
      } else {
        return mid;
      }
    }
    throw new IllegalArgumentException("not a pattern of the file: " + normalised);
  }

  /**
   * The number of the file's ranks ({@link TableText#rankCount}), then each of {@code text}'s
   * patterns' ranks, as {@link RuleTable#ranks} holds them (a byte a pattern in most files); null
   * when the file is not ranked: {@code base}'s array when it is the same (an ACAP record restating
   * the conventional rules ranks its patterns as they do), so that the two tables hold one.
   */
  static int[] of(ScopeRanks ranks, TableText text, SharedTableText base) {
    if (ranks == null) {
      return null;
    }
    int n = text.patternCount();
    boolean bytes = ranks.size() <= 256;
    int[] rank = new int[1 + (bytes ? (n + 3) >>> 2 : n)];
    rank[0] = ranks.size() | (bytes ? Integer.MIN_VALUE : 0);
    for (int p = 0; p < n; p++) {
      int r = ranks.rank(text.normalised(p));
      if (bytes) {
        rank[1 + (p >>> 2)] |= r << ((p & 3) << 3);
      } else {
        rank[1 + p] = r;
      }
    }
    return base != null && Arrays.equals(rank, base.ranks) ? base.ranks : rank;
  }
}
