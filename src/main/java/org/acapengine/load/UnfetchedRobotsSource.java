package org.acapengine.load;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SourceExplanation;
import org.acapengine.site.SourceVerdict;

/**
 * A robots.txt that was asked for by URL and could not be had, as a policy source in the
 * robots.txt place: unavailable (RFC 9309 2.3.1.3: a 4xx, too many redirects) allows every usage
 * on the basis {@code robots-unavailable}; unreachable (2.3.1.4: a 5xx, 429, timeout, DNS or
 * connection failure) prohibits every usage on the basis {@code robots-unreachable}, but for
 * crawling {@code /robots.txt} itself. The deciding line is the URL as the user named it, with
 * what failed. No crawl hints. Immutable and thread-safe.
 *
 * @param name the robots.txt's name as given (the URL on the command line)
 * @param outcome the fetch outcome, {@link RobotsFetch.Unavailable} or {@link RobotsFetch.Unreachable}
 */
public record UnfetchedRobotsSource(String name, RobotsFetch outcome) implements PolicySource {

  /**
   * Checks that no component is null and that the outcome is not a fetched file.
   *
   * @param name the robots.txt's name as given (the URL on the command line)
   * @param outcome the fetch outcome, {@link RobotsFetch.Unavailable} or {@link RobotsFetch.Unreachable}
   * @throws IllegalArgumentException if the outcome is {@link RobotsFetch.Fetched}
   */
  public UnfetchedRobotsSource {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(outcome, "outcome");
    if (outcome instanceof RobotsFetch.Fetched) {
      throw new IllegalArgumentException("a fetched robots.txt is a RobotsSource of its compiled policy");
    }
  }

  @Override
  public String kind() {
    return RobotsSource.KIND;
  }

  /**
   * The decision RFC 9309 2.3.1 gives, its lines named by {@link #name()}.
   *
   * @param query the query
   * @return allowed for an unavailable robots.txt, prohibited for an unreachable one, except /robots.txt
   */
  public Decision decision(Query query) {
    // The line is named as the user named the robots.txt: no URL is built for it (a URI per decision was a tenth of its time).
    if (outcome instanceof RobotsFetch.Unavailable u) {
      return u.decision(name);
    }
    return query.isRobotsTxt() ? Decision.ROBOTS_TXT : ((RobotsFetch.Unreachable) outcome).decision(name);
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    return RobotsSource.verdict(name, decision(query));
  }

  /** The verdict, and a note saying what the fetch gave (there is no file to trace). */
  @Override
  public SourceExplanation explain(Query query, Instant now) {
    String state = outcome instanceof RobotsFetch.Unavailable ? "unavailable (RFC 9309 2.3.1.3)" : "unreachable (RFC 9309 2.3.1.4)";
    return new SourceExplanation(decide(query, now), Optional.empty(), List.of("robots.txt " + name + ": " + state + ": " + outcome.describe()));
  }

  /** None: without a file there is no {@code Crawl-delay}. */
  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }
}
