package org.acapengine.eval;

import org.acapengine.model.SourceLine;

/**
 * What {@link Resolution} reports while it decides, as data: which rule had which {@link
 * Explanation.Outcome} and why, which comparisons were made, and what the decision rests on. {@link
 * #NONE} ignores everything ({@link CompiledPolicy#decide}, which must not allocate per rule);
 * {@link ExplainTrace} turns the reports into an {@link Explanation}. No method takes a sentence:
 * the words are written by the explaining side only.
 */
interface DecisionTrace {

  /** Records nothing: the trace of {@link CompiledPolicy#decide}. */
  DecisionTrace NONE = new DecisionTrace() {};

  /** Why a rule had its outcome. */
  enum Why {
    /** Records naming the crawler have matching fields for the usage; they override records for any crawler (2.2). */
    NAMED_RECORDS_MATCH,
    /** A matching ACAP field ({@code other}) has the same pattern as this conventional rule (2.9.2). */
    SAME_PATTERN_AS_ACAP_FIELD,
    /** A matching rule ({@code other}) has a narrower scope. */
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
    UNHONOURABLE_QUALIFIER
  }

  /** Why a decision is what it is, where no rule decided it. */
  enum Conclusion {
    /** A permissions reference of a record naming the crawler could not be loaded (2.3.2). */
    NAMED_REFERENCE_UNLOADED,
    /** No named field matches, and the any-crawler record's reference could not be loaded (2.3.2). */
    ANY_REFERENCE_UNLOADED,
    /** Nothing matches: allowed by default. */
    NOTHING_MATCHES,
    /** No conventional rule matches (a legacy reading): allowed by default. */
    NO_CONVENTIONAL_RULE_MATCHES,
    /** Equally narrow rules disagree and 2.4.5 cannot rank them (2.4.5). */
    UNRESOLVED_CONFLICT
  }

  /** A rule's outcome; {@code other} is the rule the reason refers to, or null. */
  default void outcome(CompiledRule rule, Explanation.Outcome outcome, Why why, CompiledRule other) {}

  /** The first {@code n} rules match, but an unloadable permissions reference ({@code reference}) decides (2.3.2). */
  default void setAside(CompiledRule[] rules, int n, SourceLine reference) {}

  /** The first {@code n} rules compete under {@code precedence} (called before the candidates are chosen). */
  default void competing(CompiledRule[] rules, int n, Precedence precedence) {}

  /** The decision rests on no rule. */
  default void concluded(Conclusion conclusion) {}

  /**
   * The decision rests on {@code winners} rules.
   *
   * @param allowed the verdict
   * @param basis the basis
   * @param winners how many rules decide
   * @param precedence the precedence method that chose them
   * @param tie true when the candidates disagreed and the method's tie rule decided
   */
  default void decided(boolean allowed, Basis basis, int winners, Precedence precedence, boolean tie) {}
}
