package org.acapengine.load;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.CrawlerPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.model.SourceLine;
import org.acapengine.eval.Query;

/**
 * What {@link PolicyCache} holds for an origin at one moment, and how it decides.
 *
 * @param origin the origin
 * @param state what the decisions rest on
 * @param latest the latest fetch outcome (for {@link RobotsFetch.Fetched}, the cache keeps the
 *     compiled policy, not the body bytes: {@code latest.body()} is empty)
 * @param policy the compiled policy used: the latest one, or the copy kept while the origin is
 *     unreachable; empty when decisions do not rest on a policy, or when the cache keeps a
 *     crawler's rules alone ({@link PolicyCache.Builder#forCrawler}) and not the documents
 * @param crawlerPolicy the crawler's rules used, when the cache keeps them alone; else empty
 * @param reason for {@link State#UNAVAILABLE} and {@link State#UNREACHABLE}, what failed, naming
 *     the URL; for {@link State#STALE_COPY}, why the copy is used; otherwise empty
 */
public record CachedPolicy(Origin origin, State state, RobotsFetch latest, Optional<CompiledPolicy> policy, Optional<CrawlerPolicy> crawlerPolicy,
    Optional<String> reason) {

  /** What decisions rest on. */
  public enum State {
    /** The robots.txt fetched last. */
    FETCHED,
    /** An earlier copy, because the origin is unreachable now (RFC 9309 2.3.1.4). */
    STALE_COPY,
    /** No robots.txt (4xx, too many redirects) or unreachable for too long: any resource may be accessed. */
    UNAVAILABLE,
    /** Unreachable and no usable copy: nothing may be crawled. */
    UNREACHABLE
  }

  /**
   * Checks that no component is null and that a policy (whole or the crawler's) is present
   * exactly in the FETCHED and STALE_COPY states.
   *
   * @param origin the origin
   * @param state what decisions rest on
   * @param latest the latest fetch outcome
   * @param policy the compiled policy used, when decisions rest on one and the cache keeps it
   * @param crawlerPolicy the crawler's rules used, when the cache keeps them alone
   * @param reason what failed or why a stale copy is used, where that applies
   * @throws IllegalArgumentException when the policy does not fit the state
   */
  public CachedPolicy {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(latest, "latest");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(crawlerPolicy, "crawlerPolicy");
    Objects.requireNonNull(reason, "reason");
    boolean has = policy.isPresent() || crawlerPolicy.isPresent();
    if ((state == State.FETCHED || state == State.STALE_COPY) != has) {
      throw new IllegalArgumentException(state + (has ? " has no policy" : " needs a policy"));
    }
  }

  /**
   * A cached policy that keeps the whole compiled policy (or none).
   *
   * @param origin the origin
   * @param state what decisions rest on
   * @param latest the latest fetch outcome
   * @param policy the compiled policy used, when decisions rest on one
   * @param reason what failed or why a stale copy is used, where that applies
   */
  public CachedPolicy(Origin origin, State state, RobotsFetch latest, Optional<CompiledPolicy> policy, Optional<String> reason) {
    this(origin, state, latest, policy, Optional.empty(), reason);
  }

  /**
   * Until when this answer may be used before the origin is asked again.
   *
   * @return {@link RobotsFetch#expiresAt()} of the latest fetch outcome
   */
  public Instant expiresAt() {
    return latest.expiresAt();
  }

  /**
   * Decides the query (its path is the one the caller put in it; with a crawler's rules alone,
   * it must name that crawler). Unavailable: allowed, basis
   * {@code robots-unavailable}; unreachable: prohibited, basis {@code robots-unreachable}, but for
   * crawling {@code /robots.txt} itself.
   *
   * @param query the query, its path already set by the caller
   * @return the decision, never null
   * @throws IllegalArgumentException when the cache keeps a crawler's rules and the query names another crawler
   */
  public Decision decide(Query query) {
    switch (state) {
      case FETCHED:
      case STALE_COPY:
        return crawlerPolicy.isPresent() ? crawlerPolicy.get().decide(query) : policy.get().decide(query);
      case UNAVAILABLE:
        if (latest instanceof RobotsFetch.Unavailable u) {
          return u.decision();
        }
        return new Decision(true, Basis.ROBOTS_UNAVAILABLE,
            List.of(new SourceLine(origin.robotsTxt().toString(), 0, reason.orElse("unavailable") + " (RFC 9309 2.3.1.4)")), List.of());
      default:
        if (latest instanceof RobotsFetch.Unreachable u) {
          return u.decision(query);
        }
        return new RobotsFetch.Unreachable(origin, java.util.OptionalInt.empty(), reason.orElse("unreachable"), latest.fetchedAt(), latest.expiresAt())
            .decision(query);
    }
  }
}
