package org.acapengine.site;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.PathPatternSet;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.PurposePattern;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.hints.RequestRate;
import org.acapengine.hints.RobotsTxtHintReader;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * A robots.txt (ACAP records and RFC 9309 groups) as a policy source. Its verdict is its
 * decision's, named by the decision's basis; a default decision (no field or rule applies) is no
 * opinion; "/robots.txt may always be crawled" (RFC 9309 2.2.2) is conclusive.
 */
public final class RobotsSource implements PolicySource {

  private final CompiledPolicy policy;
  private volatile PathPatternSet purposes;

  /**
   * A source for a compiled robots.txt.
   *
   * @param policy the compiled robots.txt; not null
   */
  public RobotsSource(CompiledPolicy policy) {
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /** A purpose an ACAP sub-record's usage-purpose pattern matches, as the evaluator matches them (whole, ignoring case). */
  @Override
  public boolean namesPurpose(String purpose) {
    PathPatternSet ps = purposes;
    if (ps == null) {
      List<String> all = new java.util.ArrayList<>();
      for (AcapRecord r : policy.document().acapRecords()) {
        for (AcapSubRecord s : r.subRecords()) {
          for (PurposePattern p : s.purposes()) {
            all.add(p.pattern().endsWith("$") ? p.pattern() : p.pattern() + "$");
          }
        }
      }
      purposes = ps = PathPatternSet.compile(all, true);
    }
    return ps.first(PercentEncoding.normalise(purpose.strip())) >= 0;
  }

  /**
   * The compiled robots.txt this source reads.
   *
   * @return the policy
   */
  public CompiledPolicy policy() {
    return policy;
  }

  /** The kind every robots.txt source reports. */
  public static final String KIND = "robots.txt";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return policy.document().source().name();
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    return verdict(policy.decide(query));
  }

  @Override
  public SourceExplanation explain(Query query, Instant now) {
    return explain(query, now, CompiledPolicy.EXPLAINED_RULES);
  }

  @Override
  public SourceExplanation explain(Query query, Instant now, int maxRules) {
    Explanation x = policy.explain(query, maxRules);
    return new SourceExplanation(verdict(x.decision()), Optional.of(x), List.of());
  }

  private SourceVerdict verdict(Decision d) {
    return verdict(name(), d);
  }

  /**
   * A robots.txt decision as a source verdict, named by its basis: a default decision is no
   * opinion, {@code robots-txt} (RFC 9309 2.2.2) is conclusive, an allowed usage keeps its
   * qualifiers. Also for decisions made without a file, under {@code robots-unavailable} and
   * {@code robots-unreachable} (RFC 9309 2.3.1.3, 2.3.1.4).
   *
   * @param name the robots.txt's name (a path or URL)
   * @param d the robots.txt's decision
   * @return the verdict in the sources' common vocabulary
   */
  public static SourceVerdict verdict(String name, Decision d) {
    String basis = d.basis().label();
    Verdict v = d.basis() == Basis.DEFAULT ? Verdict.NO_OPINION : d.allowed() ? Verdict.ALLOWED : Verdict.PROHIBITED;
    SourceVerdict sv = new SourceVerdict(KIND, name, v, d.deciding(), basis).withBasis(basis);
    if (d.basis() == Basis.ROBOTS_TXT) {
      return sv.asConclusive();
    }
    return v == Verdict.ALLOWED ? sv.withQualifiers(d.qualifiers()) : sv;
  }

  /** {@code Crawl-delay} and {@code Request-rate} of the group(s) RFC 9309 2.2.1 selects for the crawler. */
  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    CrawlHints h = CrawlHints.none();
    for (ConventionalGroup g : policy.selectedGroups(crawlers)) {
      for (ExtensionField f : g.fields()) {
        SourceLine src = new SourceLine(name(), f.span().line(), policy.document().source().line(f.span().line()).strip());
        if (f.key().equals("crawl-delay")) {
          Optional<Hint<Duration>> v = RobotsTxtHintReader.crawlDelay(f.value(), src).value();
          if (v.isPresent()) {
            h = CrawlHints.merge(h, CrawlHints.none().withMinDelay(v.get()));
          }
        } else if (f.key().equals("request-rate")) {
          Optional<Hint<RequestRate>> v = RobotsTxtHintReader.requestRate(f.value(), src).value();
          if (v.isPresent()) {
            h = CrawlHints.merge(h, CrawlHints.none().withRequestRate(v.get()));
          }
        }
      }
    }
    return h;
  }

  @Override
  public Set<String> usageNames() {
    return policy.usageNames();
  }
}
