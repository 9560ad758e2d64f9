package org.acapengine.site;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.Purpose;
import org.acapengine.model.Usage;

/**
 * A site's policy sources together — a robots.txt (conventional and ACAP records), a TCT {@code
 * llm-policy.json}, a Scorpion {@code /.special/crawl}, and any other {@link PolicySource} —
 * answering one question with one explanation. A usage is allowed only if every source that
 * speaks to it allows it; a source that says nothing (no matching field, no flag for the purpose,
 * no index rule) does not count ({@link SiteDecision#of}). Immutable and thread-safe.
 */
public final class SitePolicy {

  private final List<PolicySource> sources;
  private final Clock clock;

  private SitePolicy(List<PolicySource> sources, Clock clock) {
    this.sources = List.copyOf(sources);
    this.clock = clock;
  }

  /**
   * A builder with no sources and the system UTC clock.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The sources, in the order their verdicts are listed and ranked.
   *
   * @return the sources, immutable
   */
  public List<PolicySource> sources() {
    return sources;
  }

  /**
   * This policy with more sources after its own (a page's own signals, for queries about that
   * page), the same clock.
   *
   * @param more the sources to add
   * @return a new policy, or this one when there are none
   */
  public SitePolicy with(List<PolicySource> more) {
    if (more.isEmpty()) {
      return this;
    }
    List<PolicySource> all = new ArrayList<>(sources);
    all.addAll(more);
    return new SitePolicy(all, clock);
  }

  /**
   * Decides the query against every source.
   *
   * @param q the query, not null
   * @return the combined decision, never null
   */
  public SiteDecision decide(Query q) {
    Instant now = clock.instant();
    return annotated(q, combined(q, now), now);
  }

  /** The crawl decision of the sources that can decide crawl. */
  private SiteDecision crawl(Query q, Instant now) {
    List<SourceVerdict> verdicts = new ArrayList<>(2);
    for (PolicySource s : sources) {
      if (s.decidesCrawl()) {
        verdicts.add(s.decide(q, now));
      }
    }
    return SiteDecision.of(verdicts);
  }

  private SiteDecision combined(Query q, Instant now) {
    List<SourceVerdict> verdicts = new ArrayList<>(sources.size());
    for (PolicySource s : sources) {
      verdicts.add(s.decide(q, now));
    }
    return SiteDecision.of(verdicts);
  }

  /**
   * The decision with what a reader must not miss ({@link DecisionNote}): for an allowed usage
   * other than crawl, that crawling the path is prohibited for the crawler, with the deciding line; a usage
   * or a purpose that no vocabulary and no source names (basis {@value SiteDecision#UNKNOWN_USAGE}
   * instead of {@code default} when nothing spoke to such a usage).
   */
  private SiteDecision annotated(Query q, SiteDecision d, Instant now) {
    List<DecisionNote> notes = new ArrayList<>(0);
    if (d.allowed() && !q.usage().equals("crawl")) {
      // an allowed use of a page the crawler may not fetch is the answer a site owner misreads
      SiteDecision crawl = crawl(q.withUsage("crawl"), now);
      if (!crawl.allowed()) {
        org.acapengine.model.SourceLine l = crawl.decidingLine();
        notes.add(new DecisionNote(DecisionNote.CRAWL_PROHIBITED, "crawling " + q.path() + " is prohibited for " + q.crawlers().get(0)
            + (l == null ? "" : " (" + l + ")") + ": it cannot fetch the page at all; this answer is about using content it got some other way",
            crawl.deciding()));
      }
    }
    SiteDecision out = d;
    if (!knowsUsage(q.usage())) {
      notes.add(new DecisionNote(DecisionNote.UNKNOWN_USAGE, "'" + q.usage() + "' is no ACAP usage and no source names it; the answer is what any unknown"
          + " usage gets (known: " + String.join(", ", usageNames()) + ")", List.of()));
      if (d.basis().equals(SiteDecision.DEFAULT)) {
        out = out.withBasis(SiteDecision.UNKNOWN_USAGE);
      }
    }
    if (q.purpose().isPresent() && !knowsPurpose(q.purpose().get())) {
      notes.add(new DecisionNote(DecisionNote.UNKNOWN_PURPOSE, "purpose '" + q.purpose().get() + "' is in no vocabulary (" + purposeTokens()
          + ") and no source names it, so the sources that speak to purposes say nothing", List.of()));
    }
    return out.withNotes(notes);
  }

