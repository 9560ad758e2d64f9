package org.acapengine.load;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.acapengine.site.RslSource;

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

  private Optional<String> robots = Optional.empty();
  private Optional<String> llmPolicy = Optional.empty();
  private Optional<String> scorpion = Optional.empty();
  private Optional<String> tdmRep = Optional.empty();
  private Optional<String> contentUsage = Optional.empty();
  private Optional<String> contentSignal = Optional.empty();
  private List<String> rsl = List.of();
  private Optional<String> pageHeaders = Optional.empty();
  private Optional<String> page = Optional.empty();
  private RslSource.Licensee licensee = RslSource.Licensee.UNSTATED;
  private List<String> crawlers = List.of();
  private Optional<String> purpose = Optional.empty();
  private Clock clock = Clock.systemUTC();

  private SiteFiles() {}

  /** A copy of this with one change: every {@code with…} method is one of these. */
  private SiteFiles with(Consumer<SiteFiles> change) {
    SiteFiles f = new SiteFiles();
    f.robots = robots;
    f.llmPolicy = llmPolicy;
    f.scorpion = scorpion;
    f.tdmRep = tdmRep;
    f.contentUsage = contentUsage;
    f.contentSignal = contentSignal;
    f.rsl = rsl;
    f.pageHeaders = pageHeaders;
    f.page = page;
    f.licensee = licensee;
    f.crawlers = crawlers;
    f.purpose = purpose;
    f.clock = clock;
    change.accept(f);
    return f;
  }

  /**
   * The robots.txt.
   *
   * @return a file name, {@code -} or an http(s) URL; empty when the site has none
   */
  public Optional<String> robots() {
    return robots;
  }

  /**
   * The TCT llm-policy.json.
   *
   * @return a file name, {@code -} or an http(s) URL; empty when the site has none
   */
  public Optional<String> llmPolicy() {
    return llmPolicy;
  }

  /**
   * The Scorpion crawl file.
   *
   * @return a file name, {@code -} or an http(s) URL; empty when the site has none
   */
  public Optional<String> scorpion() {
    return scorpion;
  }

  /**
   * The W3C TDMRep tdmrep.json.
   *
   * @return a file name, {@code -} or an http(s) URL; empty when the site has none
   */
  public Optional<String> tdmRep() {
    return tdmRep;
  }

  /**
   * The AIPREF Content-Usage header value that came with the page.
   *
   * @return the header's value; empty when there was none
   */
  public Optional<String> contentUsage() {
    return contentUsage;
  }

  /**
   * The Content-Signal header value that came with the page.
   *
   * @return the header's value; empty when there was none
   */
  public Optional<String> contentSignal() {
    return contentSignal;
  }

  /**
   * Local copies (or URLs) of the RSL licences the site names; when there are none, the licences
   * the robots.txt's {@code License:} lines and the page's links name are read instead.
   *
   * @return file names, {@code -} or http(s) URLs, in order
   */
  public List<String> rsl() {
    return rsl;
  }

  /**
   * The page's response header block ({@code curl -i} or {@code curl -D} output).
   *
   * @return a file name or {@code -}; empty when not given
   */
  public Optional<String> pageHeaders() {
    return pageHeaders;
  }

  /**
   * The page's HTML.
   *
   * @return a file name or {@code -}; empty when not given
   */
  public Optional<String> page() {
    return page;
  }

  /**
   * What the crawler states of itself for RSL licences.
   *
   * @return the licensee; {@link RslSource.Licensee#UNSTATED} unless given
   */
  public RslSource.Licensee licensee() {
    return licensee;
  }

  /**
   * The crawler names the site is read for (which Scorpion lines a crawler does not understand).
   *
   * @return the names, possibly none
   */
  public List<String> crawlers() {
    return crawlers;
  }

  /**
   * The purpose the site is read for.
   *
   * @return the purpose, if one is given
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
   * A site of no files.
   *
   * @return the empty site
   */
  public static SiteFiles none() {
    return new SiteFiles();
  }

  /**
   * This site with a robots.txt.
   *
   * @param source a file name, {@code -} or an http(s) URL; null for none
   * @return the new site
   */
  public SiteFiles withRobots(String source) {
    return with(f -> f.robots = Optional.ofNullable(source));
  }

  /**
   * This site with an llm-policy.json.
   *
   * @param source a file name, {@code -} or an http(s) URL; null for none
   * @return the new site
   */
  public SiteFiles withLlmPolicy(String source) {
    return with(f -> f.llmPolicy = Optional.ofNullable(source));
  }

  /**
   * This site with a Scorpion crawl file.
   *
   * @param source a file name, {@code -} or an http(s) URL; null for none
   * @return the new site
   */
  public SiteFiles withScorpion(String source) {
    return with(f -> f.scorpion = Optional.ofNullable(source));
  }

  /**
   * This site with a tdmrep.json.
   *
   * @param source a file name, {@code -} or an http(s) URL; null for none
   * @return the new site
   */
  public SiteFiles withTdmRep(String source) {
    return with(f -> f.tdmRep = Optional.ofNullable(source));
  }

  /**
   * This site with a Content-Usage header value.
   *
   * @param value the header's value; null for none
   * @return the new site
   */
  public SiteFiles withContentUsage(String value) {
    return with(f -> f.contentUsage = Optional.ofNullable(value));
  }

  /**
   * This site with a Content-Signal header value.
   *
   * @param value the header's value; null for none
   * @return the new site
   */
  public SiteFiles withContentSignal(String value) {
    return with(f -> f.contentSignal = Optional.ofNullable(value));
  }

  /**
   * This site with local copies (or URLs) of its RSL licences, in place of those its files name.
   *
   * @param sources file names, {@code -} or http(s) URLs; empty for none
   * @return the new site
   */
  public SiteFiles withRsl(List<String> sources) {
    List<String> copy = List.copyOf(sources);
    return with(f -> f.rsl = copy);
  }

  /**
   * This site with what a page's response said of the page: its header block and its HTML.
   *
   * @param headers the header block's file name or {@code -}; null for none
   * @param html the HTML's file name or {@code -}; null for none
   * @return the new site
   */
  public SiteFiles withPage(String headers, String html) {
    return with(f -> {
      f.pageHeaders = Optional.ofNullable(headers);
      f.page = Optional.ofNullable(html);
    });
  }

  /**
   * This site read for a crawler that states this of itself to RSL licences (their {@code
   * type="user"} and {@code type="geo"} terms).
   *
   * @param userType commercial, non-commercial, education, government or personal; null when
   *     unstated
   * @param country an ISO 3166-1 alpha-2 code; null when unstated
   * @return the new site
   */
  public SiteFiles withLicensee(String userType, String country) {
    RslSource.Licensee l = new RslSource.Licensee(Optional.ofNullable(userType), Optional.ofNullable(country));
    return with(f -> f.licensee = l);
  }

  /**
   * This site read for these crawlers and this purpose.
   *
   * @param names the crawler names
   * @param usagePurpose the purpose; null for none
   * @return the new site
   */
  public SiteFiles readFor(List<String> names, String usagePurpose) {
    List<String> copy = List.copyOf(names);
    return with(f -> {
      f.crawlers = copy;
      f.purpose = Optional.ofNullable(usagePurpose);
    });
  }

  /**
   * This site read by another clock.
   *
   * @param c the clock; not null
   * @return the new site
   */
  public SiteFiles withClock(Clock c) {
    Objects.requireNonNull(c, "clock");
    return with(f -> f.clock = c);
  }

  /**
   * Whether the site has no file and no header value.
   *
   * @return true when there is nothing to read
   */
  public boolean isEmpty() {
    return names().isEmpty() && contentUsage.isEmpty() && contentSignal.isEmpty();
  }

  /**
   * The files named, in the order they are read.
   *
   * @return file names, {@code -} or URLs
   */
  public List<String> names() {
    List<String> all = new ArrayList<>();
    for (Optional<String> f : List.of(robots, llmPolicy, scorpion, tdmRep, pageHeaders, page)) {
      f.ifPresent(all::add);
    }
    all.addAll(rsl);
    return all;
  }

  private List<Object> fields() {
    return Arrays.asList(robots, llmPolicy, scorpion, tdmRep, contentUsage, contentSignal, rsl, pageHeaders, page, licensee, crawlers, purpose, clock);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SiteFiles f && fields().equals(f.fields());
  }

  @Override
  public int hashCode() {
    return fields().hashCode();
  }

  @Override
  public String toString() {
    return "SiteFiles[robots=" + robots + ", llmPolicy=" + llmPolicy + ", scorpion=" + scorpion + ", tdmRep=" + tdmRep
        + ", contentUsage=" + contentUsage + ", contentSignal=" + contentSignal + ", rsl=" + rsl + ", pageHeaders=" + pageHeaders
        + ", page=" + page + ", licensee=" + licensee + ", crawlers=" + crawlers + ", purpose=" + purpose + ", clock=" + clock + "]";
  }
}
