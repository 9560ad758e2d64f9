package org.acapengine.eval;

import java.util.ArrayList;
import java.util.List;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * The decision procedure, shared by {@link CompiledPolicy#decide} (no trace) and {@link
 * CompiledPolicy#explain} (with one), so both always agree.
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

  static Decision resolve(CrawlerView v, Query q, CompiledPolicy.Scratch s, CompiledPolicy.Trace trace) {
    if (v.namedFailure != null) {
      if (trace != null) {
        trace.reason = "a permissions reference of a record naming the crawler could not be loaded (" + v.namedFailureReason + "), so every ACAP usage is prohibited";
        setAside(trace, v.namedFailure, s.named, s.nNamed);
        setAside(trace, v.namedFailure, s.any, s.nAny);
        setAside(trace, v.namedFailure, s.conventional, s.nConventional);
      }
      return new Decision(false, Basis.UNRESOLVED_REFERENCE, List.of(v.namedFailure), List.of());
    }
    CompiledRule[] acap;
    int nAcap;
    if (s.nNamed > 0) {
      acap = s.named;
      nAcap = s.nNamed;
      if (trace != null) {
        for (int i = 0; i < s.nAny; i++) {
          trace.outcome(s.any[i], Explanation.Outcome.OUTRANKED_BY_NAMED_RECORD, "records naming the crawler have matching fields for this usage, and they override records for any crawler (2.2)");
        }
      }
    } else {
      if (v.anyFailure != null) {
        if (trace != null) {
          trace.reason = "no field of a record naming the crawler matches, and the any-crawler record's permissions reference could not be loaded (" + v.anyFailureReason + "), so the usage is prohibited";
          setAside(trace, v.anyFailure, s.any, s.nAny);
          setAside(trace, v.anyFailure, s.conventional, s.nConventional);
        }
        return new Decision(false, Basis.UNRESOLVED_REFERENCE, List.of(v.anyFailure), List.of());
      }
      acap = s.any;
      nAcap = s.nAny;
    }

    if (nAcap == 0) {
      if (s.nConventional > 0) {
        return resolveConventional(s, q, trace);
      }
      if (trace != null) {
        trace.reason = "no ACAP field and no conventional rule for this usage matches the path, so it is allowed by default";
      }
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
      } else if (trace != null) {
        trace.outcome(c, Explanation.Outcome.IGNORED_SAME_PATTERN, "the ACAP field on " + lineOf(same.evidence, c.evidence) + " has the same pattern; the conventional rule is ignored (2.9.2)");
      }
    }
    return decideAmong(NarrowestScope.INSTANCE, combined, n, q, s, trace);
  }

  /** Marks matching rules an unresolved reference overrides, so the trace does not call them non-matching. */
  private static void setAside(CompiledPolicy.Trace trace, SourceLine reference, CompiledRule[] rules, int n) {
    for (int i = 0; i < n; i++) {
      trace.outcome(rules[i], Explanation.Outcome.UNRESOLVED_REFERENCE,
          "matches, but the permissions reference on " + lineOf(reference, rules[i].evidence) + " could not be loaded, and that prohibits the usage (2.3.2)");
    }
  }

  static Decision resolveConventional(CompiledPolicy.Scratch s, Query q, CompiledPolicy.Trace trace) {
    if (s.nConventional == 0) {
      if (trace != null) {
        trace.reason = "no conventional rule matches the path, so crawling is allowed by default";
      }
      return Decision.DEFAULT_ALLOW;
    }
    return decideAmong(LongestMatch.INSTANCE, s.conventional, s.nConventional, q, s, trace);
  }

  /** Picks the candidates (matching rules no other outranks) and the verdict among them. */
  private static Decision decideAmong(Precedence precedence, CompiledRule[] rules, int n, Query q, CompiledPolicy.Scratch s, CompiledPolicy.Trace trace) {
    CompiledRule[] cand = ensure(s.candidates, n);
    s.candidates = cand;
    int nc = 0;
    for (int i = 0; i < n; i++) {
      CompiledRule outrankedBy = null;
      for (int j = 0; j < n; j++) {
        if (i == j) {
          continue;
        }
        Precedence.Order o = precedence.compare(rules[j].pattern(), rules[i].pattern());
        if (trace != null && j > i) {
          trace.compared(rules[j], rules[i], o, precedence);
        }
        if (o == Precedence.Order.NARROWER) {
          outrankedBy = rules[j];
          if (trace == null) {
            break;
          }
        }
      }
      if (outrankedBy == null) {
        cand[nc++] = rules[i];
      } else if (trace != null) {
        trace.outcome(rules[i], Explanation.Outcome.OUTRANKED, "'" + outrankedBy.pattern() + "' (" + lineOf(outrankedBy.evidence, rules[i].evidence) + ") has a narrower scope");
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
      return verdict(first, cand, nc, q, acapMethod, trace, null);
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
        if (trace != null) {
          trace.outcome(cand[i], Explanation.Outcome.LOST_CONFLICT, "as narrow as a rule with the opposite verdict: 2.4.5 cannot rank them, so the usage is prohibited");
        }
      }
      ev.sort(CrawlerView.BY_LINE);
      if (trace != null) {
        trace.reason = "equally narrow rules disagree and the narrowest-scope method cannot rank them, so the usage is prohibited (2.4.5)";
      }
      return new Decision(false, Basis.UNRESOLVED_CONFLICT, dedupe(ev), List.of());
    }
    CompiledRule[] w = new CompiledRule[winners.size()];
    for (int i = 0; i < w.length; i++) {
      w[i] = ((Effective) winners.get(i)).rule;
    }
    if (trace != null) {
      for (int i = 0; i < nc; i++) {
        boolean won = false;
        for (CompiledRule r : w) {
          won |= r == cand[i];
        }
        if (!won) {
          trace.outcome(cand[i], Explanation.Outcome.LOST_CONFLICT, acapMethod
              ? "disallow-other never defeats an explicit permission for the usage of equal scope (2.5.6)"
              : "equally long as an Allow rule: RFC 9309 uses the Allow rule");
        }
      }
    }
    String tie = acapMethod ? "an explicit permission of equal scope beats disallow-other (2.5.6)" : "equally long Allow and Disallow rules match and RFC 9309 2.2.2 uses the Allow rule";
    return verdict(((Effective) winners.get(0)).allows, w, w.length, q, acapMethod, trace, tie);
  }

  private static Decision verdict(boolean allowed, CompiledRule[] winners, int n, Query q, boolean acapMethod, CompiledPolicy.Trace trace, String tie) {
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
    if (trace != null) {
      for (int i = 0; i < n; i++) {
        CompiledRule r = winners[i];
        String note = r.allow && !allowed ? "a permission with a qualifier the crawler cannot honour counts as a prohibition (2.5.5.2.3)" : "decides";
        trace.outcome(r, Explanation.Outcome.DECIDED, note);
      }
      String what = allowed ? "allowed" : "prohibited";
      String by = basis == Basis.CONVENTIONAL_RULE ? "the conventional rule" : "the ACAP field";
      trace.reason = (tie != null ? tie + "; " : "") + what + " by " + by + (n > 1 ? "s" : "") + " with the " + (acapMethod ? "narrowest scope" : "longest match")
          + " among those matching " + q.path();
    }
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

  /** "line N", naming the file too when it is not the file of the line the note is about (a referenced file). */
  static String lineOf(SourceLine line, SourceLine about) {
    return line.source().equals(about.source()) ? "line " + line.line() : "line " + line.line() + " of " + line.source();
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
