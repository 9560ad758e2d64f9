package org.acapengine.load;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a site's policy is made of, as names: the files (each a path, {@code -} for standard input,
 * or an http(s) URL) and header values that {@link SiteLoader#load} reads into one {@link
 * org.acapengine.site.SitePolicy}. Every command that decides builds one of these from its options
 * and hands it to the loader; an embedder can build exactly what {@code acap check} builds, from
 * {@link #none()} and the {@code with…} methods. Immutable.
 *
 * <p>A new kind of source is one more field here (with its accessor and {@code with…} method) and
 * one more branch in {@link SiteLoader#load}. A class rather than a record, so that a new field is
 * no incompatible change to the API: there is no public constructor to change.
 */
public final class SiteFiles {

  private final Optional<String> robots;
  private final Optional<String> llmPolicy;
  private final Optional<String> scorpion;
  private final Optional<String> tdmRep;
  private final Optional<String> contentUsage;
  private final List<String> crawlers;
  private final Optional<String> purpose;
  private final Clock clock;

  private SiteFiles(Optional<String> robots, Optional<String> llmPolicy, Optional<String> scorpion, Optional<String> tdmRep,
      Optional<String> contentUsage, List<String> crawlers, Optional<String> purpose, Clock clock) {
    this.robots = Objects.requireNonNull(robots, "robots");
    this.llmPolicy = Objects.requireNonNull(llmPolicy, "llmPolicy");
    this.scorpion = Objects.requireNonNull(scorpion, "scorpion");
    this.tdmRep = Objects.requireNonNull(tdmRep, "tdmRep");
    this.contentUsage = Objects.requireNonNull(contentUsage, "contentUsage");
    this.crawlers = List.copyOf(crawlers);
    this.purpose = Objects.requireNonNull(purpose, "purpose");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * The robots.txt.
   *
   * @return its path, {@code -} or URL, if the site has one
   */
  public Optional<String> robots() {
    return robots;
  }

  /**
   * The TCT {@code llm-policy.json}.
   *
   * @return its path, {@code -} or URL, if the site has one
   */
  public Optional<String> llmPolicy() {
    return llmPolicy;
  }

  /**
   * The Scorpion {@code /.special/crawl} file.
   *
   * @return its path, {@code -} or URL, if the site has one
   */
  public Optional<String> scorpion() {
    return scorpion;
  }

  /**
   * The W3C TDMRep {@code tdmrep.json}.
   *
   * @return its path, {@code -} or URL, if the site has one
   */
  public Optional<String> tdmRep() {
    return tdmRep;
  }

  /**
   * The AIPREF {@code Content-Usage} header value that came with the page.
   *
   * @return the value, if given
   */
  public Optional<String> contentUsage() {
    return contentUsage;
  }

  /**
   * The crawler the site is read for: only the notices depend on it (the Scorpion lines that
   * crawler does not understand), never the policy.
   *
   * @return the crawler's names; empty when not known
   */
  public List<String> crawlers() {
    return crawlers;
  }

  /**
   * That crawler's usage purpose, for the notices too.
   *
   * @return the purpose, if known
   */
  public Optional<String> purpose() {
    return purpose;
  }

  /**
   * The clock dated sources (an llm-policy.json's {@code effective}) are read by.
   *
   * @return the clock
   */
  public Clock clock() {
    return clock;
  }

  /**
   * A site with no source yet, read by the system UTC clock.
   *
   * @return the empty description
   */
  public static SiteFiles none() {
    return new SiteFiles(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of(),
        Optional.empty(), Clock.systemUTC());
  }

  /**
   * This site with a robots.txt.
   *
   * @param source a path, {@code -} or an http(s) URL; null for none
   * @return a copy with {@link #robots()} replaced
   */
  public SiteFiles withRobots(String source) {
    return new SiteFiles(Optional.ofNullable(source), llmPolicy, scorpion, tdmRep, contentUsage, crawlers, purpose, clock);
  }

  /**
   * This site with an llm-policy.json.
   *
   * @param source a path, {@code -} or an http(s) URL; null for none
   * @return a copy with {@link #llmPolicy()} replaced
   */
  public SiteFiles withLlmPolicy(String source) {
    return new SiteFiles(robots, Optional.ofNullable(source), scorpion, tdmRep, contentUsage, crawlers, purpose, clock);
  }

  /**
   * This site with a Scorpion crawl file.
   *
   * @param source a path, {@code -} or an http(s) URL; null for none
   * @return a copy with {@link #scorpion()} replaced
   */
  public SiteFiles withScorpion(String source) {
    return new SiteFiles(robots, llmPolicy, Optional.ofNullable(source), tdmRep, contentUsage, crawlers, purpose, clock);
  }

  /**
   * This site with a tdmrep.json.
   *
   * @param source a path, {@code -} or an http(s) URL; null for none
   * @return a copy with {@link #tdmRep()} replaced
   */
  public SiteFiles withTdmRep(String source) {
    return new SiteFiles(robots, llmPolicy, scorpion, Optional.ofNullable(source), contentUsage, crawlers, purpose, clock);
  }

  /**
   * This site with a {@code Content-Usage} header value.
   *
   * @param value the header value; null for none
   * @return a copy with {@link #contentUsage()} replaced
   */
  public SiteFiles withContentUsage(String value) {
    return new SiteFiles(robots, llmPolicy, scorpion, tdmRep, Optional.ofNullable(value), crawlers, purpose, clock);
  }

  /**
   * This site read for a crawler: only the notices depend on it.
   *
   * @param names the crawler's names
   * @param usagePurpose its usage purpose, or null
   * @return a copy with {@link #crawlers()} and {@link #purpose()} replaced
   */
  public SiteFiles readFor(List<String> names, String usagePurpose) {
    return new SiteFiles(robots, llmPolicy, scorpion, tdmRep, contentUsage, names, Optional.ofNullable(usagePurpose), clock);
  }

  /**
   * This site read by another clock.
   *
   * @param c the clock
   * @return a copy with {@link #clock()} replaced
   */
  public SiteFiles withClock(Clock c) {
    return new SiteFiles(robots, llmPolicy, scorpion, tdmRep, contentUsage, crawlers, purpose, c);
  }

  /**
   * Whether no source is named.
   *
   * @return true when the site has no source at all
   */
  public boolean isEmpty() {
    return names().isEmpty() && contentUsage.isEmpty();
  }

  /**
   * Every file named, robots.txt first.
   *
   * @return the names, in the order {@link SiteLoader#load} reads them
   */
  public List<String> names() {
    List<String> all = new ArrayList<>();
    for (Optional<String> f : List.of(robots, llmPolicy, scorpion, tdmRep)) {
      f.ifPresent(all::add);
    }
    return all;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SiteFiles f && robots.equals(f.robots) && llmPolicy.equals(f.llmPolicy) && scorpion.equals(f.scorpion)
        && tdmRep.equals(f.tdmRep) && contentUsage.equals(f.contentUsage) && crawlers.equals(f.crawlers) && purpose.equals(f.purpose)
        && clock.equals(f.clock);
  }

  @Override
  public int hashCode() {
    return Objects.hash(robots, llmPolicy, scorpion, tdmRep, contentUsage, crawlers, purpose, clock);
  }

  @Override
  public String toString() {
    return "SiteFiles[robots=" + robots + ", llmPolicy=" + llmPolicy + ", scorpion=" + scorpion + ", tdmRep=" + tdmRep
        + ", contentUsage=" + contentUsage + ", crawlers=" + crawlers + ", purpose=" + purpose + ", clock=" + clock + "]";
  }
}
