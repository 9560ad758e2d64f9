package org.acapengine.adapters.scorpion;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.match.PathPatternSet;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Verdict;

/**
 * A {@code /.special/crawl} file as one crawler reads it (scorpion-protocol.txt, "Automated
 * crawling"): its effective lines, whether the file is understood, its rules per category, its
 * crawl hints and estimates, and its native decisions.
 *
 * <p>Effective lines: every line before the first {@code @} line, and the lines after the first
 * {@code @} line naming the crawler ({@link ScorpionCrawler}) up to the next {@code @} line. All
 * other lines are ignored, even ones that are not understood.
 *
 * <p>In the effective lines, a line that is not understood ({@link ScorpionLine#problem()}) is
 * skipped with an info diagnostic when bit 5 of its command byte is set; when bit 5 is clear the
 * whole file is not understood: the crawler may crawl nothing, and the decision says why. An empty
 * line has no command byte to take bit 5 from; it is ignored (info).
 *
 * <p>The policy file itself ({@link #POLICY_FILE}, with or without a query string) may always be
 * crawled, as {@code /robots.txt} may (RFC 9309 2.2.2).
 *
 * <p>Decisions use the first matching rule of their own category (docs/adapters.md, "first
 * match per category"): {@code c}/{@code C} decide {@code crawl}, followed by the implicit
 * {@code C/}; {@code i}/{@code v} decide {@code index} with no default (no match: no opinion);
 * {@code d} only marks a decision as dynamic. Every other usage gets no opinion.
 */
public final class ScorpionCrawlerPolicy {

  private final ScorpionFile file;
  private final ScorpionCrawler crawler;
  private final List<ScorpionLine> effectiveLines;
  private final Optional<NotUnderstood> notUnderstood;
  private final List<ScorpionRule> crawlRules;
  private final List<ScorpionRule> indexRules;
  private final List<ScorpionRule> dynamicRules;
  /** Each category's prefixes, indexed (the one pattern index, docs/matching.md): the first that matches applies. */
  private final Prefixes crawlPrefixes;
  private final Prefixes indexPrefixes;
  private final Prefixes dynamicPrefixes;
  private final CrawlHints hints;
  private final ScorpionEstimates estimates;
  private final List<Diagnostic> diagnostics;

  private ScorpionCrawlerPolicy(ScorpionFile file, ScorpionCrawler crawler, EffectiveLines.Analysis analysis) {
    this.file = file;
    this.crawler = crawler;
    this.effectiveLines = analysis.effectiveLines();
    this.notUnderstood = analysis.notUnderstood();
    this.crawlRules = analysis.rules(ScorpionRule.Category.CRAWL);
    this.indexRules = analysis.rules(ScorpionRule.Category.INDEX);
    this.dynamicRules = analysis.rules(ScorpionRule.Category.DYNAMIC);
    this.crawlPrefixes = Prefixes.of(crawlRules);
    this.indexPrefixes = Prefixes.of(indexRules);
    this.dynamicPrefixes = Prefixes.of(dynamicRules);
    this.hints = analysis.hints();
    this.estimates = analysis.estimates();
    this.diagnostics = analysis.diagnostics();
  }

  /**
   * The file as read by the crawler with {@code names} (plus the empty name) querying for {@code purpose}.
   *
   * @param file the whole file, as read by {@link ScorpionReader}
   * @param names the crawler's own names
   * @param purpose the query's purpose; see {@link ScorpionCrawler#of}
   * @return the policy for that crawler
   */
  public static ScorpionCrawlerPolicy of(ScorpionFile file, Collection<String> names, Optional<String> purpose) {
    return of(file, ScorpionCrawler.of(names, purpose));
  }

