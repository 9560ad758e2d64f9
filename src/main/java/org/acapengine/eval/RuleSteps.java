package org.acapengine.eval;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.model.SourceLine;

/**
 * The rules an explanation lists: each rule of the crawler's tables, for each usage it stands for
 * (the members of a composite usage) and each pattern (those of a resource set), with its outcome,
 * in file order. Every such step is counted by outcome; at most {@code limit} that apply to the
 * query's usage are made and as many that do not, the first by line, so that an explanation of a file whose definitions stand for millions of steps stays
 * small (docs/semantics.md, "Decisions and explanations"). The counting is linear in the tables:
 * a rule's patterns are looked at once, whatever the number of its usages.
 */
final class RuleSteps {

  private final ExplainTrace trace;
  private final int limit;
  private final BitSet[] matched;
  private final String usage;
  private final boolean present;

  RuleSteps(ExplainTrace trace, int limit) {
    this.trace = trace;
    this.limit = limit;
    this.matched = trace.matched();
    this.usage = trace.query.usage();
    this.present = usage.startsWith("present-") && org.acapengine.model.Usage.parse(usage).isPresentVariant();
  }

  /** Per part, per rule of its table, its entry in the decision's bucket (made when first asked). */
  private final int[][] ruleEntries = new int[2][];

  private int[] ruleEntries(int k, RuleTable t) {
    if (ruleEntries[k] == null) {
      ruleEntries[k] = Bucket.ruleEntries(t, usage);
    }
    return ruleEntries[k];
  }

  /** The steps listed, counting every step into {@code counts}. */
  List<Explanation.Step> all(Map<Explanation.Outcome, Long> counts) {
    List<long[]> rules = new ArrayList<>();
    CrawlerView v = trace.view;
    RuleTable[] tables = {v.named, v.any, v.conventional};
    // Files are ordered by name across the tables, as the lines of a decision are.
    java.util.TreeSet<String> names = new java.util.TreeSet<>();
    for (RuleTable t : tables) {
      if (t != null) {
        names.addAll(List.of(TableLines.sourceNames(t)));
      }
    }
    List<String> order = new ArrayList<>(names);
    for (int k = 0; k < 3; k++) {
      RuleTable t = tables[k];
      if (t == null || trace.s.buckets[k] == null) {
        continue;
      }
      String[] sources = TableLines.sourceNames(t);
      int[] rank = new int[sources.length];
      for (int i = 0; i < rank.length; i++) {
        rank[i] = order.indexOf(sources[i]);
      }
      for (int r = 0; r < t.ruleCount(); r++) {
        if (k == MatchScratch.CONVENTIONAL && (t.ruleFlags(r) & RuleTable.INSIDE_ACAP) != 0) {
          continue; // an ACAP crawler does not read it (2.9.2)
        }
        int line = t.firstLine(r);
        int source = rank[TableLines.lineSource(t) == null ? 0 : TableLines.lineSource(t)[line]];
        // By file, line, part (ACAP before conventional), rule.
        rules.add(new long[] {((long) source << 40) | ((long) t.lineNumber(line) << 8) | k, r});
      }
    }
    rules.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    List<Explanation.Step> out = new ArrayList<>();
    for (long[] rule : rules) {
      int k = (int) (rule[0] & 0xFF);
      steps(k, tables[k], (int) rule[1], out, counts);
    }
    return out;
  }

