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
    for (int i = 0; i < s.nConventional; i++) {
      CompiledRule c = s.conventional[i];
      CompiledRule same = null;
      for (int j = 0; j < nAcap; j++) {
        if (acap[j].pattern().equalsIgnoreCase(c.pattern())) {
          same = acap[j];
          break;
        }
      }
      if (same == null) {
        combined[n++] = c;
      } else {
        t.outcome(c, Explanation.Outcome.IGNORED_SAME_PATTERN, DecisionTrace.Why.SAME_PATTERN_AS_ACAP_FIELD, same);
      }
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
    int nc = 0;
    for (int i = 0; i < n; i++) {
      CompiledRule outrankedBy = null;
      for (int j = 0; j < n; j++) {
        if (i == j) {
          continue;
        }
        if (precedence.compare(rules[j].pattern(), rules[i].pattern()) == Precedence.Order.NARROWER) {
          outrankedBy = rules[j];
          break;
        }
      }
      if (outrankedBy == null) {
        cand[nc++] = rules[i];
      } else {
        t.outcome(rules[i], Explanation.Outcome.OUTRANKED, DecisionTrace.Why.NARROWER_SCOPE, outrankedBy);
      }
    }

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
        ev.add(cand[i].evidence);
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
    for (int i = 0; i < nc; i++) {
      boolean won = false;
      for (CompiledRule r : w) {
        won |= r == cand[i];
      }
      if (!won) {
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
      deciding = List.of(winners[0].evidence);
      qualifiers = allowed ? winners[0].qualifiers : List.of();
    } else {
      List<SourceLine> ev = new ArrayList<>(n);
      List<Qualifier> qs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ev.add(winners[i].evidence);
        if (allowed) {
          for (Qualifier qual : winners[i].qualifiers) {
            if (!containsSame(qs, qual)) {
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

  /**
   * True when {@code qs} already holds a qualifier of the same type with the same value. Not
   * {@code List.contains}: a {@link Qualifier} also records where it stands, so the same qualifier
   * on two lines would otherwise be listed twice.
   */
  private static boolean containsSame(List<Qualifier> qs, Qualifier q) {
    for (Qualifier other : qs) {
      if (other.key().equals(q.key()) && other.value().equals(q.value())) {
        return true;
      }
    }
    return false;
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
