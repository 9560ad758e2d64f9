package org.acapengine.eval;

import org.acapengine.model.SourceLine;

/**
 * What {@link Resolution} reports while it decides, as data: which matching pattern ({@link
 * MatchScratch} item) or entry had which {@link Explanation.Outcome} and why, which items competed,
 * and what the decision rests on. {@link #NONE} ignores everything (a decision, which must not
 * allocate per rule); {@link ExplainTrace} turns the reports into an {@link Explanation}. No
 * method takes a sentence.
 */
interface DecisionTrace {

  /** Records nothing: the trace of a decision. */
  DecisionTrace NONE = new DecisionTrace() {};

  /** A matching pattern's outcome ({@code OUTRANKED}, {@code IGNORED_SAME_PATTERN}); {@code other} is the item the reason refers to. */
  default void item(int item, Explanation.Outcome outcome, Explanation.Why why, int other) {}

  /** A candidate entry's outcome ({@code DECIDED}, {@code LOST_CONFLICT}). */
  default void entry(int entry, Explanation.Outcome outcome, Explanation.Why why) {}

  /** Fields of records naming the crawler match: every matching field for any crawler is outranked (2.2). */
  default void outrankedByNamed() {}

  /** Every matching rule is set aside: an unloadable permissions reference ({@code reference}) decides (2.3.2). */
  default void setAside(SourceLine reference) {}

  /** The first {@code n} items compete under {@code precedence} (called before the candidates are chosen). */
  default void competing(int[] items, int n, Precedence precedence) {}

  /** The decision rests on no rule. */
  default void concluded(Explanation.Conclusion conclusion) {}

  /**
   * The decision rests on {@code winners} entries.
   *
   * @param allowed the verdict
   * @param basis the basis
   * @param winners how many entries decide
   * @param precedence the precedence method that chose them
   * @param tie true when the candidates disagreed and the method's tie rule decided
   */
  default void decided(boolean allowed, Basis basis, int winners, Precedence precedence, boolean tie) {}
}
