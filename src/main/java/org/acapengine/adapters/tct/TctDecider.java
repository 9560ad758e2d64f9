package org.acapengine.adapters.tct;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.model.Purpose;
import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;

/**
 * The native decision rules of a TCT descriptor (docs/adapters.md, "TCT native decision").
 */
final class TctDecider {

  private TctDecider() {}

  /**
   * In order:
   *
   * <ol>
   *   <li>a usage that is not an ACAP usage (2.5): no opinion;
   *   <li>{@code crawl}/{@code follow}: no opinion, TCT says nothing about access;
   *   <li>{@code now} before {@code effective}: no opinion, not yet in force;
   *   <li>no purpose in the query: no opinion (the flags are purpose-specific), with obligations;
   *   <li>a purpose outside the one vocabulary ({@link Purpose}): no opinion, with obligations;
   *   <li>a flag that is {@code false} for a purpose overlapping the query's ({@code
   *       allow_ai_train: false} for {@code ai-train}, {@code train-ai} or {@code ai-all}):
   *       PROHIBITED (covers index, preserve, present, present-*, other);
   *   <li>otherwise ({@code true} or not stated): no opinion ("restricts nothing"), with
   *       obligations.
   * </ol>
   */
  static TctDecision decide(TctPolicy policy, String usage, Optional<String> purpose, Instant now) {
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(purpose, "purpose");
    Objects.requireNonNull(now, "now");
    Optional<Purpose> asked = purpose.flatMap(Purpose::of);
    Optional<UsagePurpose> known = purpose.flatMap(UsagePurpose::fromQuery);
    if (asked.isPresent()) {
      for (UsagePurpose flag : UsagePurpose.values()) {
        if (policy.purpose(flag) == Verdict.PROHIBITED && asked.get().refusedBy(flag.purpose())) {
          known = Optional.of(flag); // the flag that refuses the query's purpose decides
          break;
        }
      }
    }
    Verdict stated = known.map(policy::purpose).orElse(Verdict.NO_OPINION);
    switch (AcapUsages.scope(usage)) {
      case UNKNOWN:
        return noOpinion(known, stated, Set.of(), "'" + usage + "' is not an ACAP usage type (ACAP 2.5)");
      case ACCESS:
        return noOpinion(known, stated, Set.of(),
            "a TCT policy says nothing about " + AcapUsages.normalise(usage) + "; robots.txt governs access");
      default:
        break;
    }
    if (!policy.inForceAt(now)) {
      return noOpinion(known, stated, Set.of(),
          "the policy is not yet in force: effective " + policy.effective().orElseThrow());
    }
    Set<Obligation> obligations = policy.obligations();
    if (purpose.isEmpty()) {
      return noOpinion(known, stated, obligations,
          "TCT purpose flags are purpose-specific and the query names no purpose");
    }
    if (known.isEmpty()) {
      return noOpinion(known, stated, obligations,
          "the policy states nothing about purpose '" + purpose.get() + "'");
    }
    String field = known.get().jsonField();
    if (stated == Verdict.PROHIBITED && !known.get().acapName().equals(asked.map(Purpose::token).orElse(""))) {
      return new TctDecision(Verdict.PROHIBITED, known, stated, Set.of(),
          field + " is false, and " + purpose.get().strip() + " overlaps " + known.get().acapName());
    }
    switch (stated) {
      case PROHIBITED:
        return new TctDecision(Verdict.PROHIBITED, known, stated, Set.of(), field + " is false");
      case ALLOWED:
        return noOpinion(known, stated, obligations, field + " is true, which restricts nothing");
      default:
        return noOpinion(known, stated, obligations, field + " is not stated");
    }
  }

  private static TctDecision noOpinion(
      Optional<UsagePurpose> purpose, Verdict stated, Set<Obligation> obligations, String reason) {
    return new TctDecision(Verdict.NO_OPINION, purpose, stated, obligations, reason);
  }
}
