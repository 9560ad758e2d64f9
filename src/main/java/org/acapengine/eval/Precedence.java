package org.acapengine.eval;

import java.util.List;

/**
 * How rules that match the same path are ranked, and what happens when the best of them
 * disagree. Two implementations: {@link NarrowestScope} (ACAP 1.0 section 2.4.5) and {@link
 * LongestMatch} (RFC 9309 section 2.2.2).
 */
public interface Precedence {

  /** How the scope of one pattern relates to another's. */
  enum Order {
    /** The first pattern has the narrower scope: it wins over the second. */
    NARROWER,
    /** The second pattern has the narrower scope. */
    BROADER,
    /** The method ranks them equal (identical patterns; RFC 9309: equally long). */
    SAME,
    /** The method cannot rank them (ACAP: two different literal characters at the first difference). */
    UNORDERED
  }

  /**
   * The scope of pattern {@code a} relative to pattern {@code b} (both as compiled).
   *
   * @param a a pattern, as compiled
   * @param b another pattern, as compiled
   * @return whether {@code a} is narrower, broader, the same or unordered
   */
  Order compare(String a, String b);

  /**
   * The verdict among candidates (matching rules no other matching rule outranks) that do not
   * all agree. Returns the rules that decide: all allowing, or all prohibiting; an empty list
   * means the method cannot decide and the usage is prohibited.
   *
   * @param candidates the matching rules no other matching rule outranks, not all agreeing
   * @return the deciding rules, all of one kind; empty when the method cannot decide
   */
  List<? extends RankedRule> onDisagreement(List<? extends RankedRule> candidates);

  /** A rule as precedence sees it. */
  interface RankedRule {
    /**
     * The pattern, as compiled (percent-normalised).
     *
     * @return the pattern
     */
    String pattern();

    /**
     * Whether the rule permits.
     *
     * @return true for a permission (Allow, ACAP-allow-...), false for a prohibition
     */
    boolean allows();

    /**
     * Whether the rule is for the usage {@code other}.
     *
     * @return true for ACAP-disallow-other / ACAP-allow-other, which apply to every usage (2.5.6)
     */
    boolean isOtherUsage();
  }
}
