package org.acapengine.eval;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.model.SourceLine;

/**
 * The {@link DecisionTrace} of {@link CompiledPolicy#explain}: it keeps what {@link Resolution}
 * reports (outcomes of matching patterns and of entries, the competing patterns, the conclusion)
 * and, in {@link #finish}, writes the {@link Explanation}: every rule considered, by line, with
 * its outcome and the code of why ({@link RuleSteps}), the comparisons and the reason. Codes and
 * facts only; {@code render} writes the sentences. Used once, by one thread.
 *
 * <p>Comparisons are listed pairwise, as a person checks them, for at most {@link
 * #MAX_COMPARED_RULES} competing rules; beyond that (only hostile files have so many matching
 * rules) the list would grow with the square of their number, so it is left empty and each
 * outranked rule names one narrower rule.
 */
final class ExplainTrace implements DecisionTrace {

  static final int MAX_COMPARED_RULES = 64;

  final CrawlerView view;
  final Query query;
  final String purpose;
  final MatchScratch s;
  /** Per item: outcome, why, the item the reason refers to. */
  private final Map<Integer, int[]> items = new HashMap<>();
  /** Per entry (part and entry, as items are written): outcome, why. */
  private final Map<Integer, int[]> entries = new HashMap<>();
  private boolean outrankedByNamed;
  private SourceLine setAside;
  private final List<Explanation.Comparison> comparisons = new ArrayList<>();
  /** Per competing (item, entry): the last narrower competitor, in the order they competed. */
  private final Map<Long, Competitor> outrankedBy = new HashMap<>();
  private Explanation.Reason reason = Explanation.Reason.of(Explanation.Conclusion.NOTHING_MATCHES);

  /** A rule competing under a precedence method: an item, one of its entries, that entry's first line. */
  record Competitor(int item, int entry, SourceLine line, String pattern) {}

  ExplainTrace(CrawlerView view, Query query, String purpose, MatchScratch s) {
    this.view = view;
    this.query = query;
    this.purpose = purpose;
    this.s = s;
  }

  @Override
  public void item(int item, Explanation.Outcome outcome, Explanation.Why why, int other) {
    items.put(item, new int[] {outcome.ordinal(), why.ordinal(), other});
  }

  @Override
  public void entry(int entry, Explanation.Outcome outcome, Explanation.Why why) {
    entries.put(entry, new int[] {outcome.ordinal(), why.ordinal()});
  }

  @Override
  public void outrankedByNamed() {
    outrankedByNamed = true;
  }

  @Override
  public void setAside(SourceLine reference) {
    setAside = reference;
  }

  @Override
  public void competing(int[] competing, int n, Precedence precedence) {
    List<Competitor> all = new ArrayList<>();
    for (int i = 0; i < n && all.size() <= MAX_COMPARED_RULES; i++) {
      for (int e : admittedEntries(competing[i])) {
        all.add(new Competitor(competing[i], e, firstLine(competing[i] >>> MatchScratch.SHIFT, e), pattern(competing[i])));
      }
    }
    if (all.size() > MAX_COMPARED_RULES) {
      return;
    }
    // ACAP fields before conventional rules, each kind by line.
    all.sort((a, b) -> {
      int c = Boolean.compare(a.item() >>> MatchScratch.SHIFT == MatchScratch.CONVENTIONAL, b.item() >>> MatchScratch.SHIFT == MatchScratch.CONVENTIONAL);
      return c != 0 ? c : CrawlerView.BY_LINE.compare(a.line(), b.line());
    });
    for (int i = 0; i < all.size(); i++) {
      for (int j = 0; j < all.size(); j++) {
        if (i == j) {
          continue;
        }
        Precedence.Order o = precedence.compare(all.get(j).pattern(), all.get(i).pattern());
        if (j > i) {
          comparisons.add(new Explanation.Comparison(all.get(j).line(), all.get(j).pattern(), all.get(i).line(), all.get(i).pattern(), o, precedence));
        }
        if (o == Precedence.Order.NARROWER) {
          outrankedBy.put(key(all.get(i).item(), all.get(i).entry()), all.get(j));
        }
      }
    }
  }

  private static long key(int item, int entry) {
    return ((long) item << 32) | entry;
  }

  @Override
  public void concluded(Explanation.Conclusion conclusion) {
    String failure = conclusion == Explanation.Conclusion.NAMED_REFERENCE_UNLOADED ? view.namedFailureReason()
        : conclusion == Explanation.Conclusion.ANY_REFERENCE_UNLOADED ? view.anyFailureReason() : null;
    reason = new Explanation.Reason(conclusion, Optional.empty(), 0, false, Optional.ofNullable(failure));
  }

  @Override
  public void decided(boolean allowed, Basis basis, int winners, Precedence precedence, boolean tie) {
    reason = new Explanation.Reason(Explanation.Conclusion.DECIDED, Optional.of(precedence), winners, tie, Optional.empty());
  }

