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
import org.acapengine.model.Purpose;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * Cloudflare Content Signals as a policy source: the {@code Content-Signal:} lines of a robots.txt,
 * or one {@code Content-Signal} HTTP response header. In a robots.txt the lines of the group RFC
 * 9309 selects for the crawler (its own, else {@code *}) are read, several lines combine most
 * restrictively, and a line outside any group applies to no one; a header applies to the response
 * it came with. A key whose purpose overlaps the query's ({@link Purpose}) and says {@code no}
 * prohibits the usages of the content (index, preserve, present, other), never crawl; {@code
 * use=immediate|reference} leaves usages out for the AI purposes. docs/formats.md.
 */
public final class ContentSignalSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "content-signal";

  private static final String FIELD = "content-signal";

  /** One statement: the line it stands on and what it says. */
  private record Statement(SourceLine line, ContentSignal signal) {}

  private final String name;
  private final CompiledPolicy policy;
  private final Map<ExtensionField, Statement> parsed = new IdentityHashMap<>();
  private final Statement header;
  /** The Content-Signal lines of the {@code *} groups, for the reason that they do not reach a crawler with a group of its own. */
  private final int[] wildcardLines;

  private ContentSignalSource(String name, CompiledPolicy policy, Statement header) {
    this.name = name;
    this.policy = policy;
    this.header = header;
    this.wildcardLines = policy == null ? new int[0] : ContentUse.wildcardLines(policy, FIELD);
  }

  /**
   * A source for the Content-Signal lines of a compiled robots.txt.
   *
   * @param policy the compiled robots.txt; not null
   */
  public ContentSignalSource(CompiledPolicy policy) {
    this(Objects.requireNonNull(policy, "policy").document().source().name(), policy, null);
    PolicyDocument doc = policy.document();
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (ExtensionField f : g.fields()) {
        if (f.key().equals(FIELD)) {
          SourceLine line = new SourceLine(doc.source().name(), f.span().line(), doc.source().line(f.span().line()).strip());
          parsed.put(f, new Statement(line, ContentSignal.parse(f.value())));
        }
      }
    }
  }

  /**
   * A source for a {@code Content-Signal} HTTP response header, which applies to the resource it
   * came with, so here to every path asked about and every crawler.
   *
   * @param line where the header stands: the file it was read from, its line, {@code
   *     Content-Signal: VALUE} as written
   * @param value the header's value
   * @return the source, named after the line's file
   */
  public static ContentSignalSource header(SourceLine line, String value) {
    return new ContentSignalSource(line.source(), null, new Statement(line, ContentSignal.parse(Objects.requireNonNull(value, "value"))));
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
    return name;
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    Optional<String> silent = ContentUse.silence("Content-Signal", query.usage(), query.purpose());
    if (silent.isPresent()) {
      return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(), silent.get());
    }
    Purpose purpose = Purpose.of(query.purpose()).orElseThrow();
    List<Statement> statements = new ArrayList<>();
    List<ConventionalGroup> selected = List.of();
    if (header != null) {
      statements.add(header);
    } else {
      selected = policy.selectedGroups(query.crawlers());
      for (ConventionalGroup g : selected) {
        for (ExtensionField f : g.fields()) {
          Statement s = parsed.get(f);
          if (s != null) {
            statements.add(s);
          }
        }
      }
    }
    List<SourceLine> refusing = new ArrayList<>();
    List<SourceLine> allowing = new ArrayList<>();
    List<String> refusingPairs = new ArrayList<>();
    List<String> allowingPairs = new ArrayList<>();
    List<SourceLine> useLines = new ArrayList<>();
    String useLevel = "";
    for (Statement s : statements) {
      Verdict v = s.signal().verdict(purpose);
      if (v == Verdict.PROHIBITED) {
        refusing.add(s.line());
        refusingPairs.addAll(s.signal().deciding(purpose));
      } else if (v == Verdict.ALLOWED) {
        allowing.add(s.line());
        allowingPairs.addAll(s.signal().deciding(purpose));
      }
      if (purpose.within(Purpose.AI_ALL) && s.signal().useExcludes(query.usage())) {
        useLines.add(s.line());
        useLevel = s.signal().use().orElse("");
      }
    }
    if (!refusing.isEmpty()) {
      return new SourceVerdict(KIND, name, Verdict.PROHIBITED, refusing, "Content-Signal " + String.join(", ", distinct(refusingPairs))
          + (header != null ? " in the response header" : " in the crawler's group") + ": no " + query.usage() + " of the content for " + purpose.token() + " (crawling stays with Allow/Disallow)").withBasis(KIND);
    }
    if (!useLines.isEmpty()) {
      return new SourceVerdict(KIND, name, Verdict.PROHIBITED, useLines, "Content-Signal use=" + useLevel + ": AI systems may "
          + (useLevel.equals("immediate") ? "interact with the content but store, index and reuse nothing" : "index, excerpt and link back, not reproduce or summarise")
          + ", so no " + query.usage() + " of the content for " + purpose.token()).withBasis(KIND);
    }
    if (!allowing.isEmpty()) {
      return new SourceVerdict(KIND, name, Verdict.ALLOWED, allowing, "Content-Signal " + String.join(", ", distinct(allowingPairs))
          + (header != null ? " in the response header" : " in the crawler's group")).withBasis(KIND);
    }
    return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(),
        (header != null ? "the Content-Signal header states nothing for " : "no Content-Signal line of the crawler's group states anything for ")
            + purpose.token() + (header != null ? "" : notReaching(selected, query.crawlers())));
  }

  /**
   * "; the Content-Signal line(s) of 'User-agent: *' (line N) do not reach …" when the crawler has
   * a group of its own and the {@code *} group holds Content-Signal lines.
   */
  private String notReaching(List<ConventionalGroup> selected, List<String> crawlers) {
    return ContentUse.notReaching(wildcardLines, selected, crawlers, "Content-Signal");
  }

  private static List<String> distinct(List<String> pairs) {
    return pairs.stream().distinct().toList();
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }
}
