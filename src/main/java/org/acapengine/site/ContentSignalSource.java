package org.acapengine.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.contentsignal.ContentSignal;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * The {@code Content-Signal:} lines of a robots.txt (Cloudflare Content Signals) as a policy
 * source. The lines of the group RFC 9309 selects for the crawler (its own, else {@code *}) are
 * read; several lines combine most restrictively; a line outside any group applies to no one. A
 * key of the query's purpose ({@link AiPurpose}) that says {@code no} prohibits the usages of the
 * content (index, preserve, present, other), never crawl. docs/formats.md.
 */
public final class ContentSignalSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "content-signal";

  private static final String FIELD = "content-signal";

  private final CompiledPolicy policy;
  private final Map<ExtensionField, ContentSignal> parsed = new IdentityHashMap<>();

  /**
   * A source for the Content-Signal lines of a compiled robots.txt.
   *
   * @param policy the compiled robots.txt; not null
   */
  public ContentSignalSource(CompiledPolicy policy) {
    this.policy = Objects.requireNonNull(policy, "policy");
    for (ConventionalGroup g : policy.document().conventionalGroups()) {
      for (ExtensionField f : g.fields()) {
        if (f.key().equals(FIELD)) {
          parsed.put(f, ContentSignal.parse(f.value()));
        }
      }
    }
  }

  /**
   * True when a group of the document has a Content-Signal line, so that this source can speak.
   *
   * @param doc a parsed robots.txt
   * @return whether any group holds one
   */
  public static boolean presentIn(PolicyDocument doc) {
    return doc.conventionalGroups().stream().flatMap(g -> g.fields().stream()).anyMatch(f -> f.key().equals(FIELD));
  }

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
    Optional<String> silent = AiPurpose.silence("Content-Signal", query.usage(), query.purpose());
    if (silent.isPresent()) {
      return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(), silent.get());
    }
    AiPurpose purpose = AiPurpose.of(query.purpose()).orElseThrow();
    List<SourceLine> refusing = new ArrayList<>();
    List<SourceLine> allowing = new ArrayList<>();
    for (ConventionalGroup g : policy.selectedGroups(query.crawlers())) {
      for (ExtensionField f : g.fields()) {
        ContentSignal s = parsed.get(f);
        if (s == null) {
          continue;
        }
        Verdict v = purpose.of(s);
        if (v == Verdict.PROHIBITED) {
          refusing.add(line(f));
        } else if (v == Verdict.ALLOWED) {
          allowing.add(line(f));
        }
      }
    }
    String key = purpose == AiPurpose.TRAIN_AI ? "ai-train" : purpose.token();
    if (!refusing.isEmpty()) {
      return new SourceVerdict(KIND, name(), Verdict.PROHIBITED, refusing,
          "Content-Signal " + key + "=no in the crawler's group: no " + query.usage() + " of the content for " + purpose.token()
              + " (crawling stays with Allow/Disallow)").withBasis(KIND);
    }
    if (!allowing.isEmpty()) {
      return new SourceVerdict(KIND, name(), Verdict.ALLOWED, allowing,
          "Content-Signal " + key + "=yes in the crawler's group").withBasis(KIND);
    }
    return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(),
        "no Content-Signal line of the crawler's group states " + key);
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }

  private SourceLine line(ExtensionField f) {
    PolicyDocument doc = policy.document();
    return new SourceLine(doc.source().name(), f.span().line(), doc.source().line(f.span().line()).strip());
  }
}