  /**
   * True when {@code purpose} is in the one vocabulary ({@link Purpose}) or a source names it
   * ({@link PolicySource#namesPurpose}): false most probably means a typing error ({@code
   * ai-trian}), which every preference source would answer with silence.
   *
   * @param purpose a purpose name, compared case-insensitively
   * @return whether the name is known
   */
  public boolean knowsPurpose(String purpose) {
    if (Purpose.of(purpose).isPresent() || OTHER_VOCABULARIES.contains(purpose.strip().toLowerCase(Locale.ROOT))) {
      return true;
    }
    for (PolicySource s : sources) {
      if (s.namesPurpose(purpose)) {
        return true;
      }
    }
    return false;
  }

  /** Purposes of supported formats outside the one vocabulary: Scorpion's section names. */
  private static final Set<String> OTHER_VOCABULARIES = Set.of("mirror", "study");

  /**
   * The purpose names of the one vocabulary and of Scorpion's sections, for suggestions.
   *
   * @return the tokens, in the vocabulary's order
   */
  public static List<String> purposeNames() {
    List<String> out = new ArrayList<>();
    for (Purpose p : Purpose.values()) {
      out.add(p.token());
    }
    out.add("mirror");
    out.add("study");
    return out;
  }

  private static String purposeTokens() {
    return String.join(", ", purposeNames());
  }

  /**
   * Every source's verdict, the first full trace a source gives (robots.txt's), and the sources' notes.
   *
   * @param q the query, not null
   * @return the explanation, never null
   */
  public SiteExplanation explain(Query q) {
    return explain(q, org.acapengine.eval.CompiledPolicy.EXPLAINED_RULES);
  }

  /**
   * {@link #explain(Query)}, the trace listing at most {@code maxRules} rules for the usage and as
   * many for others, the rest counted ({@link Integer#MAX_VALUE}: every one; a file whose
   * definitions stand for millions of rule steps makes a long list).
   *
   * @param q the query, not null
   * @param maxRules how many rules the trace lists at most, not negative
   * @return the explanation, never null
   */
  public SiteExplanation explain(Query q, int maxRules) {
    if (maxRules < 0) {
      throw new IllegalArgumentException("maxRules must not be negative: " + maxRules);
    }
    Instant now = clock.instant();
    List<SourceVerdict> verdicts = new ArrayList<>(sources.size());
    Optional<Explanation> trace = Optional.empty();
    List<String> notes = new ArrayList<>();
    for (PolicySource s : sources) {
      SourceExplanation x = s.explain(q, now, maxRules);
      verdicts.add(x.verdict());
      trace = trace.or(x::trace);
      notes.addAll(x.notes());
    }
    return new SiteExplanation(q, annotated(q, SiteDecision.of(verdicts), now), trace, notes);
  }

