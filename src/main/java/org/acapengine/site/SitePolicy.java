package org.acapengine.site;

import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.adapters.scorpion.NotUnderstood;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionDecision;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionRule;
import org.acapengine.adapters.tct.Obligation;
import org.acapengine.adapters.tct.TctDecision;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.hints.RobotsTxtHintReader;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * A site's policy sources together — a robots.txt (conventional and ACAP records), a TCT {@code
 * llm-policy.json}, a Scorpion {@code /.special/crawl} — answering one question with one
 * explanation. A usage is allowed only if every source that speaks to it allows it; a source
 * that says nothing (no matching field, no flag for the purpose, no index rule) does not count.
 * Immutable and thread-safe.
 */
public final class SitePolicy {

  private final Optional<CompiledPolicy> robots;
  private final Optional<TctPolicy> llmPolicy;
  private final Optional<ScorpionFile> scorpion;
  private final Clock clock;
  private final ConcurrentHashMap<List<String>, ScorpionCrawlerPolicy> scorpionViews = new ConcurrentHashMap<>();

  private SitePolicy(Optional<CompiledPolicy> robots, Optional<TctPolicy> llmPolicy, Optional<ScorpionFile> scorpion, Clock clock) {
    this.robots = robots;
    this.llmPolicy = llmPolicy;
    this.scorpion = scorpion;
    this.clock = clock;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Optional<CompiledPolicy> robots() {
    return robots;
  }

  public Optional<TctPolicy> llmPolicy() {
    return llmPolicy;
  }

  public Optional<ScorpionFile> scorpion() {
    return scorpion;
  }

  /** Decides the query against every source. */
  public SiteDecision decide(Query q) {
    Decision robotsDecision = robots.map(p -> p.decide(q)).orElse(null);
    return combine(q, robotsDecision);
  }

  /** The robots.txt trace (when there is a robots.txt) and every source's verdict. */
  public SiteExplanation explain(Query q) {
    Optional<Explanation> x = robots.map(p -> p.explain(q));
    SiteDecision d = combine(q, x.map(Explanation::decision).orElse(null));
    List<String> notes = new ArrayList<>();
    llmPolicy.ifPresent(t -> {
      notes.add("llm-policy.json " + t.sourceName() + ": profile " + t.profile().orElse("(none)")
          + t.version().map(v -> ", version " + v).orElse("")
          + t.updated().map(u -> ", updated " + u).orElse("")
          + t.effective().map(e -> ", effective " + e + (t.inForceAt(clock.instant()) ? "" : " (not yet in force)")).orElse(""));
      t.policyUrls().forEach((k, v) -> notes.add("llm-policy.json policy_urls." + k + ": " + v));
    });
    return new SiteExplanation(q, d, x, notes);
  }

  private SiteDecision combine(Query q, Decision robotsDecision) {
    if (robotsDecision != null && robotsDecision.basis() == Basis.ROBOTS_TXT) {
      // RFC 9309 2.2.2: /robots.txt itself may always be crawled; no other source can forbid
      // reading the policy.
      SourceVerdict v = new SourceVerdict("robots.txt", robots.get().document().source().name(), Verdict.ALLOWED,
          robotsDecision.deciding(), robotsDecision.basis().label());
      return new SiteDecision(true, Basis.ROBOTS_TXT, v.source(), robotsDecision.deciding(), List.of(), Set.of(), false, List.of(v));
    }
    List<SourceVerdict> verdicts = new ArrayList<>(3);
    if (robotsDecision != null) {
      Verdict v = robotsDecision.basis() == Basis.DEFAULT
          ? Verdict.NO_OPINION
          : robotsDecision.allowed() ? Verdict.ALLOWED : Verdict.PROHIBITED;
      verdicts.add(new SourceVerdict("robots.txt", robots.get().document().source().name(), v, robotsDecision.deciding(), robotsDecision.basis().label()));
    }
    Set<Obligation> obligations = EnumSet.noneOf(Obligation.class);
    if (llmPolicy.isPresent()) {
      TctPolicy t = llmPolicy.get();
      TctDecision td = t.decide(q.usage(), q.purpose(), clock.instant());
      Verdict v = td.prohibited() ? Verdict.PROHIBITED : Verdict.NO_OPINION;
      List<SourceLine> ev = td.prohibited()
          ? List.of(new SourceLine(t.sourceName(), td.purpose().map(t::purposeLine).orElse(0), "purposes." + flag(td) + ": false"))
          : List.of();
      verdicts.add(new SourceVerdict("llm-policy.json", t.sourceName(), v, ev, td.reason()));
      obligations.addAll(td.obligations());
    }
    boolean dynamic = false;
    if (scorpion.isPresent()) {
      ScorpionCrawlerPolicy sp = scorpionView(q);
      ScorpionDecision sd = sp.decide(q.usage(), q.rawPath());
      Verdict v = switch (sd.verdict()) {
        case ALLOWED -> Verdict.ALLOWED;
        case PROHIBITED -> Verdict.PROHIBITED;
        default -> Verdict.NO_OPINION;
      };
      List<SourceLine> ev = sd.rule().map(r -> List.of(scorpionEvidence(r)))
          .or(() -> sd.verdict() == Verdict.PROHIBITED ? sp.notUnderstood().map(this::scorpionEvidence) : Optional.empty())
          .orElse(List.of());
      verdicts.add(new SourceVerdict("scorpion", scorpion.get().sourceName(), v, ev, sd.reason()));
      dynamic = sd.isDynamic();
    }

    SourceVerdict decider = null;
    for (SourceVerdict s : verdicts) {
      if (s.verdict() == Verdict.PROHIBITED) {
        decider = s;
        break;
      }
    }
    boolean allowed = decider == null;
    if (allowed) {
      for (SourceVerdict s : verdicts) {
        if (s.verdict() == Verdict.ALLOWED) {
          decider = s;
          break;
        }
      }
    }
    if (decider == null) {
      // No source speaks to the query: allowed by default.
      return new SiteDecision(true, Basis.DEFAULT, "", List.of(), List.of(), obligations, dynamic, verdicts);
    }
    boolean byRobots = decider.kind().equals("robots.txt");
    Basis basis = byRobots ? robotsDecision.basis() : Basis.OTHER_SOURCE;
    List<Qualifier> qualifiers = allowed && robotsDecision != null && robotsDecision.allowed() ? robotsDecision.qualifiers() : List.of();
    return new SiteDecision(allowed, basis, decider.source(), decider.evidence(), qualifiers, allowed ? obligations : Set.of(), dynamic, verdicts);
  }

  private static String flag(TctDecision td) {
    return td.purpose().map(p -> switch (p) {
      case SEARCH -> "allow_search_indexing";
      case AI_INPUT -> "allow_ai_input";
      case AI_TRAIN -> "allow_ai_train";
    }).orElse("?");
  }

  private SourceLine scorpionEvidence(ScorpionRule r) {
    return new SourceLine(scorpion.get().sourceName(), r.line(), r.implicit() ? "(the implicit final C/)" : r.asWritten());
  }

  /** The line that makes the file not understood (or, for an oversized file, the reason). */
  private List<SourceLine> scorpionEvidence(NotUnderstood n) {
    String source = scorpion.get().sourceName();
    return List.of(n.line()
        .map(l -> new SourceLine(source, l.number(), l.text().strip()))
        .orElseGet(() -> new SourceLine(source, 0, "(not understood: " + n.reason() + ")")));
  }

  private ScorpionCrawlerPolicy scorpionView(Query q) {
    // Scorpion compares @ names byte for byte, so the names are the key as given (not case-folded);
    // purposes name sections case-insensitively (ScorpionCrawler), so the purpose is folded.
    List<String> key = new ArrayList<>(q.crawlers().size() + 1);
    key.addAll(q.crawlers());
    key.add("\0" + q.purpose().orElse("").toLowerCase(Locale.ROOT));
    ScorpionCrawlerPolicy p = scorpionViews.get(key);
    if (p == null) {
      p = ScorpionCrawlerPolicy.of(scorpion.get(), q.crawlers(), q.purpose());
      if (scorpionViews.size() < 1024) {
        scorpionViews.putIfAbsent(key, p);
      }
    }
    return p;
  }

  /**
   * The crawl hints for a crawler, merged across sources by taking the most restrictive of each
   * (docs/adapters.md): robots.txt {@code Crawl-delay} and {@code Request-rate} of the group(s)
   * RFC 9309 selects for the crawler, the Scorpion numbers, the TCT {@code rate_hints} (when the
   * llm-policy.json is in force by the builder's clock).
   */
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose) {
    List<CrawlHints> all = new ArrayList<>();
    robots.ifPresent(p -> all.add(robotsHints(p, crawlers)));
    // An llm-policy.json whose 'effective' is still to come is not in force: neither are its rate hints.
    llmPolicy.filter(t -> t.inForceAt(clock.instant())).ifPresent(t -> all.add(t.crawlHints()));
    scorpion.ifPresent(s -> all.add(ScorpionCrawlerPolicy.of(s, crawlers, purpose).hints()));
    return CrawlHints.merge(all);
  }

