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

  /** The scope of pattern {@code a} relative to pattern {@code b} (both as compiled). */
  Order compare(String a, String b);

  /**
   * The verdict among candidates (matching rules no other matching rule outranks) that do not
   * all agree. Returns the rules that decide: all allowing, or all prohibiting; an empty list
   * means the method cannot decide and the usage is prohibited.
   */
  List<? extends RankedRule> onDisagreement(List<? extends RankedRule> candidates);

  /** A rule as precedence sees it. */
  interface RankedRule {
    /** The pattern, as compiled (percent-normalised). */
    String pattern();

    /** True for a permission (Allow, ACAP-allow-...), false for a prohibition. */
    boolean allows();

    /** True for ACAP-disallow-other / ACAP-allow-other, which apply to every usage (2.5.6). */
    boolean isOtherUsage();
  }
}
