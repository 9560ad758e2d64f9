package org.acapengine.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * ACAP 1.0 section 2.4.5, literally: patterns are compared character by character from the left,
 * case-insensitively; a pattern that runs out is broader; where one has {@code $} and the other
 * any other character (including {@code *}), the other is narrower; where one has {@code *} and
 * the other any other character except {@code $}, the other is narrower. Two different literal
 * characters at the first difference cannot be ordered. When the best candidates disagree the
 * usage is prohibited ("unable to determine which ... has the narrowest scope"), with one
 * exception from the meaning of {@code other} (2.5.6): a {@code disallow-other} never defeats an
 * explicit permission for the usage itself.
 */
public final class NarrowestScope implements Precedence {

  /** The one instance; the method has no state. */
  public static final NarrowestScope INSTANCE = new NarrowestScope();

  private NarrowestScope() {}

  @Override
  public Order compare(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = lower(a.charAt(i));
      char cb = lower(b.charAt(i));
      if (ca == cb) {
        continue;
      }
      if (ca == '$') {
        return Order.BROADER;
      }
      if (cb == '$') {
        return Order.NARROWER;
      }
      if (ca == '*') {
        return Order.BROADER;
      }
      if (cb == '*') {
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

  @Override
  public List<? extends RankedRule> onDisagreement(List<? extends RankedRule> candidates) {
    boolean explicitPermission = false;
    for (RankedRule r : candidates) {
      if (r.allows() && !r.isOtherUsage()) {
        explicitPermission = true;
        break;
      }
    }
    if (!explicitPermission) {
      return List.of();
    }
    List<RankedRule> rest = new ArrayList<>(candidates.size());
    for (RankedRule r : candidates) {
      if (r.allows() || !r.isOtherUsage()) {
        rest.add(r);
      }
    }
    for (RankedRule r : rest) {
      if (!r.allows()) {
        return List.of();
      }
    }
    return rest;
  }

  private static char lower(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
  }
}