  /**
   * The crawl hints for a crawler, merged across sources by taking the most restrictive of each
   * (docs/adapters.md); on a tie the source listed first is cited. An llm-policy.json's hints
   * count only when it is in force by the builder's clock.
   *
   * @param crawlers the crawler's names, in order of preference
   * @param purpose the query's usage purpose, if any
   * @return the merged hints; {@link CrawlHints#none()} when no source gives any
   */
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose) {
    Instant now = clock.instant();
    List<CrawlHints> all = new ArrayList<>(sources.size());
    for (PolicySource s : sources) {
      all.add(s.hints(crawlers, purpose, now));
    }
    return CrawlHints.merge(all);
  }

  /**
   * What the sources ask of a crawler that uses the site's content, whatever the path ({@link
   * PolicySource#conditions}), in the order of sources.
   *
   * @param crawlers the crawler's names, in order of preference
   * @param purpose the query's usage purpose, if any
   * @return the conditions, possibly none
   */
  public List<DecisionNote> conditions(List<String> crawlers, Optional<String> purpose) {
    Instant now = clock.instant();
    List<DecisionNote> all = new ArrayList<>();
    for (PolicySource s : sources) {
      all.addAll(s.conditions(crawlers, purpose, now));
    }
    return all;
  }

  /**
   * The usage names a query can meaningfully ask about: the ACAP dictionary's ({@link
   * Usage#vocabulary()}), then the names outside it that a source speaks to ({@link
   * PolicySource#usageNames()}).
   *
   * @return lower-case names, dictionary first, immutable
   */
  public List<String> usageNames() {
    Set<String> names = new LinkedHashSet<>(Usage.vocabulary());
    for (PolicySource s : sources) {
      names.addAll(s.usageNames());
    }
    return List.copyOf(names);
  }

  /**
   * True when {@code usage} is in the ACAP dictionary or a source speaks to it: false most
   * probably means a typing error ({@code crawll}), which would otherwise be answered "allowed,
   * nothing applies".
   *
   * @param usage a usage name, compared case-insensitively
   * @return whether the name is known
   */
  public boolean knowsUsage(String usage) {
    String u = usage.strip().toLowerCase(Locale.ROOT);
    if (Usage.parse(u).isInVocabulary()) {
      return true;
    }
    for (PolicySource s : sources) {
      if (s.usageNames().contains(u)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Assembles a site policy. The three known formats keep their places — robots.txt, then
   * llm-policy.json, then Scorpion, whatever the order of the calls (a second call replaces the
   * first) — and sources added with {@link #source} follow in the order added. A robots.txt with
   * {@code Content-Signal} or {@code Content-Usage} lines brings those as sources of their own
   * ({@link ContentSignalSource}, {@link ContentUsageSource}), right after it.
   */
  public static final class Builder {
    private PolicySource robots;
    private PolicySource llmPolicy;
    private PolicySource scorpion;
    private final List<PolicySource> others = new ArrayList<>();
    private Clock clock = Clock.systemUTC();

    /**
     * Sets the robots.txt source, listed first; a second call replaces the first.
     *
     * @param p the compiled robots.txt; not null
     * @return this builder
     */
    public Builder robots(CompiledPolicy p) {
      this.robots = new RobotsSource(p);
      return this;
    }

    /**
     * A robots.txt given as a source in its own right (one that could not be fetched, say), in
     * the robots.txt place; a second call replaces the first.
     *
     * @param s the source; not null
     * @return this builder
     */
    public Builder robots(PolicySource s) {
      this.robots = Objects.requireNonNull(s, "source");
      return this;
    }

    /**
     * Sets the llm-policy.json source, listed after robots.txt; a second call replaces the first.
     *
     * @param p the descriptor; not null
     * @return this builder
     */
    public Builder llmPolicy(TctPolicy p) {
      this.llmPolicy = new TctSource(p);
      return this;
    }

    /**
     * Sets the Scorpion {@code /.special/crawl} source, listed after llm-policy.json; a second call
     * replaces the first.
     *
     * @param f the file as read; not null
     * @return this builder
     */
    public Builder scorpion(ScorpionFile f) {
      this.scorpion = new ScorpionSource(f);
      return this;
    }

    /**
     * Adds a source of any other format, after the known ones.
     *
     * @param s the source; not null
     * @return this builder
     */
    public Builder source(PolicySource s) {
      others.add(Objects.requireNonNull(s, "source"));
      return this;
    }

    /**
     * The clock that decides whether an llm-policy.json is in force yet.
     *
     * @param c the clock; not null (the default is the system UTC clock)
     * @return this builder
     */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /**
     * The policy with the sources set so far, known formats first (robots.txt, llm-policy.json,
     * Scorpion), then the others in the order added. The builder can be reused.
     *
     * @return the site policy, immutable
     */
    public SitePolicy build() {
      List<PolicySource> all = new ArrayList<>();
      for (PolicySource s : new PolicySource[] {robots, llmPolicy, scorpion}) {
        if (s != null) {
          all.add(s);
        }
        // The usage preferences a robots.txt carries beside its rules are sources of their own.
        if (s == robots && s instanceof RobotsSource r) {
          if (ContentSignalSource.presentIn(r.policy().document())) {
            all.add(new ContentSignalSource(r.policy()));
          }
          if (ContentUsageSource.presentIn(r.policy().document())) {
            all.add(ContentUsageSource.inRobots(r.policy()));
          }
        }
      }
      all.addAll(others);
      return new SitePolicy(all, clock);
    }
  }
}
