package org.acapengine.site;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.adapters.tdmrep.TdmRule;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.PathPatternSet;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.Purpose;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;
import org.acapengine.model.Verdict;

/**
 * A W3C TDMRep {@code /.well-known/tdmrep.json} as a policy source: the first rule in array order
 * whose {@code location} matches the path (RFC 9309 pattern syntax) decides; {@code
 * tdm-reservation: 1} reserves text-and-data-mining rights, which prohibits the usages of the
 * content for every purpose overlapping {@code tdm} ({@link Purpose}: the AI purposes, {@code
 * all}), never crawl; {@code 0} allows the purposes inside {@code tdm}; anything else says
 * nothing; search is not mining. The same from a page's {@code tdm-reservation} header or meta
 * tag ({@link #page}), which speaks for that page. docs/formats.md.
 */
public final class TdmRepSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "tdmrep";

  private final TdmRepFile file;
  /** Rule i's location is pattern i: the first that matches decides. */
  private final PathPatternSet locations;
  /** For a page's header or meta tag: the line it stands on; null for a tdmrep.json. */
  private final SourceLine pageLine;

  /**
   * A source for a read tdmrep.json.
   *
   * @param file the file; not null
   */
  public TdmRepSource(TdmRepFile file) {
    this(file, null);
  }

  private TdmRepSource(TdmRepFile file, SourceLine pageLine) {
    this.file = Objects.requireNonNull(file, "file");
    this.pageLine = pageLine;
    this.locations = PathPatternSet.compile(file.rules().stream().map(TdmRule::location).toList(), false);
  }

  /**
   * A source for the TDMRep statement a page makes itself, in a {@code tdm-reservation} (and
   * {@code tdm-policy}) response header or HTML meta tag: it applies to that page, so here to
   * every path asked about.
   *
   * @param line where the {@code tdm-reservation} statement stands (the file, its line, as written)
   * @param reservation what it says
   * @param policy the {@code tdm-policy} URL, when one is given
   * @return the source, named after the line's file
   */
  public static TdmRepSource page(SourceLine line, TdmRule.Reservation reservation, Optional<String> policy) {
    TdmRule rule = new TdmRule("*", reservation, policy, Span.wholeLine(Math.max(1, line.line()), Math.max(1, line.text().length())));
    return new TdmRepSource(new TdmRepFile(line.source(), List.of(rule), List.of()), line);
  }

  /** Speaks to using content, never to fetching it. */
  @Override
  public boolean decidesCrawl() {
    return false;
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return file.sourceName();
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    Optional<String> silent = ContentUse.silence("TDMRep", query.usage(), query.purpose());
    if (silent.isPresent()) {
      return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(), silent.get());
    }
    Purpose purpose = Purpose.of(query.purpose()).orElseThrow();
    int first = locations.first(query.path());
    Optional<TdmRule> rule = first < 0 ? Optional.empty() : Optional.of(file.rules().get(first));
    if (rule.isEmpty()) {
      return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(), "no tdmrep.json rule's location matches the path");
    }
    TdmRule r = rule.get();
    Verdict v = switch (r.reservation()) {
      case RESERVED -> purpose.refusedBy(Purpose.TDM) ? Verdict.PROHIBITED : Verdict.NO_OPINION;
      case NOT_RESERVED -> purpose.allowedBy(Purpose.TDM) ? Verdict.ALLOWED : Verdict.NO_OPINION;
      case UNSET -> Verdict.NO_OPINION;
    };
    String reservation = switch (r.reservation()) {
      case RESERVED -> "1";
      case NOT_RESERVED -> "0";
      case UNSET -> "unset";
    };
    SourceLine line = pageLine != null ? pageLine : new SourceLine(name(), r.span().line(), "location " + r.location() + ": tdm-reservation " + reservation
        + r.policy().map(p -> ", tdm-policy " + p).orElse(""));
    return switch (v) {
      case PROHIBITED -> new SourceVerdict(KIND, name(), v, List.of(line), "text and data mining rights are reserved (tdm-reservation 1): no "
          + query.usage() + " of the content for " + purpose.token() + (r.policy().isPresent() ? " unless licensed under its tdm-policy" : "")
          + " (crawling stays with Allow/Disallow)").withBasis(KIND);
      case ALLOWED -> new SourceVerdict(KIND, name(), v, List.of(line), "text and data mining rights are not reserved (tdm-reservation 0)").withBasis(KIND);
      default -> new SourceVerdict(KIND, name(), v, List.of(),
          r.reservation() == TdmRule.Reservation.UNSET ? "the matching rule sets no tdm-reservation"
              : "TDMRep speaks to text and data mining, and " + purpose.token() + (purpose.within(Purpose.TDM) ? " is" : " is not") + " mining"
                  + (r.reservation() == TdmRule.Reservation.NOT_RESERVED && !purpose.within(Purpose.TDM) ? " as a whole" : ""));
    };
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }
}
