package org.acapengine.eval;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.model.SourceLine;

/**
 * The {@link DecisionTrace} of {@link CompiledPolicy#explain}: it keeps what {@link Resolution}
 * reports and, in {@link #finish}, writes the {@link Explanation} (every rule considered with its
 * outcome and note, the comparisons, and the reason). Used once, by one thread.
 *
 * <p>Comparisons are listed pairwise, as a person checks them, for at most {@link
 * #MAX_COMPARED_RULES} competing rules; beyond that (only hostile files have so many matching
 * rules) the list would grow with the square of their number, so it is left empty and each
 * outranked rule names one narrower rule. A path longer than {@link #MAX_QUOTED_PATH} characters
 * is shortened where a note quotes it.
 */
final class ExplainTrace implements DecisionTrace {

  static final int MAX_COMPARED_RULES = 64;
  /** Longer paths are shortened to this many characters in a rule's note (the query keeps the whole path). */
  static final int MAX_QUOTED_PATH = 200;

  private final CrawlerView view;
  private final Query query;
  private final String purpose;
  private final List<Explanation.Comparison> comparisons = new ArrayList<>();
  private final Map<CompiledRule, Explanation.Outcome> outcomes = new IdentityHashMap<>();
  private final Map<CompiledRule, String> notes = new IdentityHashMap<>();
  /** For each competing rule another outranks: the last narrower one, in the order they competed. */
  private final Map<CompiledRule, CompiledRule> outrankedBy = new IdentityHashMap<>();
  private String reason = "";

  ExplainTrace(CrawlerView view, Query query, String purpose) {
    this.view = view;
    this.query = query;
    this.purpose = purpose;
  }

  @Override
  public void outcome(CompiledRule rule, Explanation.Outcome outcome, Why why, CompiledRule other) {
    outcomes.put(rule, outcome);
    notes.put(rule, note(rule, why, other));
  }

  private String note(CompiledRule rule, Why why, CompiledRule other) {
    switch (why) {
      case NAMED_RECORDS_MATCH:
        return "records naming the crawler have matching fields for this usage, and they override records for any crawler (2.2)";
      case SAME_PATTERN_AS_ACAP_FIELD:
        return "the ACAP field on " + lineOf(other.evidence, rule.evidence) + " has the same pattern; the conventional rule is ignored (2.9.2)";
      case NARROWER_SCOPE:
        CompiledRule by = outrankedBy.getOrDefault(rule, other);
        return "'" + by.pattern() + "' (" + lineOf(by.evidence, rule.evidence) + ") has a narrower scope";
      case UNRANKABLE:
        return "as narrow as a rule with the opposite verdict: 2.4.5 cannot rank them, so the usage is prohibited";
      case DISALLOW_OTHER_YIELDS:
        return "disallow-other never defeats an explicit permission for the usage of equal scope (2.5.6)";
      case ALLOW_WINS_TIE:
        return "equally long as an Allow rule: RFC 9309 uses the Allow rule";
      case UNHONOURABLE_QUALIFIER:
        return "a permission with a qualifier the crawler cannot honour counts as a prohibition (2.5.5.2.3)";
      default:
        return "decides";
    }
  }

  @Override
  public void setAside(CompiledRule[] rules, int n, SourceLine reference) {
    for (int i = 0; i < n; i++) {
      outcomes.put(rules[i], Explanation.Outcome.UNRESOLVED_REFERENCE);
      notes.put(rules[i], "matches, but the permissions reference on " + lineOf(reference, rules[i].evidence)
          + " could not be loaded, and that prohibits the usage (2.3.2)");
    }
  }

