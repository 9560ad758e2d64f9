package org.acapengine.site;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.adapters.tdmrep.TdmRule;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * A W3C TDMRep {@code /.well-known/tdmrep.json} as a policy source: the first rule in array order
 * whose {@code location} matches the path (RFC 9309 pattern syntax) decides; {@code
 * tdm-reservation: 1} reserves text-and-data-mining rights, which prohibits the usages of the
 * content for ai-train, train-ai and ai-input ({@link AiPurpose}), never crawl; {@code 0} allows
 * them; anything else says nothing. docs/formats.md.
 */
public final class TdmRepSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "tdmrep";

  private final TdmRepFile file;
  private final Map<String, PathPattern> patterns = new ConcurrentHashMap<>();

  /**
   * A source for a read tdmrep.json.
   *
   * @param file the file; not null
   */
  public TdmRepSource(TdmRepFile file) {
    this.file = Objects.requireNonNull(file, "file");
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
    Optional<String> silent = AiPurpose.silence("TDMRep", query.usage(), query.purpose());
    if (silent.isPresent()) {
      return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(), silent.get());
    }
    AiPurpose purpose = AiPurpose.of(query.purpose()).orElseThrow();
    Optional<TdmRule> rule = file.ruleFor(query.path(), (location, path) -> patterns.computeIfAbsent(location, l -> PathPattern.compile(l, false)).matches(path));
    if (rule.isEmpty()) {
      return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(), "no tdmrep.json rule's location matches the path");
    }
    TdmRule r = rule.get();
    Verdict v = purpose.of(r.reservation());
    String reservation = switch (r.reservation()) {
      case RESERVED -> "1";
      case NOT_RESERVED -> "0";
      case UNSET -> "unset";
    };
    SourceLine line = new SourceLine(name(), r.span().line(), "location " + r.location() + ": tdm-reservation " + reservation
        + r.policy().map(p -> ", tdm-policy " + p).orElse(""));
    return switch (v) {
      case PROHIBITED -> new SourceVerdict(KIND, name(), v, List.of(line), "text and data mining rights are reserved (tdm-reservation 1): no "
          + query.usage() + " of the content for " + purpose.token() + (r.policy().isPresent() ? " unless licensed under its tdm-policy" : "")
          + " (crawling stays with Allow/Disallow)").withBasis(KIND);
      case ALLOWED -> new SourceVerdict(KIND, name(), v, List.of(line), "text and data mining rights are not reserved (tdm-reservation 0)").withBasis(KIND);
      default -> new SourceVerdict(KIND, name(), v, List.of(),
          purpose == AiPurpose.SEARCH ? "TDMRep speaks to text and data mining, not to search" : "the matching rule sets no tdm-reservation");
    };
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }
}
