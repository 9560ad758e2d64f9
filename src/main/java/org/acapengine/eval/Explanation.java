package org.acapengine.eval;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.SourceLine;

/**
 * The full trace of one decision, as a value: which records and groups were selected for the
 * crawler, every rule considered (with its line), which applied and matched, how the matching
 * rules compared, and why the winner won. {@link #decision()} is exactly what {@link
 * CompiledPolicy#decide} returns for the same query. It holds codes and the facts they refer to,
 * no sentence: {@code org.acapengine.render.ExplanationText.of(x)} writes it for a person (what
 * {@code acap explain} prints), {@code DecisionRender.explainJson} as JSON with the codes beside
 * the sentences.
 *
 * <p>The rules are listed one per line, pattern and usage they stand for (a field naming a
 * resource set stands for each of its patterns, one naming a composite usage for each member), in
 * file order; an explanation lists at most the number asked for ({@link
 * CompiledPolicy#explain(Query, int)}), the first by line, and {@link #summary} counts them all by
 * outcome.
 *
 * @param query the query
 * @param decision the decision
 * @param selection how the crawler's records and groups were chosen
 * @param rules the rules considered, in file order (the first {@code summary().listed()})
 * @param comparisons the precedence comparisons made between matching rules (none beyond {@value
 *     ExplainTrace#MAX_COMPARED_RULES} competing rules)
 * @param reason why the decision is what it is
 * @param summary how many rules were considered, by outcome, and how many are listed
 */
