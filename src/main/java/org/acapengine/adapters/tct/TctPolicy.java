package org.acapengine.adapters.tct;

import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.Maps;
import com.google.common.collect.Sets;
import java.net.URI;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.hints.CrawlHints;

/**
 * A TCT {@code llm-policy.json} policy descriptor (tct-collab-tunnel-draft.txt, informative
 * section "policy descriptor", profile {@code tct-policy-1}), holding only the members that were
 * valid: every invalid member was reported by {@link TctPolicyReader} and left out.
 *
 * @param sourceName where the descriptor came from (a URL or file name), for messages
 * @param profile {@code tct-policy-1} when the descriptor declares it; empty when it declares no
 *     profile or one this reader does not know
 * @param version the policy revision number
 * @param effective when the policy takes effect; before it, the policy is not in force
 * @param updated when the policy was last modified (informational)
 * @param policyUrls the {@code policy_urls} object: human-readable policy documents by role
 *     ({@code terms_of_service}, {@code payment_info}, {@code contact}, ...), in source order
 * @param purposes the state of every {@link UsagePurpose} (all three are always present)
 * @param obligations the {@code requirements} that are {@code true}
 * @param rateHints the {@code rate_hints} object
 * @param purposeLines the 1-based line of each purpose flag that was read (a valid boolean), so a
 *     decision can cite it; purposes without a valid flag have no entry
 */
public record TctPolicy(
    String sourceName,
    Optional<String> profile,
    Optional<Long> version,
    Optional<Instant> effective,
    Optional<Instant> updated,
    Map<String, URI> policyUrls,
    Map<UsagePurpose, Verdict> purposes,
    Set<Obligation> obligations,
    TctRateHints rateHints,
    Map<UsagePurpose, Integer> purposeLines) {

  /** The only profile this reader knows. */
  public static final String PROFILE = "tct-policy-1";

  /**
   * Checks the required components, copies every collection into an immutable one and fills in
   * NO_OPINION for every purpose left out.
   *
   * @param sourceName where the descriptor came from (a URL or file name), for messages
   * @param profile {@code tct-policy-1} when the descriptor declares it; empty when it declares no
   *     profile or one this reader does not know
   * @param version the policy revision number
   * @param effective when the policy takes effect; before it, the policy is not in force
   * @param updated when the policy was last modified (informational)
   * @param policyUrls the {@code policy_urls} object: human-readable policy documents by role
   *     ({@code terms_of_service}, {@code payment_info}, {@code contact}, ...), in source order
   * @param purposes the state of every {@link UsagePurpose} (all three are always present)
   * @param obligations the {@code requirements} that are {@code true}
   * @param rateHints the {@code rate_hints} object
   * @param purposeLines the 1-based line of each purpose flag that was read (a valid boolean), so a
   *     decision can cite it; purposes without a valid flag have no entry
   */
  public TctPolicy {
    Objects.requireNonNull(sourceName, "sourceName");
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(effective, "effective");
    Objects.requireNonNull(updated, "updated");
    Objects.requireNonNull(rateHints, "rateHints");
    policyUrls = ImmutableMap.copyOf(policyUrls);
    EnumMap<UsagePurpose, Verdict> all = new EnumMap<>(UsagePurpose.class);
    for (UsagePurpose p : UsagePurpose.values()) {
      all.put(p, purposes.getOrDefault(p, Verdict.NO_OPINION));
    }
    purposes = Maps.immutableEnumMap(all);
    obligations = Sets.immutableEnumSet(obligations);
    purposeLines = purposeLines.isEmpty() ? Map.of() : Maps.immutableEnumMap(purposeLines);
  }

  /**
   * A descriptor without line information (every {@link #purposeLine} is 0).
   *
   * @param sourceName where the descriptor came from
   * @param profile the declared profile, if known
   * @param version the policy revision number
   * @param effective when the policy takes effect
   * @param updated when the policy was last modified
   * @param policyUrls the policy documents by role
   * @param purposes the state of each purpose; missing ones are NO_OPINION
   * @param obligations the requirements that are {@code true}
   * @param rateHints the {@code rate_hints} object
   */
  public TctPolicy(String sourceName, Optional<String> profile, Optional<Long> version, Optional<Instant> effective,
      Optional<Instant> updated, Map<String, URI> policyUrls, Map<UsagePurpose, Verdict> purposes,
      Set<Obligation> obligations, TctRateHints rateHints) {
    this(sourceName, profile, version, effective, updated, policyUrls, purposes, obligations, rateHints, Map.of());
  }

  /**
   * The line of {@code purpose}'s flag, 0 when it has none (not stated, or built without lines).
   *
   * @param purpose the purpose
   * @return the 1-based line, or 0
   */
  public int purposeLine(UsagePurpose purpose) {
    return purposeLines.getOrDefault(purpose, 0);
  }

  /**
   * What the descriptor states for {@code purpose}.
   *
   * @param purpose the purpose
   * @return ALLOWED, PROHIBITED or NO_OPINION, never null
   */
  public Verdict purpose(UsagePurpose purpose) {
    return purposes.get(purpose);
  }

  /**
   * False only when an {@code effective} time is stated and {@code now} is before it.
   *
   * @param now the time of the query
   * @return true when the policy is in force at {@code now}
   */
  public boolean inForceAt(Instant now) {
    return effective.isEmpty() || !now.isBefore(effective.get());
  }

  /**
   * The rate hints as {@link CrawlHints}.
   *
   * @return the hints, or {@link CrawlHints#none()} when the descriptor states none
   */
  public CrawlHints crawlHints() {
    return rateHints.toCrawlHints();
  }

  /**
   * The descriptor's native decision for one ACAP usage and query purpose; see
   * {@link TctDecider#decide} for the rules.
   *
   * @param usage the ACAP usage name
   * @param purpose the query's ACAP usage purpose; empty or unknown to TCT gives no opinion for the
   *     purpose-dependent usages
   * @param now the time of the query, for {@code effective}
   * @return PROHIBITED or NO_OPINION, with obligations and a reason; never null
   */
  public TctDecision decide(String usage, Optional<String> purpose, Instant now) {
    return TctDecider.decide(this, usage, purpose, now);
  }
}
