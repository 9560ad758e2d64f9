package org.acapengine.adapters.scorpion;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Verdict;

/**
 * The answer of a Scorpion crawl policy for one usage and path.
 *
 * @param verdict allowed, disallowed or no opinion
 * @param rule the rule that decided, including {@link ScorpionRule#IMPLICIT_DISALLOW}; empty for
 *     no opinion and for a file that is not understood
 * @param dynamic the first {@code d} rule matching the path, if any: a hint that the file is
 *     probably dynamic and "might not be useful to mirror"
 * @param reason a one-line human-readable explanation
 */
public record ScorpionDecision(
    Verdict verdict, Optional<ScorpionRule> rule, Optional<ScorpionRule> dynamic, String reason) {

  /**
   * Checks that no component is null.
   *
   * @param verdict allowed, disallowed or no opinion
   * @param rule the rule that decided, including {@link ScorpionRule#IMPLICIT_DISALLOW}; empty for
   *     no opinion and for a file that is not understood
   * @param dynamic the first {@code d} rule matching the path, if any: a hint that the file is
   *     probably dynamic and "might not be useful to mirror"
   * @param reason a one-line human-readable explanation
   */
  public ScorpionDecision {
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(dynamic, "dynamic");
    Objects.requireNonNull(reason, "reason");
  }

  /**
   * True when the verdict is ALLOWED.
   *
   * @return true only for ALLOWED; false for PROHIBITED and for no opinion
   */
  public boolean allowed() {
    return verdict == Verdict.ALLOWED;
  }

  /**
   * True when a {@code d} rule matches the path, whatever the verdict.
   *
   * @return true when {@link #dynamic()} is present
   */
  public boolean isDynamic() {
    return dynamic.isPresent();
  }
}