public record Explanation(Query query, Decision decision, Selection selection, List<Step> rules, List<Comparison> comparisons, Reason reason,
    Summary summary) {

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param query the query
   * @param decision the decision
   * @param selection how the crawler's records and groups were chosen
   * @param rules the rules considered, in file order
   * @param comparisons the precedence comparisons made between matching rules
   * @param reason why the decision is what it is
   * @param summary how many rules were considered, by outcome
   */
  public Explanation {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(selection, "selection");
    rules = List.copyOf(rules);
    comparisons = List.copyOf(comparisons);
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(summary, "summary");
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

  /** Why a rule had its outcome: the code of a step's {@link Note}. */
  public enum Why {
    /** The rule is for another usage than the one asked about. */
    OTHER_USAGE,
    /** The rule is in a sub-record for a usage purpose (2.3.3), and the query states none. */
    NO_PURPOSE_STATED,
    /** The rule is in a sub-record for other usage purposes. */
    OTHER_PURPOSES,
    /** The pattern does not match the path. */
    DOES_NOT_MATCH,
    /** Records naming the crawler have matching fields for the usage; they override records for any crawler (2.2). */
    NAMED_RECORDS_MATCH,
    /** A matching ACAP field ({@link Note#other}) has the same pattern as this conventional rule (2.9.2). */
    SAME_PATTERN_AS_ACAP_FIELD,
    /** A matching rule ({@link Note#other}) has a narrower scope (or, RFC 9309, a longer pattern). */
    NARROWER_SCOPE,
    /** As narrow as a rule with the opposite verdict, and 2.4.5 cannot rank them. */
    UNRANKABLE,
    /** A disallow-other of equal scope never defeats an explicit permission for the usage (2.5.6). */
    DISALLOW_OTHER_YIELDS,
    /** Equally long as an Allow rule: RFC 9309 2.2.2 uses the Allow rule. */
    ALLOW_WINS_TIE,
    /** The rule decides. */
    DECIDES,
    /** A permission with a qualifier the crawler cannot honour decides as a prohibition (2.5.5.2.3). */
    UNHONOURABLE_QUALIFIER,
    /** The permissions reference on {@link Note#other} could not be loaded, and that prohibits the usage (2.3.2). */
    REFERENCE_UNLOADED
  }

  /** Why a decision is what it is: the code of its {@link Reason}. */
  public enum Conclusion {
    /** Rules decided ({@link Reason#method}, {@link Reason#winners}, {@link Reason#tie}). */
    DECIDED,
    /** A permissions reference of a record naming the crawler could not be loaded (2.3.2). */
    NAMED_REFERENCE_UNLOADED,
    /** No named field matches, and the any-crawler record's reference could not be loaded (2.3.2). */
    ANY_REFERENCE_UNLOADED,
    /** Nothing matches: allowed by default. */
    NOTHING_MATCHES,
    /** No conventional rule matches (a legacy reading): allowed by default. */
    NO_CONVENTIONAL_RULE_MATCHES,
    /** Equally narrow rules disagree and 2.4.5 cannot rank them (2.4.5). */
    UNRESOLVED_CONFLICT,
    /** {@code /robots.txt} itself may always be crawled (RFC 9309 2.2.2). */
    ROBOTS_TXT
  }

  /**
   * Why a decision is what it is.
   *
   * @param code the conclusion
   * @param method the precedence method that chose the deciding rules ({@link Conclusion#DECIDED})
   * @param winners how many rules decide ({@link Conclusion#DECIDED})
   * @param tie true when the best rules disagreed and the method's tie rule decided
   * @param referenceFailure why a permissions reference could not be loaded (the reference conclusions)
   */
  public record Reason(Conclusion code, Optional<Precedence> method, int winners, boolean tie, Optional<String> referenceFailure) {
    /**
     * Checks that no component is null.
     *
     * @param code the conclusion
     * @param method the precedence method that chose the deciding rules
     * @param winners how many rules decide
     * @param tie true when the method's tie rule decided
     * @param referenceFailure why a permissions reference could not be loaded
     */
    public Reason {
      Objects.requireNonNull(code, "code");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(referenceFailure, "referenceFailure");
    }

    static Reason of(Conclusion code) {
      return new Reason(code, Optional.empty(), 0, false, Optional.empty());
    }
  }

  /**
   * Why a rule had its outcome.
   *
   * @param why the code
   * @param other the line the reason refers to: the narrower rule, the ACAP field with the same
   *     pattern, the reference that could not be loaded
   * @param otherPattern that rule's pattern, where the reason quotes it
   */
  public record Note(Why why, Optional<SourceLine> other, Optional<String> otherPattern) {
    /**
     * Checks that no component is null.
     *
     * @param why the code
     * @param other the line the reason refers to
     * @param otherPattern that rule's pattern
     */
    public Note {
      Objects.requireNonNull(why, "why");
      Objects.requireNonNull(other, "other");
      Objects.requireNonNull(otherPattern, "otherPattern");
    }

    static Note of(Why why) {
      return new Note(why, Optional.empty(), Optional.empty());
    }
  }

  /**
   * How a rule came to be when a definition stands behind it (2.7): the composite usage whose
   * member it is, the qualified usage it is (or that member is), the resource set whose pattern it
   * has. {@link #NONE} for a field written directly.
   *
   * @param composite the composite usage, if any
   * @param qualified the qualified usage, if any
   * @param resourceSet the resource set, if any
   */
  public record Derivation(Optional<Definition> composite, Optional<Definition> qualified, Optional<Definition> resourceSet) {
    /** No definition: a rule written directly. */
    public static final Derivation NONE = new Derivation(Optional.empty(), Optional.empty(), Optional.empty());

    /**
     * Checks that no component is null.
     *
     * @param composite the composite usage, if any
     * @param qualified the qualified usage, if any
     * @param resourceSet the resource set, if any
     */
    public Derivation {
      Objects.requireNonNull(composite, "composite");
      Objects.requireNonNull(qualified, "qualified");
      Objects.requireNonNull(resourceSet, "resourceSet");
    }

    /**
     * True for a rule written directly.
     *
     * @return whether no definition stands behind the rule
     */
    public boolean isNone() {
      return composite.isEmpty() && qualified.isEmpty() && resourceSet.isEmpty();
    }
  }

  /**
   * A definition a rule comes from.
   *
   * @param name its name, as written
   * @param line its line
   */
  public record Definition(String name, int line) {
    /**
     * Checks that the name is not null.
     *
     * @param name its name, as written
     * @param line its line
     */
    public Definition {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * One rule considered.
   *
   * @param evidence the line it comes from
   * @param kind {@code acap-named}, {@code acap-any} or {@code conventional}
   * @param allows whether it permits
   * @param usage the usage it is for ({@code ""} for a conventional rule)
   * @param pattern its pattern, as compiled
   * @param derivation how it came to be
   * @param outcome what became of it
   * @param note why
   */
  public record Step(SourceLine evidence, String kind, boolean allows, String usage, String pattern, Derivation derivation, Outcome outcome,
      Note note) {
    /**
     * Checks that no component is null.
     *
     * @param evidence the line it comes from
     * @param kind {@code acap-named}, {@code acap-any} or {@code conventional}
     * @param allows whether it permits
     * @param usage the usage it is for ({@code ""} for a conventional rule)
     * @param pattern its pattern, as compiled
     * @param derivation how it came to be
     * @param outcome what became of it
     * @param note why
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
   * @param method the precedence method
   */
  public record Comparison(SourceLine first, String firstPattern, SourceLine second, String secondPattern, Precedence.Order order,
      Precedence method) {
    /**
     * Checks that no component is null.
     *
     * @param first the line of the first rule
     * @param firstPattern the first rule's pattern, as compiled
     * @param second the line of the second rule
     * @param secondPattern the second rule's pattern, as compiled
     * @param order how the first relates to the second
     * @param method the precedence method
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

  /**
   * How many rules were considered, and how many of them the explanation lists.
   *
   * @param considered the rules considered, by outcome (every outcome present, 0 for none)
   * @param listed how many are in {@link #rules()}: all of them, or the first by line
   */
  public record Summary(Map<Outcome, Long> considered, int listed) {
    /**
     * Copies the counts into an immutable map with every outcome.
     *
     * @param considered the rules considered, by outcome
     * @param listed how many are listed
     */
    public Summary {
      Map<Outcome, Long> all = new EnumMap<>(Outcome.class);
      for (Outcome o : Outcome.values()) {
        all.put(o, considered.getOrDefault(o, 0L));
      }
      considered = java.util.Collections.unmodifiableMap(all);
    }

    /**
     * The number of rules considered.
     *
     * @return the total over every outcome
     */
    public long total() {
      return considered.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * True when some rules considered are not listed.
     *
     * @return whether the list was cut
     */
    public boolean cut() {
      return total() > listed;
    }
  }
}