  // ---- what finish reads ----------------------------------------------------------------------

  /** The entries of an item (its pattern's own and its sets') that apply for the query's purpose, by number in their part. */
  List<Integer> admittedEntries(int item) {
    int k = item >>> MatchScratch.SHIFT;
    int p = item & MatchScratch.LOW;
    Bucket b = s.buckets[k];
    List<Integer> out = new ArrayList<>();
    if (b.entries == null || b.entries.directStart() == null) {
      if (s.admitted(k, p)) {
        out.add(p);
      }
      return out;
    }
    for (int i = b.entries.directStart()[p]; i < b.entries.directStart()[p + 1]; i++) {
      if (s.admitted(k, b.entries.direct()[i])) {
        out.add(b.entries.direct()[i]);
      }
    }
    if (b.entries.setsOfStart() != null) {
      for (int i = b.entries.setsOfStart()[p]; i < b.entries.setsOfStart()[p + 1]; i++) {
        int set = b.entries.setsOf()[i];
        for (int j = b.entries.setEntryStart()[set]; j < b.entries.setEntryStart()[set + 1]; j++) {
          if (s.admitted(k, b.entries.setEntries()[j]) && !out.contains(b.entries.setEntries()[j])) {
            out.add(b.entries.setEntries()[j]);
          }
        }
      }
    }
    return out;
  }

  SourceLine firstLine(int part, int entry) {
    Bucket b = s.buckets[part];
    return b.table.line(b.line(entry, 0));
  }

  String pattern(int item) {
    Bucket b = s.buckets[item >>> MatchScratch.SHIFT];
    return b.table.pattern(b.tablePattern(item & MatchScratch.LOW));
  }

  /** The rule an item stands for in a reason: its first entry's first line, and its pattern. */
  Competitor representative(int item) {
    Competitor best = null;
    for (int e : admittedEntries(item)) {
      SourceLine l = firstLine(item >>> MatchScratch.SHIFT, e);
      if (best == null || CrawlerView.BY_LINE.compare(l, best.line()) < 0) {
        best = new Competitor(item, e, l, pattern(item));
      }
    }
    return best;
  }

  /** The matching patterns of each part, as bits. */
  BitSet[] matched() {
    BitSet[] out = new BitSet[3];
    for (int k = 0; k < 3; k++) {
      out[k] = new BitSet();
      for (int i = 0; i < s.count[k]; i++) {
        out[k].set(s.matched[k][i]);
      }
    }
    return out;
  }

  /**
   * The note and outcome of a rule that applies, is admitted and matches the path with its
   * pattern {@code bp} of part {@code k}, its entry {@code e}: as the decision reported them.
   */
  Explanation.Note note(int k, int bp, int e, Explanation.Outcome[] outcome) {
    if (setAside != null) {
      outcome[0] = Explanation.Outcome.UNRESOLVED_REFERENCE;
      return new Explanation.Note(Explanation.Why.REFERENCE_UNLOADED, Optional.of(setAside), Optional.empty());
    }
    if (k == MatchScratch.ANY && outrankedByNamed) {
      outcome[0] = Explanation.Outcome.OUTRANKED_BY_NAMED_RECORD;
      return Explanation.Note.of(Explanation.Why.NAMED_RECORDS_MATCH);
    }
    int item = (k << MatchScratch.SHIFT) | bp;
    int[] io = items.get(item);
    if (io != null) {
      outcome[0] = Explanation.Outcome.values()[io[0]];
      Explanation.Why why = Explanation.Why.values()[io[1]];
      Competitor by = outrankedBy.get(key(item, e));
      if (by == null || why != Explanation.Why.NARROWER_SCOPE) {
        by = representative(io[2]);
      }
      return new Explanation.Note(why, Optional.ofNullable(by).map(Competitor::line),
          why == Explanation.Why.NARROWER_SCOPE ? Optional.ofNullable(by).map(Competitor::pattern) : Optional.empty());
    }
    int[] eo = entries.get((k << MatchScratch.SHIFT) | e);
    if (eo != null) {
      outcome[0] = Explanation.Outcome.values()[eo[0]];
      return Explanation.Note.of(Explanation.Why.values()[eo[1]]);
    }
    outcome[0] = Explanation.Outcome.NO_MATCH;
    return Explanation.Note.of(Explanation.Why.DOES_NOT_MATCH);
  }

  /** The explanation of decision {@code d}, which the reports so far led to, listing at most {@code limit} rules. */
  Explanation finish(Decision d, Selection selection, int limit) {
    RuleSteps steps = new RuleSteps(this, limit);
    Map<Explanation.Outcome, Long> counts = new EnumMap<>(Explanation.Outcome.class);
    List<Explanation.Step> listed = steps.all(counts);
    return new Explanation(query, d, selection, listed, comparisons, reason, new Explanation.Summary(counts, listed.size()));
  }
}
