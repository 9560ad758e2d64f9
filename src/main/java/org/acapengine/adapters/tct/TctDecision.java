package org.acapengine.adapters.tct;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;

/**
 * The descriptor's answer for one usage and purpose.
 *
 * @param verdict PROHIBITED or NO_OPINION
 * @param purpose the purpose of the query when it is one the descriptor knows
 * @param stated what the descriptor states for that purpose (NO_OPINION without a known purpose)
 * @param obligations the conditions that come with any use that is not prohibited (empty for a
 *     prohibition, for {@code crawl}/{@code follow}, and when the descriptor is not in force)
 * @param reason a one-line human-readable explanation
 */
public record TctDecision(
    Verdict verdict, Optional<UsagePurpose> purpose, Verdict stated, Set<Obligation> obligations, String reason) {

  /**
   * Checks no component is null and makes the obligations immutable.
   *
   * @param verdict PROHIBITED or NO_OPINION
   * @param purpose the purpose of the query when it is one the descriptor knows
   * @param stated what the descriptor states for that purpose (NO_OPINION without a known purpose)
   * @param obligations the conditions that come with any use that is not prohibited (empty for a
   *     prohibition, for {@code crawl}/{@code follow}, and when the descriptor is not in force)
   * @param reason a one-line human-readable explanation
   * @throws IllegalArgumentException when a prohibition carries obligations
   */
  public TctDecision {
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(purpose, "purpose");
    Objects.requireNonNull(stated, "stated");
    Objects.requireNonNull(reason, "reason");
    obligations = obligations.isEmpty()
        ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(obligations));
    if (verdict == Verdict.PROHIBITED && !obligations.isEmpty()) {
      throw new IllegalArgumentException("a prohibition carries no obligations");
    }
  }

  /**
   * True when the verdict is PROHIBITED.
   *
   * @return true only for PROHIBITED
   */
  public boolean prohibited() {
    return verdict == Verdict.PROHIBITED;
  }
}