  private void steps(int k, RuleTable t, int r, List<Explanation.Step> out, Map<Explanation.Outcome, Long> counts) {
    SourceLine evidence = t.line(t.firstLine(r));
    boolean allows = t.allows(r);
    int[] patterns = new int[patternCount(t, r)];
    t.patternsOf(r, patterns);
    if (k == MatchScratch.CONVENTIONAL) {
      Explanation.Outcome[] outcome = new Explanation.Outcome[1];
      Explanation.Note note = note(k, r, -1, patterns[0], outcome);
      add(new Explanation.Step(evidence, "conventional", allows, "", t.pattern(patterns[0]), Explanation.Derivation.NONE, outcome[0], note), out,
          counts);
      return;
    }
    String kind = k == MatchScratch.NAMED ? "acap-named" : "acap-any";
    Definitions d = t.definitions;
    Bucket b = trace.s.buckets[k];
    int e = ruleEntries(k, t)[r];
    boolean admitted = t.rulePurposes(r) < 0 || MatchScratch.admits(d.purposes().get(t.rulePurposes(r)), trace.purpose);
    Optional<Explanation.Definition> set = (t.ruleFlags(r) & RuleTable.TO_SET) == 0 ? Optional.empty()
        : Optional.of(new Explanation.Definition(d.setName(t.target(r)), d.setLine(t.target(r))));
    // Per pattern, the note of a member that applies (the same for every such member: one entry).
    Explanation.Note[] notes = null;
    Explanation.Outcome[] outcomes = null;
    long[] byOutcome = new long[Explanation.Outcome.values().length];
    int usageKind = t.ruleFlags(r) & RuleTable.USAGE_KIND;
    int members = usageKind == RuleTable.COMPOSITE ? d.compositeStart(t.usage(r) + 1) - d.compositeStart(t.usage(r)) : 1;
    for (int m = 0; m < members; m++) {
      String u;
      Optional<Explanation.Definition> composite = Optional.empty();
      Optional<Explanation.Definition> qualified = Optional.empty();
      if (usageKind == RuleTable.STANDARD) {
        u = d.usageName(t.usage(r));
      } else if (usageKind == RuleTable.QUALIFIED) {
        int q = t.usage(r);
        u = d.usageName(d.qualifiedUsage(q));
        qualified = Optional.of(new Explanation.Definition(d.qualifiedName(q), d.qualifiedLine(q)));
      } else {
        int c = t.usage(r);
        int at = d.compositeStart(c) + m;
        u = d.usageName(d.compositeMember(at, 0));
        composite = Optional.of(new Explanation.Definition(d.compositeName(c), d.compositeLine(c)));
        int q = d.compositeMember(at, 2);
        if (q >= 0) {
          qualified = Optional.of(new Explanation.Definition(d.qualifiedName(q), d.qualifiedLine(q)));
        }
      }
      Explanation.Derivation derivation = new Explanation.Derivation(composite, qualified, set);
      if (!Bucket.applies(u, usage, present) || !admitted) {
        Explanation.Note note = Explanation.Note.of(!Bucket.applies(u, usage, present) ? Explanation.Why.OTHER_USAGE
            : trace.purpose == null ? Explanation.Why.NO_PURPOSE_STATED : Explanation.Why.OTHER_PURPOSES);
        for (int i = 0; i < patterns.length; i++) {
          if (listedOther >= limit) {
            counts.merge(Explanation.Outcome.NOT_APPLICABLE, (long) (patterns.length - i), Long::sum);
            break;
          }
          add(new Explanation.Step(evidence, kind, allows, u, t.pattern(patterns[i]), derivation, Explanation.Outcome.NOT_APPLICABLE, note), out,
              counts);
        }
        continue;
      }
      if (notes == null) {
        notes = new Explanation.Note[patterns.length];
        outcomes = new Explanation.Outcome[patterns.length];
        Explanation.Outcome[] o = new Explanation.Outcome[1];
        for (int i = 0; i < patterns.length; i++) {
          notes[i] = note(k, r, e, patterns[i], o);
          outcomes[i] = o[0];
          byOutcome[o[0].ordinal()]++;
        }
      }
      if (listedApplying >= limit) {
        for (Explanation.Outcome o : Explanation.Outcome.values()) {
          if (byOutcome[o.ordinal()] > 0) {
            counts.merge(o, byOutcome[o.ordinal()], Long::sum);
          }
        }
        continue;
      }
      for (int i = 0; i < patterns.length; i++) {
        if (listedApplying >= limit) {
          for (int j = i; j < patterns.length; j++) {
            counts.merge(outcomes[j], 1L, Long::sum);
          }
          break;
        }
        add(new Explanation.Step(evidence, kind, allows, u, t.pattern(patterns[i]), derivation, outcomes[i], notes[i]), out, counts);
      }
    }
  }

  private static int patternCount(RuleTable t, int r) {
    if ((t.ruleFlags(r) & RuleTable.TO_SET) == 0 || !t.isAcap()) {
      return 1;
    }
    return t.definitions.setStart(t.target(r) + 1) - t.definitions.setStart(t.target(r));
  }

  /** The note of rule {@code r} (entry {@code e}) through pattern {@code p} of its table. */
  private Explanation.Note note(int k, int r, int e, int p, Explanation.Outcome[] outcome) {
    Bucket b = trace.s.buckets[k];
    int bp = b.bucketPattern(p);
    if (bp < 0 || !matched[k].get(bp)) {
      outcome[0] = Explanation.Outcome.NO_MATCH;
      return Explanation.Note.of(Explanation.Why.DOES_NOT_MATCH);
    }
    return trace.note(k, bp, k == MatchScratch.CONVENTIONAL ? bp : e, outcome);
  }

  /** Steps listed so far for the query's usage (and purpose), and for others. */
  private int listedApplying;
  private int listedOther;

  /**
   * Counts a step, and lists it while there is room: {@code limit} steps that apply to the
   * query's usage and as many that do not, each the first by line, so that the steps for other
   * members of a composite usage never crowd out those for the usage asked about.
   */
  private void add(Explanation.Step step, List<Explanation.Step> out, Map<Explanation.Outcome, Long> counts) {
    boolean applying = step.outcome() != Explanation.Outcome.NOT_APPLICABLE;
    if (applying ? listedApplying < limit : listedOther < limit) {
      out.add(step);
      if (applying) {
        listedApplying++;
      } else {
        listedOther++;
      }
    }
    counts.merge(step.outcome(), 1L, Long::sum);
  }
}
