package org.acapengine.eval;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * The decision procedure, shared by every decision ({@link DecisionTrace#NONE}) and by {@link
 * CompiledPolicy#explain} (an {@link ExplainTrace}), so both always agree. It reports to the trace
 * as data and never builds a sentence.
 *
 * <ol>
 *   <li>Named beats any (2.2): if a field of the records naming the crawler applies and matches,
 *       only those compete; otherwise the any-crawler records' fields do.
 *   <li>If no ACAP field matches, the conventional rules decide as RFC 9309 says (longest match,
 *       Allow on a tie); with none either, the usage is allowed by default.
 *   <li>If ACAP fields match, matching conventional rules (for usages they apply to) join them,
 *       except one whose pattern equals a matching ACAP field's (2.9.2); narrowest scope (2.4.5)
 *       decides.
 * </ol>
 *
 * <p>Ranking is done on patterns ({@link MatchScratch} items), each once however many rules share
 * it; only the best patterns' entries are then read, each once: the cost is the matching patterns
 * and the deciding entries, not their product.
 */
final class Resolution {

  private Resolution() {}

  /**
   * Decides from the patterns {@code s} collected.
   *
   * @param honour the qualifier types the crawler honours ({@link Bucket#honourMask})
   */
  static Decision resolve(CrawlerView v, int honour, MatchScratch s, DecisionTrace t) {
    if (v.namedFailure() != null) {
      t.concluded(Explanation.Conclusion.NAMED_REFERENCE_UNLOADED);
      t.setAside(v.namedFailure());
      return new Decision(false, Basis.UNRESOLVED_REFERENCE, List.of(v.namedFailure()), List.of());
    }
    int acap;
    if (s.count[MatchScratch.NAMED] > 0) {
      acap = MatchScratch.NAMED;
      t.outrankedByNamed();
    } else {
      if (v.anyFailure() != null) {
        t.concluded(Explanation.Conclusion.ANY_REFERENCE_UNLOADED);
        t.setAside(v.anyFailure());
        return new Decision(false, Basis.UNRESOLVED_REFERENCE, List.of(v.anyFailure()), List.of());
      }
      acap = MatchScratch.ANY;
    }
    int nAcap = s.count[acap];
    int nConventional = s.count[MatchScratch.CONVENTIONAL];
    if (nAcap == 0) {
      if (nConventional > 0) {
        return resolveConventional(s, honour, t);
      }
      t.concluded(Explanation.Conclusion.NOTHING_MATCHES);
      return Decision.DEFAULT_ALLOW;
    }
    // ACAP fields match: conventional rules join the narrowest-scope comparison (2.9.2).
    s.itemRoom(nAcap + nConventional);
    int[] items = s.items;
    int n = 0;
    Bucket ab = s.buckets[acap];
    if (nConventional == 0) {
      for (int i = 0; i < nAcap; i++) {
        items[n++] = (acap << MatchScratch.SHIFT) | s.matched[acap][i];
      }
    } else {
      n = markRanks(acap, nAcap, s);
    }
    // 2.9.2 by rank, not by comparing every pair: equal ranks are equal patterns (up to case).
    Bucket cb = s.buckets[MatchScratch.CONVENTIONAL];
    int stamp = s.rankStamp;
    for (int i = 0; i < nConventional; i++) {
      int p = s.matched[MatchScratch.CONVENTIONAL][i];
      int item = (MatchScratch.CONVENTIONAL << MatchScratch.SHIFT) | p;
      int rank = cb.table.rank(cb.tablePattern(p));
      if (s.rankMark[rank] != stamp) {
        items[n++] = item;
      } else {
        t.item(item, Explanation.Outcome.IGNORED_SAME_PATTERN, Explanation.Why.SAME_PATTERN_AS_ACAP_FIELD, s.rankItem[rank]);
      }
    }
    t.competing(items, n, Precedence.NARROWEST_SCOPE);
    int nc = Narrowest.candidates(items, n, s, t);
    return decideAmong(Precedence.NARROWEST_SCOPE, nc, honour, s, t);
  }

  /** Writes the ACAP part's items, marking each scope rank with its first item under a new stamp; returns how many. */
  private static int markRanks(int acap, int nAcap, MatchScratch s) {
    Bucket ab = s.buckets[acap];
    int[] items = s.items;
    int stamp = s.rankStamp(TableText.rankCount(ab.table));
    for (int i = 0; i < nAcap; i++) {
      int p = s.matched[acap][i];
      int rank = ab.table.rank(ab.tablePattern(p));
      items[i] = (acap << MatchScratch.SHIFT) | p;
      if (s.rankMark[rank] != stamp) {
        s.rankMark[rank] = stamp;
        s.rankItem[rank] = items[i];
      }
    }
    return nAcap;
  }

  static Decision resolveConventional(MatchScratch s, int honour, DecisionTrace t) {
    int n = s.count[MatchScratch.CONVENTIONAL];
    if (n == 0) {
      t.concluded(Explanation.Conclusion.NO_CONVENTIONAL_RULE_MATCHES);
      return Decision.DEFAULT_ALLOW;
    }
    s.itemRoom(n);
    int[] items = s.items;
    Bucket b = s.buckets[MatchScratch.CONVENTIONAL];
    int best = -1;
    int bestItem = 0;
    for (int i = 0; i < n; i++) {
      int p = s.matched[MatchScratch.CONVENTIONAL][i];
      items[i] = (MatchScratch.CONVENTIONAL << MatchScratch.SHIFT) | p;
      int length = b.table.rfcLength(b.tablePattern(p));
      if (length > best) {
        best = length;
        bestItem = items[i];
      }
    }
    t.competing(items, n, Precedence.LONGEST_MATCH);
    // RFC 9309 2.2.2: the candidates are the longest matching rules; one pass.
    int nc = 0;
    for (int i = 0; i < n; i++) {
      if (b.table.rfcLength(b.tablePattern(items[i] & MatchScratch.LOW)) == best) {
        s.candidates[nc++] = items[i];
      } else {
        t.item(items[i], Explanation.Outcome.OUTRANKED, Explanation.Why.NARROWER_SCOPE, bestItem);
      }
    }
    return decideAmong(Precedence.LONGEST_MATCH, nc, honour, s, t);
  }

  /** The verdict among the entries of the {@code nc} candidate items. */
  private static Decision decideAmong(Precedence precedence, int nc, int honour, MatchScratch s, DecisionTrace t) {
    int ne = 0;
    for (int i = 0; i < nc; i++) {
      ne = s.addEntries(s.candidates[i], ne);
    }
    int kinds = 0;
    for (int i = 0; i < ne; i++) {
      s.masks[i] = kinds(s, s.entries[i], honour);
      kinds |= s.masks[i];
    }
    boolean allAllow = (kinds & ~Precedence.ALLOWS) == 0;
    boolean noneAllows = (kinds & Precedence.ALLOWS) == 0;
    if (allAllow || noneAllows) {
      for (int i = 0; i < ne; i++) {
        t.entry(s.entries[i], Explanation.Outcome.DECIDED,
            noneAllows && (info(s, s.entries[i]) & Bucket.ALLOW) != 0 ? Explanation.Why.UNHONOURABLE_QUALIFIER : Explanation.Why.DECIDES);
      }
      return verdict(allAllow, ne, s, t, precedence, false, honour);
    }
    int winners = precedence.winners(kinds);
    if (winners == 0) {
      for (int i = 0; i < ne; i++) {
        t.entry(s.entries[i], Explanation.Outcome.LOST_CONFLICT, Explanation.Why.UNRANKABLE);
      }
      t.concluded(Explanation.Conclusion.UNRESOLVED_CONFLICT);
      return new Decision(false, Basis.UNRESOLVED_CONFLICT, DecidingLines.of(s, ne), List.of());
    }
    Explanation.Why lost = precedence == Precedence.NARROWEST_SCOPE ? Explanation.Why.DISALLOW_OTHER_YIELDS : Explanation.Why.ALLOW_WINS_TIE;
    int nw = 0;
    for (int i = 0; i < ne; i++) {
      if ((s.masks[i] & winners) != 0) {
        t.entry(s.entries[i], Explanation.Outcome.DECIDED, Explanation.Why.DECIDES);
        s.entries[nw] = s.entries[i];
        s.masks[nw++] = s.masks[i];
      } else {
        t.entry(s.entries[i], Explanation.Outcome.LOST_CONFLICT, lost);
      }
    }
    return verdict(true, nw, s, t, precedence, true, honour);
  }

  /**
   * Sorts the first {@code n} entries of the scratch by their first line (file, then line), in
   * place: an insertion sort, as the deciding entries are few (ties among the narrowest patterns),
   * and allocation-free.
   */
  private static void byFirstLine(MatchScratch s, int n) {
    int[] e = s.entries;
    for (int i = 1; i < n; i++) {
      int x = e[i];
      int j = i - 1;
      while (j >= 0 && firstLineOrder(s, e[j], x) > 0) {
        e[j + 1] = e[j];
        j--;
      }
      e[j + 1] = x;
    }
  }

  /** How candidate entries {@code a} and {@code b} order by their first line: by file name, then line number. */
  private static int firstLineOrder(MatchScratch s, int a, int b) {
    Bucket ba = s.buckets[a >>> MatchScratch.SHIFT];
    Bucket bb = s.buckets[b >>> MatchScratch.SHIFT];
    int la = ba.line(a & MatchScratch.LOW, 0);
    int lb = bb.line(b & MatchScratch.LOW, 0);
    int bySource = ba.table.lineSourceName(la).compareTo(bb.table.lineSourceName(lb));
    return bySource != 0 ? bySource : Integer.compare(ba.table.lineNumber(la), bb.table.lineNumber(lb));
  }

  /** The kinds of candidate entry {@code entry} stands for, for a crawler honouring {@code honour}. */
  private static int kinds(MatchScratch s, int entry, int honour) {
    Bucket b = s.buckets[entry >>> MatchScratch.SHIFT];
    int e = entry & MatchScratch.LOW;
    int info = b.info(e);
    if ((info & Bucket.COMPOSITE) != 0) {
      int kinds = 0;
      for (int cls : b.members(e).classes()) {
        kinds |= kind(Bucket.honoured(cls & Bucket.SIGNATURE, honour), (cls & Bucket.OTHER) != 0);
      }
      return kinds;
    }
    boolean allows = (info & Bucket.ALLOW) != 0 && Bucket.honoured(info & Bucket.SIGNATURE, honour);
    return kind(allows, (info & Bucket.OTHER) != 0);
  }

  private static int kind(boolean allows, boolean other) {
    return allows ? (other ? Precedence.ALLOWS_OTHER : Precedence.ALLOWS_USAGE) : (other ? Precedence.PROHIBITS_OTHER : Precedence.PROHIBITS_USAGE);
  }

  private static int info(MatchScratch s, int entry) {
    return s.buckets[entry >>> MatchScratch.SHIFT].info(entry & MatchScratch.LOW);
  }

  /** The decision of the first {@code n} entries of the scratch (all allowing, or all prohibiting). */
  private static Decision verdict(boolean allowed, int n, MatchScratch s, DecisionTrace t, Precedence precedence, boolean tie, int honour) {
    boolean anyAcap = false;
    for (int i = 0; i < n; i++) {
      anyAcap |= (s.entries[i] >>> MatchScratch.SHIFT) != MatchScratch.CONVENTIONAL;
    }
    Basis basis = anyAcap ? Basis.ACAP_FIELD : Basis.CONVENTIONAL_RULE;
    if (n > 1 && allowed) {
      byFirstLine(s, n); // qualifiers are merged in file order
    }
    t.decided(allowed, basis, n, precedence, tie);
    return new Decision(allowed, basis, DecidingLines.of(s, n), allowed ? qualifiers(s, n, honour) : List.of());
  }

  /**
   * The qualifiers of the first {@code n} entries (allowing), each type with each value once (docs/semantics.md, 5):
   * an entry's union (of its rules, of a composite usage's members) is made when its bucket is, so
   * a decision merges only across its deciding entries.
   */
  private static List<Qualifier> qualifiers(MatchScratch s, int n, int honour) {
    List<Qualifier> only = List.of();
    List<Qualifier> merged = null;
    Set<List<String>> seen = null;
    for (int i = 0; i < n; i++) {
      Bucket b = s.buckets[s.entries[i] >>> MatchScratch.SHIFT];
      int e = s.entries[i] & MatchScratch.LOW;
      if ((b.info(e) & Bucket.COMPOSITE) == 0) {
        List<Qualifier> qs = b.qualifiers(e);
        if (!qs.isEmpty()) {
          if (only.isEmpty() && merged == null) {
            only = qs;
          } else {
            if (merged == null) {
              merged = new ArrayList<>();
              seen = new HashSet<>();
              Bucket.union(merged, seen, only);
            }
            Bucket.union(merged, seen, qs);
          }
        }
        continue;
      }
      Bucket.Members m = b.members(e);
      for (int k = 0; k < m.classes().length; k++) {
        List<Qualifier> qs = m.qualifiers().get(k);
        if (qs.isEmpty() || !Bucket.honoured(m.classes()[k] & Bucket.SIGNATURE, honour)) {
          continue;
        }
        if (only.isEmpty() && merged == null) {
          only = qs;
        } else {
          if (merged == null) {
            merged = new ArrayList<>();
            seen = new HashSet<>();
            Bucket.union(merged, seen, only);
          }
          Bucket.union(merged, seen, qs);
        }
      }
    }
    return merged != null ? merged : only;
  }
}
