package org.acapengine.compat.crawlercommons;

import crawlercommons.robots.BaseRobotRules;
import java.net.URL;
import java.util.List;
import java.util.Optional;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.CrawlerPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;

/**
 * crawler-commons' {@link BaseRobotRules}, answered by a compiled policy: {@link #isAllowed} is
 * acap-engine's decision for the parser's usage (by default {@code crawl}), crawler names and
 * purpose. Thread-safe for {@link #isAllowed}. Not serializable in practice: the compiled policy is
 * not (crawlers that serialize rules should keep the robots.txt bytes instead).
 */
@SuppressWarnings("serial")
public final class AcapRobotRules extends BaseRobotRules {

  /** What the rules rest on. */
  public enum Mode {
    /** A parsed robots.txt decides. */
    POLICY,
    /** Everything allowed (robots.txt unavailable, RFC 9309 2.3.1.3). */
    ALLOW_ALL,
    /** Nothing allowed (robots.txt unreachable, RFC 9309 2.3.1.4). */
    ALLOW_NONE
  }

  /** The crawler's compiled rules, without the parsed file (what a crawler keeps per host). */
  private final transient CrawlerPolicy policy;
  /** The robots.txt's name (its URL), for {@link #toString()}. */
  private final String source;
  /** The crawler names the decisions are made for. */
  private final List<String> crawlers;
  /** The ACAP usage the decisions are made for. */
  private final String usage;
  /** The usage purpose of the queries, if any. */
  private final Optional<String> purpose;
  /** True when only the conventional RFC 9309 rules count. */
  private final boolean conventionalOnly;
  /** How this object answers. */
  private final Mode mode;

  AcapRobotRules(CompiledPolicy policy, List<String> crawlers, String usage, Optional<String> purpose, boolean conventionalOnly) {
    this.policy = policy.forCrawler(crawlers);
    this.source = policy.document().source().name();
    this.crawlers = List.copyOf(crawlers);
    this.usage = usage;
    this.purpose = purpose;
    this.conventionalOnly = conventionalOnly;
    this.mode = Mode.POLICY;
    MatchedWildcard.set(this, MatchedWildcard.of(policy, crawlers, conventionalOnly));
  }

  AcapRobotRules(Mode mode) {
    this.policy = null;
    this.source = "";
    this.crawlers = List.of();
    this.usage = "crawl";
    this.purpose = Optional.empty();
    this.conventionalOnly = false;
    this.mode = mode;
  }

  /**
   * How this object answers: from a compiled robots.txt, or everything or nothing allowed.
   *
   * @return the mode, never null
   */
  public Mode mode() {
    return mode;
  }

  /**
   * The crawler's compiled rules, when a robots.txt decides: the parsed file is not kept (a
   * crawler holds these per host), so for {@code explain} parse and compile the file again.
   *
   * @return the rules in {@link Mode#POLICY} mode, empty in the allow-all and allow-none modes
   *         (and after deserialisation, which drops the transient rules)
   */
  public Optional<CrawlerPolicy> policy() {
    return Optional.ofNullable(policy);
  }

  /**
   * The full decision for a URL (basis, deciding line, qualifiers); empty when no robots.txt decides.
   *
   * @param url the absolute URL to decide
   * @return the decision, or empty in the allow-all and allow-none modes
   */
  public Optional<Decision> decide(String url) {
    if (policy == null) {
      return Optional.empty();
    }
    if (conventionalOnly) {
      return Optional.of(policy.decideConventionalOnly(url));
    }
    return Optional.of(policy.decide(Query.builder().crawlers(crawlers).usage(usage).purpose(purpose.orElse(null)).url(url).build()));
  }

  @Override
  public boolean isAllowed(String url) {
    switch (mode) {
      case ALLOW_ALL:
        return true;
      case ALLOW_NONE:
        return false;
      default:
        return decide(url).map(Decision::allowed).orElse(true);
    }
  }

  @Override
  public boolean isAllowed(URL url) {
    return isAllowed(url.toString());
  }

  @Override
  public boolean isAllowAll() {
    return mode == Mode.ALLOW_ALL;
  }

  @Override
  public boolean isAllowNone() {
    return mode == Mode.ALLOW_NONE;
  }

  @Override
  public boolean equals(Object o) {
    return this == o;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }

  @Override
  public String toString() {
    return "AcapRobotRules[" + mode + (policy == null ? "" : ", " + source + ", crawlers " + crawlers + ", usage " + usage) + "]";
  }
}
