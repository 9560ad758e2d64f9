package org.acapengine.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.tct.TctDecision;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * A TCT llm-policy.json as a policy source: a purpose flag that is {@code false} prohibits every
 * use usage; anything else is no opinion and carries the descriptor's requirements as
 * obligations. Not in force before its {@code effective} instant: then it says nothing and gives
 * no hints.
 */
public final class TctSource implements PolicySource {

  private final TctPolicy policy;

  /**
   * A source for an llm-policy.json descriptor.
   *
   * @param policy the descriptor; not null
   */
  public TctSource(TctPolicy policy) {
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * The descriptor this source reads.
   *
   * @return the policy
   */
  public TctPolicy policy() {
    return policy;
  }

  /** Speaks to using content, never to fetching it. */
  @Override
  public boolean decidesCrawl() {
    return false;
  }

  @Override
  public String kind() {
    return "llm-policy.json";
  }

  @Override
  public String name() {
    return policy.sourceName();
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    TctDecision td = policy.decide(query.usage(), query.purpose(), now);
    List<SourceLine> evidence = td.prohibited()
        ? List.of(new SourceLine(name(), td.purpose().map(policy::purposeLine).orElse(0), "purposes." + flag(td) + ": false"))
        : List.of();
    return new SourceVerdict(kind(), name(), td.verdict(), evidence, td.reason()).withObligations(td.obligations());
  }

  /** The descriptor's profile, version and dates, and its policy URLs. */
  @Override
  public SourceExplanation explain(Query query, Instant now) {
    List<String> notes = new ArrayList<>();
    notes.add("llm-policy.json " + name() + ": profile " + policy.profile().orElse("(none)")
        + policy.version().map(v -> ", version " + v).orElse("")
        + policy.updated().map(u -> ", updated " + u).orElse("")
        + policy.effective().map(e -> ", effective " + e + (policy.inForceAt(now) ? "" : " (not yet in force)")).orElse(""));
    policy.policyUrls().forEach((k, v) -> notes.add("llm-policy.json policy_urls." + k + ": " + v));
    return new SourceExplanation(decide(query, now), Optional.empty(), notes);
  }

  /** The descriptor's {@code rate_hints}, when it is in force. */
  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return policy.inForceAt(now) ? policy.crawlHints() : CrawlHints.none();
  }

  private static String flag(TctDecision td) {
    return td.purpose().map(p -> switch (p) {
      case SEARCH -> "allow_search_indexing";
      case AI_INPUT -> "allow_ai_input";
      case AI_TRAIN -> "allow_ai_train";
    }).orElse("?");
  }
}
