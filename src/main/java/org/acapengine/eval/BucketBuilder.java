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
 */
final class BucketBuilder {

  private BucketBuilder() {}

  /**
   * @param keys per entry: flags, {@link RuleTable#TO_SET}, target, purposes, composite
   * @param rulesOf per entry: its rules, in table order
   */
  static Bucket build(RuleTable t, List<int[]> keys, List<List<Integer>> rulesOf, Bucket.Members[] members, int[] ruleEntry) {
    int entries = keys.size();
    int[] info = new int[entries];
    int[] purposes = null;
    int[] composite = null;
    int[] lineStart = new int[entries + 1];
    List<List<Qualifier>> qualifiers = null;
    int lineTotal = 0;
    for (int e = 0; e < entries; e++) {
      for (int r : rulesOf.get(e)) {
        lineTotal += t.endLine(r) - t.firstLine(r);
      }
    }
    int[] lines = new int[lineTotal];
    long[] order = new long[0];
    int[] sourceRank = sourceRanks(t.sources);
    int at = 0;
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
      lineStart[e] = at;
      List<Integer> rules = rulesOf.get(e);
      int n = 0;
      for (int r : rules) {
        n += t.endLine(r) - t.firstLine(r);
      }
      if (order.length < n) {
        order = new long[Math.max(n, order.length * 2)];
      }
      int m = 0;
      for (int r : rules) {
        for (int l = t.firstLine(r), end = t.endLine(r); l < end; l++) {
          int source = t.lineSource == null ? 0 : sourceRank[t.lineSource[l]];
          order[m++] = ((long) source << 52) | ((long) t.lineNumber(l) << 24) | l;
        }
      }
      Arrays.sort(order, 0, m);
      for (int i = 0; i < m; i++) {
        // A line once, though two loads of one referenced file each brought it.
        if (i == 0 || (order[i] >>> 24) != (order[i - 1] >>> 24)) {
          lines[at++] = (int) (order[i] & 0xFFFFFF);
        }
      }
      if ((k[0] & Bucket.COMPOSITE) == 0 && (k[0] & Bucket.SIGNATURE) != 0) {
        // Each qualifier once: the same type with the same value (docs/semantics.md, 5).
        List<Qualifier> union = new ArrayList<>();
        Set<List<String>> seen = new HashSet<>();
        for (int r : rules) {
          Bucket.union(union, seen, qualifierList(t, r));
        }
        if (qualifiers == null) {
          qualifiers = new ArrayList<>(java.util.Collections.nCopies(entries, List.<Qualifier>of()));
        }
        qualifiers.set(e, List.copyOf(union));
      }
    }
    lineStart[entries] = at;
    lines = at == lines.length ? lines : Arrays.copyOf(lines, at);

    // The bucket's patterns, in table order: those targeted directly, and those of targeted sets.
    int[] bucketOf = new int[t.patternCount];
    Arrays.fill(bucketOf, -1);
    int[] setOf = new int[Math.max(0, t.setStart.length - 1)];
    Arrays.fill(setOf, -1);
    int sets = 0;
    for (int[] k : keys) {
      if (k[1] != 0) {
        if (setOf[k[2]] < 0) {
          setOf[k[2]] = sets++;
          for (int i = t.setStart[k[2]]; i < t.setStart[k[2] + 1]; i++) {
            bucketOf[t.setPatterns[i]] = 0;
          }
        }
      } else {
        bucketOf[k[2]] = 0;
      }
    }
    int count = 0;
    for (int p = 0; p < bucketOf.length; p++) {
      if (bucketOf[p] >= 0) {
        bucketOf[p] = count++;
      }
    }
    int[] patterns = new int[count];
    int[] starts = new int[count];
    int[] infos = new int[count];
    for (int p = 0; p < bucketOf.length; p++) {
      if (bucketOf[p] >= 0) {
        patterns[bucketOf[p]] = p;
        starts[bucketOf[p]] = t.patternStart[p];
        infos[bucketOf[p]] = t.patternInfo[p];
      }
    }
    // Pattern → its own entries; set → its entries; pattern → its sets (compressed rows).
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
    int[] setsOfStart = null;
    int[] setsOf = null;
    if (sets > 0) {
      setsOfStart = new int[count + 1];
      for (int s = 0; s < setOf.length; s++) {
        if (setOf[s] >= 0) {
          for (int i = t.setStart[s]; i < t.setStart[s + 1]; i++) {
            setsOfStart[bucketOf[t.setPatterns[i]] + 1]++;
          }
        }
      }
      prefixSums(setsOfStart);
      setsOf = new int[setsOfStart[count]];
      int[] setsAt = Arrays.copyOf(setsOfStart, count);
      for (int s = 0; s < setOf.length; s++) {
        if (setOf[s] >= 0) {
          for (int i = t.setStart[s]; i < t.setStart[s + 1]; i++) {
            setsOf[setsAt[bucketOf[t.setPatterns[i]]]++] = setOf[s];
          }
        }
      }
    }
    PatternIndex index = PatternIndex.of(t.text, starts, infos, count);
    return Bucket.of(t, index, patterns, count, entries, info, purposes, composite, lineStart, lines,
        qualifiers == null ? null : List.copyOf(qualifiers), directStart, direct, setsOfStart, setsOf, setEntryStart, setEntries, sets, members, ruleEntry);
  }

  /** The qualifiers rule {@code r} grants with: its own (a plain usage), or its qualified usage's. */
  private static List<Qualifier> qualifierList(RuleTable t, int r) {
    RuleTable.Definitions d = t.definitions;
    int set = (t.ruleFlags(r) & RuleTable.USAGE_KIND) == RuleTable.QUALIFIED ? d.qualifiedQualifiers()[t.usage(r)] : t.qualifiers(r);
    return d.qualifierSets().get(set);
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

  /** Each source's place in the order of their names, so that lines sort by file, then line. */
  private static int[] sourceRanks(String[] sources) {
    Integer[] order = new Integer[sources.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> sources[a].compareTo(sources[b]));
    int[] rank = new int[sources.length];
    for (int i = 0; i < order.length; i++) {
      rank[order[i]] = i;
    }
    return rank;
  }
}