  private static CrawlHints robotsHints(CompiledPolicy p, List<String> crawlers) {
    CrawlHints h = CrawlHints.none();
    String name = p.document().source().name();
    for (ConventionalGroup g : p.selectedGroups(crawlers)) {
      for (ExtensionField f : g.fields()) {
        SourceLine src = new SourceLine(name, f.span().line(), p.document().source().line(f.span().line()).strip());
        if (f.key().equals("crawl-delay")) {
          Optional<Hint<java.time.Duration>> v = RobotsTxtHintReader.crawlDelay(f.value(), src).value();
          if (v.isPresent()) {
            h = CrawlHints.merge(h, CrawlHints.none().withMinDelay(v.get()));
          }
        } else if (f.key().equals("request-rate")) {
          Optional<Hint<org.acapengine.hints.RequestRate>> v = RobotsTxtHintReader.requestRate(f.value(), src).value();
          if (v.isPresent()) {
            h = CrawlHints.merge(h, CrawlHints.none().withRequestRate(v.get()));
          }
        }
      }
    }
    return h;
  }

  /** Assembles a site policy; at least one source. */
  public static final class Builder {
    private CompiledPolicy robots;
    private TctPolicy llmPolicy;
    private ScorpionFile scorpion;
    private Clock clock = Clock.systemUTC();

    public Builder robots(CompiledPolicy p) {
      this.robots = p;
      return this;
    }

    public Builder llmPolicy(TctPolicy p) {
      this.llmPolicy = p;
      return this;
    }

    public Builder scorpion(ScorpionFile f) {
      this.scorpion = f;
      return this;
    }

    /** The clock that decides whether an llm-policy.json is in force yet. */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    public SitePolicy build() {
      return new SitePolicy(Optional.ofNullable(robots), Optional.ofNullable(llmPolicy), Optional.ofNullable(scorpion), clock);
    }
  }
}
