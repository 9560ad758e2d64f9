package org.acapengine.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.contentsignal.ContentSignal;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.DecidingLines;
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

  /**
   * The statements of one group (or the header) that say the same thing (the same signals and
   * {@code use} level), with their lines in file order: 11 000 copies of one line are one kind,
   * decided once and reported as a count ({@link DecidingLines}). A group has at most as many
   * kinds as there are combinations of the signals' values and use levels.
   */
  private static final class Kind implements DecidingLines.Part {
    private final ContentSignal signal;
    private List<SourceLine> building = new ArrayList<>();
    private SourceLine[] lines;
    /** The ordinal in the file of the kind's last statement, so that the last use level read wins, as before. */
    private int last;

    Kind(ContentSignal signal) {
      this.signal = signal;
    }

    void add(SourceLine line, int ordinal) {
      building.add(line);
      last = ordinal;
    }

    Kind freeze() {
      lines = building.toArray(new SourceLine[0]);
      building = null;
      return this;
    }

    @Override
    public int lineCount() {
      return lines.length;
    }

    @Override
    public SourceLine line(int k) {
      return lines[k];
    }
  }

  /** What the kinds of a group are told apart by. */
  private record Said(Map<ContentSignal.Signal, Boolean> signals, Optional<String> use) {
    static Said of(ContentSignal s) {
      return new Said(s.signals(), s.use());
    }
  }

  private final String name;
  private final CompiledPolicy policy;
  /** Each group's kinds, in the order of their first line; groups without a Content-Signal line absent. */
  private final Map<ConventionalGroup, List<Kind>> kinds = new IdentityHashMap<>();
  /** The header's one kind; null for a robots.txt. */
  private final List<Kind> header;
  /** The Content-Signal lines of the {@code *} groups, for the reason that they do not reach a crawler with a group of its own. */
  private final int[] wildcardLines;

  private ContentSignalSource(String name, CompiledPolicy policy, List<Kind> header) {
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
    int ordinal = 0;
    for (ConventionalGroup g : doc.conventionalGroups()) {
      Map<Said, Kind> byWhatTheySay = new LinkedHashMap<>();
      for (ExtensionField f : g.fields()) {
        if (f.key().equals(FIELD)) {
          SourceLine line = new SourceLine(doc.source().name(), f.span().line(), doc.source().line(f.span().line()).strip());
          ContentSignal signal = ContentSignal.parse(f.value());
          byWhatTheySay.computeIfAbsent(Said.of(signal), k -> new Kind(signal)).add(line, ordinal++);
        }
      }
      if (!byWhatTheySay.isEmpty()) {
        kinds.put(g, byWhatTheySay.values().stream().map(Kind::freeze).toList());
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
    Kind kind = new Kind(ContentSignal.parse(Objects.requireNonNull(value, "value")));
    kind.add(line, 0);
    return new ContentSignalSource(line.source(), null, List.of(kind.freeze()));
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
    List<Kind> said;
    List<ConventionalGroup> selected = List.of();
    if (header != null) {
      said = header;
    } else {
      selected = policy.selectedGroups(query.crawlers());
      said = new ArrayList<>();
      for (ConventionalGroup g : selected) {
        said.addAll(kinds.getOrDefault(g, List.of()));
      }
    }
    List<DecidingLines.Part> refusingKinds = new ArrayList<>();
    List<DecidingLines.Part> allowingKinds = new ArrayList<>();
    List<String> refusingPairs = new ArrayList<>();
    List<String> allowingPairs = new ArrayList<>();
    List<DecidingLines.Part> useKinds = new ArrayList<>();
    String useLevel = "";
    int useLast = -1;
    for (Kind k : said) {
      Verdict v = k.signal.verdict(purpose);
      if (v == Verdict.PROHIBITED) {
        refusingKinds.add(k);
        refusingPairs.addAll(k.signal.deciding(purpose));
      } else if (v == Verdict.ALLOWED) {
        allowingKinds.add(k);
        allowingPairs.addAll(k.signal.deciding(purpose));
      }
      if (purpose.within(Purpose.AI_ALL) && k.signal.useExcludes(query.usage())) {
        useKinds.add(k);
        if (k.last > useLast) {
          useLast = k.last;
          useLevel = k.signal.use().orElse("");
        }
      }
    }
    List<SourceLine> refusing = DecidingLines.of(refusingKinds.toArray(new DecidingLines.Part[0]));
    List<SourceLine> allowing = DecidingLines.of(allowingKinds.toArray(new DecidingLines.Part[0]));
    List<SourceLine> useLines = DecidingLines.of(useKinds.toArray(new DecidingLines.Part[0]));
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
