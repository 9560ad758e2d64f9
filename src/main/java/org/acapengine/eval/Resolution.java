package org.acapengine.eval;

import java.util.ArrayList;
import java.util.List;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * The decision procedure, shared by {@link CompiledPolicy#decide} ({@link DecisionTrace#NONE}) and
 * {@link CompiledPolicy#explain} (an {@link ExplainTrace}), so both always agree. It reports to
 * the trace as data and never builds a sentence.
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
 */
final class Resolution {

  private Resolution() {}

  static Decision resolve(CrawlerView v, Query q, MatchScratch s, DecisionTrace t) {
    if (v.namedFailure != null) {
      t.concluded(DecisionTrace.Conclusion.NAMED_REFERENCE_UNLOADED);
      t.setAside(s.named, s.nNamed, v.namedFailure);
      t.setAside(s.any, s.nAny, v.namedFailure);
      t.setAside(s.conventional, s.nConventional, v.namedFailure);
      return new Decision(false, Basis.UNRESOLVED_REFERENCE, List.of(v.namedFailure), List.of());
    }
    CompiledRule[] acap;
    int nAcap;
    if (s.nNamed > 0) {
      acap = s.named;
      nAcap = s.nNamed;
      for (int i = 0; i < s.nAny; i++) {
        t.outcome(s.any[i], Explanation.Outcome.OUTRANKED_BY_NAMED_RECORD, DecisionTrace.Why.NAMED_RECORDS_MATCH, null);
      }
    } else {
      if (v.anyFailure != null) {
        t.concluded(DecisionTrace.Conclusion.ANY_REFERENCE_UNLOADED);
        t.setAside(s.any, s.nAny, v.anyFailure);
        t.setAside(s.conventional, s.nConventional, v.anyFailure);
        return new Decision(false, Basis.UNRESOLVED_REFERENCE, List.of(v.anyFailure), List.of());
      }
      acap = s.any;
      nAcap = s.nAny;
    }

    if (nAcap == 0) {
      if (s.nConventional > 0) {
        return resolveConventional(s, q, t);
      }
      t.concluded(DecisionTrace.Conclusion.NOTHING_MATCHES);
      return Decision.DEFAULT_ALLOW;
    }

    // ACAP fields match: conventional rules join the narrowest-scope comparison (2.9.2).
    int n = 0;
    CompiledRule[] combined = ensure(s.combined, nAcap + s.nConventional);
    s.combined = combined;
    for (int i = 0; i < nAcap; i++) {
      combined[n++] = acap[i];
    }
    // 2.9.2 by rank, not by comparing every pair: equal ranks are equal patterns (up to case).
    if (s.rankMark.length < v.scopeRanks) {
      s.rankMark = new int[Math.max(v.scopeRanks, s.rankMark.length * 2)];
      s.rankRule = new CompiledRule[s.rankMark.length];
    }
    if (++s.rankStamp == Integer.MAX_VALUE) {
      java.util.Arrays.fill(s.rankMark, 0);
      s.rankStamp = 1;
    }
    final int stamp = s.rankStamp;
    for (int i = 0; i < nAcap; i++) {
      int rank = acap[i].scopeRank;
      if (s.rankMark[rank] != stamp) {
        s.rankMark[rank] = stamp;
        s.rankRule[rank] = acap[i];
      }
    }
    for (int i = 0; i < s.nConventional; i++) {
      CompiledRule c = s.conventional[i];
      if (s.rankMark[c.scopeRank] != stamp) {
        combined[n++] = c;
      } else {
        t.outcome(c, Explanation.Outcome.IGNORED_SAME_PATTERN, DecisionTrace.Why.SAME_PATTERN_AS_ACAP_FIELD, s.rankRule[c.scopeRank]);
      }
    }
    for (int i = 0; i < nAcap; i++) {
      s.rankRule[acap[i].scopeRank] = null;
    }
    return decideAmong(NarrowestScope.INSTANCE, combined, n, q, s, t);
  }

  static Decision resolveConventional(MatchScratch s, Query q, DecisionTrace t) {
    if (s.nConventional == 0) {
      t.concluded(DecisionTrace.Conclusion.NO_CONVENTIONAL_RULE_MATCHES);
      return Decision.DEFAULT_ALLOW;
    }
    return decideAmong(LongestMatch.INSTANCE, s.conventional, s.nConventional, q, s, t);
  }

  /** Picks the candidates (matching rules no other outranks) and the verdict among them. */
  private static Decision decideAmong(Precedence precedence, CompiledRule[] rules, int n, Query q, MatchScratch s, DecisionTrace t) {
    t.competing(rules, n, precedence);
    CompiledRule[] cand = ensure(s.candidates, n);
    s.candidates = cand;
    int nc = precedence instanceof LongestMatch ? longest(rules, n, cand, t) : narrowest(rules, n, s, t);

    boolean first = cand[0].allowsFor(q);
    boolean agree = true;
    for (int i = 1; i < nc; i++) {
      if (cand[i].allowsFor(q) != first) {
        agree = false;
        break;
      }
    }
    boolean acapMethod = precedence instanceof NarrowestScope;
    if (agree) {
      return verdict(first, cand, nc, q, precedence, t, false);
    }
    List<Precedence.RankedRule> views = new ArrayList<>(nc);
    for (int i = 0; i < nc; i++) {
      views.add(new Effective(cand[i], cand[i].allowsFor(q)));
    }
    List<? extends Precedence.RankedRule> winners = precedence.onDisagreement(views);
    if (winners.isEmpty()) {
      List<SourceLine> ev = new ArrayList<>(nc);
      for (int i = 0; i < nc; i++) {
        ev.addAll(cand[i].lines());
        t.outcome(cand[i], Explanation.Outcome.LOST_CONFLICT, DecisionTrace.Why.UNRANKABLE, null);
      }
      ev.sort(CrawlerView.BY_LINE);
      t.concluded(DecisionTrace.Conclusion.UNRESOLVED_CONFLICT);
      return new Decision(false, Basis.UNRESOLVED_CONFLICT, dedupe(ev), List.of());
    }
    CompiledRule[] w = new CompiledRule[winners.size()];
    for (int i = 0; i < w.length; i++) {
      w[i] = ((Effective) winners.get(i)).rule;
    }
    for (int i = 0, j = 0; i < nc; i++) {
      // The winners are the candidates that remain, in the same order.
      if (j < w.length && w[j] == cand[i]) {
        j++;
      } else {
        t.outcome(cand[i], Explanation.Outcome.LOST_CONFLICT, acapMethod ? DecisionTrace.Why.DISALLOW_OTHER_YIELDS : DecisionTrace.Why.ALLOW_WINS_TIE, null);
      }
    }
    return verdict(((Effective) winners.get(0)).allows, w, w.length, q, precedence, t, true);
  }

  private static Decision verdict(boolean allowed, CompiledRule[] winners, int n, Query q, Precedence precedence, DecisionTrace t, boolean tie) {
    boolean anyAcap = false;
    for (int i = 0; i < n; i++) {
      anyAcap |= winners[i].isAcap();
    }
    Basis basis = anyAcap ? Basis.ACAP_FIELD : Basis.CONVENTIONAL_RULE;
    List<SourceLine> deciding;
    List<Qualifier> qualifiers;
    if (n == 1) {
      deciding = winners[0].lines();
      qualifiers = allowed ? winners[0].qualifiers : List.of();
    } else {
      List<SourceLine> ev = new ArrayList<>(n);
      List<Qualifier> qs = new ArrayList<>();
      java.util.Set<List<String>> seen = new java.util.HashSet<>();
      for (int i = 0; i < n; i++) {
        ev.addAll(winners[i].lines());
        if (allowed) {
          for (Qualifier qual : winners[i].qualifiers) {
            // Not List.contains: a Qualifier also records where it stands, so the same qualifier
            // on two lines would otherwise be listed twice.
            if (seen.add(List.of(qual.key(), qual.value()))) {
              qs.add(qual);
            }
          }
        }
      }
      ev.sort(CrawlerView.BY_LINE);
      deciding = dedupe(ev);
      qualifiers = qs;
    }
    for (int i = 0; i < n; i++) {
      CompiledRule r = winners[i];
      t.outcome(r, Explanation.Outcome.DECIDED, r.allow && !allowed ? DecisionTrace.Why.UNHONOURABLE_QUALIFIER : DecisionTrace.Why.DECIDES, null);
    }
    t.decided(allowed, basis, n, precedence, tie);
    return new Decision(allowed, basis, deciding, qualifiers);
  }

  /** RFC 9309 2.2.2: the candidates are the longest matching rules; one pass. */
  private static int longest(CompiledRule[] rules, int n, CompiledRule[] cand, DecisionTrace t) {
    CompiledRule best = rules[0];
    for (int i = 1; i < n; i++) {
      if (rules[i].pattern().length() > best.pattern().length()) {
        best = rules[i];
      }
    }
    int nc = 0;
    for (int i = 0; i < n; i++) {
      if (rules[i].pattern().length() == best.pattern().length()) {
        cand[nc++] = rules[i];
      } else {
        t.outcome(rules[i], Explanation.Outcome.OUTRANKED, DecisionTrace.Why.NARROWER_SCOPE, best);
      }
    }
    return nc;
  }

  /**
   * 2.4.5: the candidates are the rules no other outranks. The rules are sorted by {@link
   * ScopeOrder} rank, which lays them out like a trie; then, position by position, each run of
   * rules sharing a prefix keeps only those with the narrowest character class present (literals,
   * else {@code *}, else {@code $}, else the end), splitting where literals differ (different
   * literals cannot be ranked). Each pattern character is read at most once, so the cost is the
   * sort plus the total length of the patterns, never the square of their number (docs/matching.md).
   */
  private static int narrowest(CompiledRule[] rules, int n, MatchScratch s, DecisionTrace t) {
    CompiledRule[] cand = s.candidates;
    if (n == 1) {
      cand[0] = rules[0];
      return 1;
    }
    if (s.order.length < n) {
      s.order = new long[Math.max(n, s.order.length * 2)];
      s.won = new boolean[s.order.length];
      s.stack = new int[3 * s.order.length];
    }
    long[] order = s.order;
    boolean[] won = s.won;
    int[] stack = s.stack;
    for (int i = 0; i < n; i++) {
      order[i] = ((long) rules[i].scopeRank << 32) | i;
      won[i] = false;
    }
    java.util.Arrays.sort(order, 0, n);
    int sp = 0;
    stack[sp++] = 0;
    stack[sp++] = n;
    stack[sp++] = 0;
    while (sp > 0) {
      int d = stack[--sp];
      int hi = stack[--sp];
      int lo = stack[--sp];
      while (true) {
        if (hi - lo == 1) {
          won[(int) order[lo]] = true;
          break;
        }
        // In this order the prefix a run shares is the common prefix of its first and last rule.
        d = commonPrefix(rules[(int) order[lo]].pattern(), rules[(int) order[hi - 1]].pattern(), d);
        int k0 = key(rules, order, lo, d);
        if (k0 == ScopeOrder.END) {
          for (int p = lo; p < hi; p++) {
            won[(int) order[p]] = true; // identical up to case: as narrow as each other
          }
          break;
        }
        // The run's keys at d are sorted, narrowest class first: the rest of the run is outranked.
        int k = firstAbove(rules, order, lo, hi, d, k0 >= ScopeOrder.STAR ? k0 : ScopeOrder.STAR - 1);
        for (int p = k; p < hi; p++) {
          t.outcome(rules[(int) order[p]], Explanation.Outcome.OUTRANKED, DecisionTrace.Why.NARROWER_SCOPE, rules[(int) order[lo]]);
        }
        if (k0 >= ScopeOrder.STAR) {
          hi = k;
          d++;
          continue;
        }
        for (int g = lo; g < k;) {
          int e = firstAbove(rules, order, g, k, d, key(rules, order, g, d));
          stack[sp++] = g;
          stack[sp++] = e;
          stack[sp++] = d + 1;
          g = e;
        }
        break;
      }
    }
    int nc = 0;
    for (int i = 0; i < n; i++) {
      if (won[i]) {
        cand[nc++] = rules[i];
      }
    }
    return nc;
  }

  /** The first index in [lo, hi) whose key at {@code depth} is above {@code k} (keys sorted there), else hi. */
  private static int firstAbove(CompiledRule[] rules, long[] order, int lo, int hi, int depth, int k) {
    int a = lo;
    int b = hi;
    while (a < b) {
      int mid = (a + b) >>> 1;
      if (key(rules, order, mid, depth) <= k) {
        a = mid + 1;
      } else {
        b = mid;
      }
    }
    return a;
  }

  /** The first position at or after {@code from} where the two patterns' keys differ, or where both end. */
  private static int commonPrefix(String a, String b, int from) {
    int i = from;
    while (true) {
      int ka = ScopeOrder.key(a, i);
      if (ka != ScopeOrder.key(b, i) || ka == ScopeOrder.END) {
        return i;
      }
      i++;
    }
  }

  private static int key(CompiledRule[] rules, long[] order, int at, int depth) {
    return ScopeOrder.key(rules[(int) order[at]].pattern(), depth);
  }

  private static List<SourceLine> dedupe(List<SourceLine> sorted) {
    List<SourceLine> out = new ArrayList<>(sorted.size());
    for (SourceLine e : sorted) {
      if (out.isEmpty() || !out.get(out.size() - 1).equals(e)) {
        out.add(e);
      }
    }
    return out;
  }

  private static CompiledRule[] ensure(CompiledRule[] a, int n) {
    return a.length >= n ? a : new CompiledRule[Math.max(n, a.length * 2)];
  }

  /** A candidate with its verdict for this query (a permission the crawler cannot honour prohibits). */
  private record Effective(CompiledRule rule, boolean allows) implements Precedence.RankedRule {
    @Override
    public String pattern() {
      return rule.pattern();
    }

    @Override
    public boolean isOtherUsage() {
      return rule.isOtherUsage();
    }
  }
}
