package org.acapengine.eval;

import java.util.List;
import java.util.Objects;
import org.acapengine.model.SourceLine;

/**
 * The full trace of one decision, as a value: which records and groups were selected for the
 * crawler, every rule considered (with its line), which applied and matched, how the matching
 * rules compared, and why the winner won. {@link #decision()} is exactly what {@link
 * CompiledPolicy#decide} returns for the same query. Views (text, JSON) filter this.
 *
 * @param query the query
 * @param decision the decision
 * @param selection how the crawler's records and groups were chosen
 * @param rules every rule considered, in file order
 * @param comparisons the precedence comparisons made between matching rules
 * @param reason one sentence: why the decision is what it is
 */
public record Explanation(Query query, Decision decision, Selection selection, List<Step> rules, List<Comparison> comparisons, String reason) {

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param query the query
   * @param decision the decision
   * @param selection how the crawler's records and groups were chosen
   * @param rules every rule considered, in file order
   * @param comparisons the precedence comparisons made between matching rules
   * @param reason one sentence: why the decision is what it is
   */
  public Explanation {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(selection, "selection");
    rules = List.copyOf(rules);
    comparisons = List.copyOf(comparisons);
    Objects.requireNonNull(reason, "reason");
  }

  /** What became of a rule in this decision. */
  public enum Outcome {
    /** The rule is for another usage (or purpose). */
    NOT_APPLICABLE,
    /** The rule applies to the usage but its pattern does not match the path. */
    NO_MATCH,
    /** It matched, but fields of records naming the crawler matched too, and they win (2.2). */
    OUTRANKED_BY_NAMED_RECORD,
    /** It matched, but a rule with a narrower scope matched too. */
    OUTRANKED,
    /** A conventional rule with the same pattern as a matching ACAP field: ignored (2.9.2). */
    IGNORED_SAME_PATTERN,
    /** One of the best candidates, but they disagree and this one lost. */
    LOST_CONFLICT,
    /** A deciding rule. */
    DECIDED,
    /**
     * It applies and matches, but a permissions reference that could not be loaded decides: the
     * usage is prohibited whatever the rule says (2.3.2).
     */
    UNRESOLVED_REFERENCE
  }

  /**
   * One rule considered.
   *
   * @param evidence the line it comes from
   * @param kind {@code acap-named}, {@code acap-any} or {@code conventional}
   * @param allows whether it permits
   * @param usage the usage it is for ({@code ""} for a conventional rule)
   * @param pattern its pattern, as compiled
   * @param derivation how it came to be when not written directly (a composite usage, a resource set), else {@code ""}
   * @param outcome what became of it
   * @param note why, in words
   */
  public record Step(SourceLine evidence, String kind, boolean allows, String usage, String pattern, String derivation, Outcome outcome, String note) {
    /**
     * Checks that no component is null.
     *
     * @param evidence the line it comes from
     * @param kind {@code acap-named}, {@code acap-any} or {@code conventional}
     * @param allows whether it permits
     * @param usage the usage it is for ({@code ""} for a conventional rule)
     * @param pattern its pattern, as compiled
     * @param derivation how it came to be when not written directly (a composite usage, a resource set), else {@code ""}
     * @param outcome what became of it
     * @param note why, in words
     */
    public Step {
      Objects.requireNonNull(evidence, "evidence");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(pattern, "pattern");
      Objects.requireNonNull(derivation, "derivation");
      Objects.requireNonNull(outcome, "outcome");
      Objects.requireNonNull(note, "note");
    }
  }

  /**
   * A precedence comparison between two matching rules.
   *
   * @param first the line of the first rule
   * @param firstPattern the first rule's pattern, as compiled (a line with a resource set stands
   *     for several patterns)
   * @param second the line of the second rule
   * @param secondPattern the second rule's pattern, as compiled
   * @param order how the first relates to the second
   * @param method the precedence method, in words
   */
  public record Comparison(SourceLine first, String firstPattern, SourceLine second, String secondPattern, Precedence.Order order, String method) {
    /**
     * Checks that no component is null.
     *
     * @param first the line of the first rule
     * @param firstPattern the first rule's pattern, as compiled (a line with a resource set stands
     *     for several patterns)
     * @param second the line of the second rule
     * @param secondPattern the second rule's pattern, as compiled
     * @param order how the first relates to the second
     * @param method the precedence method, in words
     */
    public Comparison {
      Objects.requireNonNull(first, "first");
      Objects.requireNonNull(firstPattern, "firstPattern");
      Objects.requireNonNull(second, "second");
      Objects.requireNonNull(secondPattern, "secondPattern");
      Objects.requireNonNull(order, "order");
      Objects.requireNonNull(method, "method");
    }
  }
}
