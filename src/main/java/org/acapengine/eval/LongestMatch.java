package org.acapengine.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 9309 section 2.2.2: the most specific match is the one with the most octets (of the
 * percent-normalised pattern); of an Allow and a Disallow rule that are equivalent, the Allow
 * rule is used.
 */
public final class LongestMatch implements Precedence {

  /** The one instance; the method has no state. */
  public static final LongestMatch INSTANCE = new LongestMatch();

  private LongestMatch() {}

  @Override
  public Order compare(String a, String b) {
    int c = Integer.compare(a.length(), b.length());
    return c > 0 ? Order.NARROWER : c < 0 ? Order.BROADER : Order.SAME;
  }

  @Override
  public List<? extends RankedRule> onDisagreement(List<? extends RankedRule> candidates) {
    List<RankedRule> allows = new ArrayList<>(candidates.size());
    for (RankedRule r : candidates) {
      if (r.allows()) {
        allows.add(r);
      }
    }
    return allows;
  }
}