  /**
   * The file as read by {@code crawler}: finds the crawler's section and the lines in effect for
   * it.
   *
   * @param file the whole file, as read by {@link ScorpionReader}; not null
   * @param crawler the crawler reading it; not null
   * @return the policy for that crawler
   */
  public static ScorpionCrawlerPolicy of(ScorpionFile file, ScorpionCrawler crawler) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(crawler, "crawler");
    return new ScorpionCrawlerPolicy(file, crawler, EffectiveLines.analyse(file, crawler));
  }

  /**
   * The file this policy was read from.
   *
   * @return the whole file, every line included
   */
  public ScorpionFile file() {
    return file;
  }

  /**
   * The crawler this policy applies to.
   *
   * @return the crawler with all the names it answers to
   */
  public ScorpionCrawler crawler() {
    return crawler;
  }

  /**
   * The effective lines, in file order (the {@code @} line that opened the section excluded).
   *
   * @return the lines in effect for this crawler, immutable; empty when no section applies
   */
  public List<ScorpionLine> effectiveLines() {
    return effectiveLines;
  }

  /**
   * Present when the file is not understood for this crawler.
   *
   * @return the reason the file is not understood for this crawler, or empty when it is understood
   */
  public Optional<NotUnderstood> notUnderstood() {
    return notUnderstood;
  }

  /**
   * The understood {@code c}/{@code C} rules in file order, without the implicit {@code C/}.
   *
   * @return the crawl rules, immutable
   */
  public List<ScorpionRule> crawlRules() {
    return crawlRules;
  }

  /**
   * The understood {@code i}/{@code v} rules in file order.
   *
   * @return the index rules, immutable
   */
  public List<ScorpionRule> indexRules() {
    return indexRules;
  }

  /**
   * The understood {@code d} rules in file order.
   *
   * @return the dynamic-file rules, immutable
   */
  public List<ScorpionRule> dynamicRules() {
    return dynamicRules;
  }

  /**
   * {@code N P D R w} as crawl hints (the first of each kind in the effective lines).
   *
   * @return the crawl hints, each citing its line; {@link CrawlHints#none()} when no line gives one
   */
  public CrawlHints hints() {
    return hints;
  }

  /**
   * {@code n t}: the first of each kind in the effective lines.
   *
   * @return the estimates, each empty when no line gives it
   */
  public ScorpionEstimates estimates() {
    return estimates;
  }

  /**
   * Findings about the effective lines, in line order.
   *
   * @return the diagnostics, immutable
   */
  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }

  /**
   * The decision for an ACAP usage name ({@code crawl}, {@code index}; anything else: no opinion)
   * and a path, given as it is sent (path and query, already percent-encoded; a string is
   * compared as its UTF-8 bytes). The path is not canonicalised: a prefix matches the URL it is a
   * prefix of as written ({@code C/%7Euser/} blocks {@code /%7Euser/x}, not {@code /~user/x};
   * docs/adapters.md). {@code /.special/crawl} itself is always allowed for crawl.
   *
   * @param usage the ACAP usage name, compared case-insensitively
   * @param path the request path and query, already percent-encoded as sent
   * @return the decision, never null
   */
  public ScorpionDecision decide(String usage, String path) {
    return decide(usage, path.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * {@link #decide(String, String)} for a path given as bytes.
   *
   * @param usage the ACAP usage name, compared case-insensitively
   * @param path the request path and query as bytes, as sent
   * @return the decision, never null
   */
  public ScorpionDecision decide(String usage, byte[] path) {
    switch (usage.strip().toLowerCase(Locale.ROOT)) {
      case "crawl":
        return decideCrawl(path);
      case "index":
        return decideIndex(path);
      default:
        return new ScorpionDecision(Verdict.NO_OPINION, Optional.empty(), dynamic(path),
            "a Scorpion crawl policy states nothing about '" + usage + "'");
    }
  }

  /**
   * May the crawler fetch {@code path}? First matching {@code c}/{@code C}, then the implicit {@code C/}.
   *
   * @param path the request path and query, as sent; encoded as UTF-8 bytes for matching
   * @return ALLOWED or PROHIBITED, never no opinion
   */
  public ScorpionDecision decideCrawl(String path) {
    return decideCrawl(path.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * {@link #decideCrawl(String)} for a path given as bytes. The policy file itself is always
   * allowed; a file that is not understood for this crawler allows nothing.
   *
   * @param path the request path and query as bytes, as sent
   * @return ALLOWED or PROHIBITED, never no opinion
   */
  public ScorpionDecision decideCrawl(byte[] path) {
    Optional<ScorpionRule> dynamic = dynamic(path);
    if (isPolicyFile(path)) {
      return new ScorpionDecision(Verdict.ALLOWED, Optional.empty(), dynamic,
          POLICY_FILE + " itself may always be fetched: a crawler \"should first try to download\" it, whatever its own c/C lines say");
    }
    if (notUnderstood.isPresent()) {
      return new ScorpionDecision(Verdict.PROHIBITED, Optional.empty(), dynamic,
          "the crawl policy is not understood for this crawler, so it may crawl nothing: " + notUnderstood.get().reason());
    }
    ScorpionRule rule = crawlPrefixes.first(path).orElse(ScorpionRule.IMPLICIT_DISALLOW);
    Verdict verdict = rule.allows() ? Verdict.ALLOWED : Verdict.PROHIBITED;
    String reason = rule.implicit()
        ? "no c/C line matches; the implicit final C/ disallows"
        : "line " + rule.line() + " (" + rule.asWritten() + ") is the first crawl rule that matches";
    return new ScorpionDecision(verdict, Optional.of(rule), dynamic, reason);
  }

  /**
   * Does the site suggest indexing {@code path}? First matching {@code i}/{@code v}; none: no opinion.
   *
   * @param path the request path and query, as sent; encoded as UTF-8 bytes for matching
   * @return ALLOWED for {@code i}, PROHIBITED for {@code v}, NO_OPINION when no rule matches or the
   *         file is not understood
   */
  public ScorpionDecision decideIndex(String path) {
    return decideIndex(path.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * {@link #decideIndex(String)} for a path given as bytes.
   *
   * @param path the request path and query as bytes, as sent
   * @return ALLOWED for {@code i}, PROHIBITED for {@code v}, NO_OPINION when no rule matches or the
   *         file is not understood
   */
  public ScorpionDecision decideIndex(byte[] path) {
    Optional<ScorpionRule> dynamic = dynamic(path);
    if (notUnderstood.isPresent()) {
      return new ScorpionDecision(Verdict.NO_OPINION, Optional.empty(), dynamic,
          "the crawl policy is not understood for this crawler: " + notUnderstood.get().reason());
    }
    Optional<ScorpionRule> rule = indexPrefixes.first(path);
    if (rule.isEmpty()) {
      return new ScorpionDecision(Verdict.NO_OPINION, rule, dynamic,
          "no i/v line matches; index lines are suggestions with no default");
    }
    Verdict verdict = rule.get().allows() ? Verdict.ALLOWED : Verdict.PROHIBITED;
    return new ScorpionDecision(verdict, rule, dynamic,
        "line " + rule.get().line() + " (" + rule.get().asWritten() + ") is the first index suggestion that matches");
  }

  /**
   * The first {@code d} rule matching {@code path}, if any.
   *
   * @param path the request path and query as bytes, as sent
   * @return the rule, or empty when no {@code d} rule matches
   */
  public Optional<ScorpionRule> dynamic(byte[] path) {
    return notUnderstood.isPresent() ? Optional.empty() : dynamicPrefixes.first(path);
  }

  /** The crawling policy file's path (scorpion-protocol.txt, "Automated crawling"). */
  public static final String POLICY_FILE = "/.special/crawl";

  private static final byte[] POLICY_FILE_BYTES = POLICY_FILE.getBytes(StandardCharsets.US_ASCII);

  /**
   * True for {@code /.special/crawl}, with or without a query string ("Clients MAY add a query
   * string when requesting the crawling policy file which identifies the crawler").
   *
   * @param path the request path and query as bytes
   * @return true when {@code path} is the policy file itself
   */
  public static boolean isPolicyFile(byte[] path) {
    int n = POLICY_FILE_BYTES.length;
    if (path.length < n || (path.length > n && path[n] != '?')) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (path[i] != POLICY_FILE_BYTES[i]) {
        return false;
      }
    }
    return true;
  }

  /** One category's rules in file order and their prefixes, pattern i being rule i's. */
  private record Prefixes(List<ScorpionRule> rules, PathPatternSet set) {
    static Prefixes of(List<ScorpionRule> rules) {
      return new Prefixes(rules, PathPatternSet.literalPrefixes(rules.stream().map(ScorpionRule::prefix).toList()));
    }

    /** The first rule whose prefix is a byte prefix of the path ({@link ScorpionRule#matches}). */
    Optional<ScorpionRule> first(byte[] path) {
      int i = rules.isEmpty() ? -1 : set.first(new String(path, StandardCharsets.ISO_8859_1));
      return i < 0 ? Optional.empty() : Optional.of(rules.get(i));
    }
  }


  /**
   * The usages this policy can have an opinion on.
   *
   * @return {@code crawl} and {@code index}, immutable
   */
  public static Set<String> decidedUsages() {
    return Set.of("crawl", "index");
  }
}
