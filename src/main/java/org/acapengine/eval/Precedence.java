package org.acapengine.eval;

/**
 * How matching rules are ranked, and what happens when the best of them disagree: ACAP 1.0
 * section 2.4.5's narrowest scope for ACAP fields (and the conventional rules that compete with
 * them), RFC 9309 section 2.2.2's longest match for conventional rules alone. An explanation names
 * the method of each comparison it lists ({@link Explanation.Comparison#method}).
 */
public enum Precedence {

  /**
   * RFC 9309 section 2.2.2: the most specific match is the one with the most octets (of the
   * percent-normalised pattern); of an Allow and a Disallow rule that are equivalent, the Allow
   * rule is used.
   */
  LONGEST_MATCH,

  /**
   * ACAP 1.0 section 2.4.5, literally: patterns are compared character by character from the
   * left, case-insensitively; a pattern that runs out is broader; where one has {@code $} and the
   * other any other character (including {@code *}), the other is narrower; where one has {@code
   * *} and the other any other character except {@code $}, the other is narrower. Two different
   * literal characters at the first difference cannot be ordered. When the best candidates
   * disagree the usage is prohibited ("unable to determine which ... has the narrowest scope"),
   * with one exception from the meaning of {@code other} (2.5.6): a {@code disallow-other} never
   * defeats an explicit permission for the usage itself.
   */
  NARROWEST_SCOPE;

  /** How the scope of one pattern relates to another's. */
  public enum Order {
    /** The first pattern has the narrower scope: it wins over the second. */
    NARROWER,
    /** The second pattern has the narrower scope. */
    BROADER,
    /** The method ranks them equal (identical patterns; RFC 9309: equally long). */
    SAME,
    /** The method cannot rank them (ACAP: two different literal characters at the first difference). */
    UNORDERED
  }

  /** Kinds of candidate, as bits: a permission or a prohibition, for the usage asked about or for {@code other}. */
  static final int ALLOWS_USAGE = 1;
  static final int ALLOWS_OTHER = 2;
  static final int PROHIBITS_USAGE = 4;
  static final int PROHIBITS_OTHER = 8;
  static final int ALLOWS = ALLOWS_USAGE | ALLOWS_OTHER;

  /**
   * The scope of pattern {@code a} relative to pattern {@code b} (both as compiled).
   *
   * @param a a pattern, as compiled
   * @param b another pattern, as compiled
   * @return whether {@code a} is narrower, broader, the same or unordered
   */
  public Order compare(String a, String b) {
    if (this == LONGEST_MATCH) {
      int c = Integer.compare(a.length(), b.length());
      return c > 0 ? Order.NARROWER : c < 0 ? Order.BROADER : Order.SAME;
    }
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      int ka = ScopeOrder.key(a, i);
      int kb = ScopeOrder.key(b, i);
      if (ka == kb) {
        continue;
      }
      if (ka == ScopeOrder.DOLLAR || (ka == ScopeOrder.STAR && kb != ScopeOrder.DOLLAR)) {
        return Order.BROADER;
      }
      if (kb == ScopeOrder.DOLLAR || kb == ScopeOrder.STAR) {
        return Order.NARROWER;
      }
      return Order.UNORDERED;
    }
    if (a.length() == b.length()) {
      return Order.SAME;
    }
    // The one that ran out of characters is broader.
    return a.length() > b.length() ? Order.NARROWER : Order.BROADER;
  }

  /**
   * Among candidates (matching rules no other outranks) that do not all agree, the kinds that
   * decide: RFC 9309 uses the Allow rules; 2.4.5 prohibits the usage (0) unless an explicit
   * permission for the usage is among them and no prohibition of the usage is, the {@code
   * disallow-other} rules then yielding (2.5.6).
   *
   * @param kinds the kinds present among the candidates ({@link #ALLOWS_USAGE}, ...)
   * @return the kinds that win, 0 for none
   */
  int winners(int kinds) {
    if (this == LONGEST_MATCH) {
      return kinds & ALLOWS;
    }
    if ((kinds & ALLOWS_USAGE) == 0 || (kinds & PROHIBITS_USAGE) != 0) {
      return 0;
    }
    return kinds & ALLOWS;
  }
}