  @Override
  public void competing(CompiledRule[] rules, int n, Precedence precedence) {
    if (n > MAX_COMPARED_RULES) {
      return;
    }
    String method = precedence instanceof LongestMatch ? "longest-match (RFC 9309 2.2.2)" : "narrowest-scope (ACAP 2.4.5)";
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (i == j) {
          continue;
        }
        Precedence.Order o = precedence.compare(rules[j].pattern(), rules[i].pattern());
        if (j > i) {
          comparisons.add(new Explanation.Comparison(rules[j].evidence, rules[j].pattern(), rules[i].evidence, rules[i].pattern(), o, method));
        }
        if (o == Precedence.Order.NARROWER) {
          outrankedBy.put(rules[i], rules[j]);
        }
      }
    }
  }

  @Override
  public void concluded(Conclusion conclusion) {
    switch (conclusion) {
      case NAMED_REFERENCE_UNLOADED:
        reason = "a permissions reference of a record naming the crawler could not be loaded (" + view.namedFailureReason + "), so every ACAP usage is prohibited";
        break;
      case ANY_REFERENCE_UNLOADED:
        reason = "no field of a record naming the crawler matches, and the any-crawler record's permissions reference could not be loaded ("
            + view.anyFailureReason + "), so the usage is prohibited";
        break;
      case NOTHING_MATCHES:
        reason = "no ACAP field and no conventional rule for this usage matches the path, so it is allowed by default";
        break;
      case NO_CONVENTIONAL_RULE_MATCHES:
        reason = "no conventional rule matches the path, so crawling is allowed by default";
        break;
      default:
        reason = "equally narrow rules disagree and the narrowest-scope method cannot rank them, so the usage is prohibited (2.4.5)";
    }
  }

  @Override
  public void decided(boolean allowed, Basis basis, int winners, Precedence precedence, boolean tie) {
    boolean acapMethod = precedence instanceof NarrowestScope;
    String tieRule = !tie ? "" : acapMethod
        ? "an explicit permission of equal scope beats disallow-other (2.5.6); "
        : "equally long Allow and Disallow rules match and RFC 9309 2.2.2 uses the Allow rule; ";
    String what = allowed ? "allowed" : "prohibited";
    String by = basis == Basis.CONVENTIONAL_RULE ? "the conventional rule" : "the ACAP field";
    reason = tieRule + what + " by " + by + (winners > 1 ? "s" : "") + " with the " + (acapMethod ? "narrowest scope" : "longest match")
        + " among those matching " + query.path();
  }

  /** The explanation of decision {@code d}, which the reports so far led to. */
  Explanation finish(Decision d) {
    List<Explanation.Step> steps = new ArrayList<>();
    String path = query.path();
    // A hostile 8 KB path quoted in each of thousands of notes would be megabytes: shorten it there.
    String shownPath = path.length() <= MAX_QUOTED_PATH ? path
        : path.substring(0, MAX_QUOTED_PATH) + "… (" + path.length() + " characters)";
    List<CompiledRule> all = new ArrayList<>(view.acapRules);
    if (view.conventionalAppliesTo(query.usage())) {
      all.addAll(view.conventionalRules);
    }
    for (CompiledRule r : all) {
      Explanation.Outcome o = outcomes.get(r);
      String note = notes.get(r);
      if (o == null) {
        if (r.isAcap() && !CrawlerView.applies(r.usage, query.usage())) {
          o = Explanation.Outcome.NOT_APPLICABLE;
          note = "for usage " + r.usage + ", not " + query.usage();
        } else if (!r.purposeAdmits(purpose)) {
          o = Explanation.Outcome.NOT_APPLICABLE;
          note = purpose == null ? "in a sub-record for a usage purpose, and the query states none" : "in a sub-record for other usage purposes";
        } else {
          o = Explanation.Outcome.NO_MATCH;
          note = "'" + r.pattern() + "' does not match " + shownPath;
        }
      }
      String kind = r.tier == CompiledRule.Tier.NAMED ? "acap-named" : r.tier == CompiledRule.Tier.ANY ? "acap-any" : "conventional";
      steps.add(new Explanation.Step(r.evidence, kind, r.allow, r.usage, r.pattern(), r.derivation, o, note));
    }
    steps.sort((a, b) -> CrawlerView.BY_LINE.compare(a.evidence(), b.evidence()));
    return new Explanation(query, d, view.selection, steps, comparisons, reason);
  }

  /** "line N", naming the file too when it is not the file of the line the note is about (a referenced file). */
  static String lineOf(SourceLine line, SourceLine about) {
    return line.source().equals(about.source()) ? "line " + line.line() : "line " + line.line() + " of " + line.source();
  }
}
