package org.acapengine.site;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.scorpion.NotUnderstood;
import org.acapengine.adapters.scorpion.ScorpionCommand;
import org.acapengine.adapters.scorpion.ScorpionCrawler;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionDecision;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionLine;
import org.acapengine.adapters.scorpion.ScorpionRule;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * A Scorpion crawl file as a policy source: its native verdict for {@code crawl} and {@code
 * index}, no opinion for other usages; a {@code d} rule marks the path dynamic whatever the
 * verdict.
 *
 * <p>Views are kept as the evaluator keeps a robots.txt's (its view caches, docs/performance.md,
 * "Any number of crawler names"): a crawler's names (and the purpose's section name) are looked up
 * in an index of the file's {@code @} lines, not matched against each, and what they select (the
 * first {@code @} line naming one of them, or none) is the key of the view, kept in a Caffeine
 * cache bounded by weight (16 times the file's bytes, at least 4 MiB) with eviction. So any number
 * of crawler names share the views of the few sections they select, and the 3 000th name costs
 * what the 3rd does; the first view needs no cache.
 */
public final class ScorpionSource implements PolicySource {

  /** The bytes a view weighs besides its lines: the view, its indexes' fixed part, the cache's node. */
  private static final int VIEW_BYTES = 512;
  /** What a view holds per effective line, about: the line, its rule and its place in an index. */
  private static final int LINE_BYTES = 160;
  /** The selection of a crawler no {@code @} line names: the lines before the first {@code @} line. */
  private static final int NO_SECTION = Integer.MAX_VALUE;

  private final ScorpionFile file;
  /** Each {@code @} line's name (as ISO-8859-1 characters) to the number of the first {@code @} line naming it. */
  private final Map<String, Integer> sections = new HashMap<>();
  private final long budget;
  /** The first view made and its selection: most sources are asked about one crawler. */
  private volatile First first;
  /** Selection → view, made when a second selection is asked for; null until then. */
  private volatile Cache<Integer, ScorpionCrawlerPolicy> views;

  private record First(int selection, ScorpionCrawlerPolicy view) {}

  /**
   * A source for a {@code /.special/crawl} file; the per-crawler views are computed once and
   * cached, safely across threads.
   *
   * @param file the file as read; not null
   */
  public ScorpionSource(ScorpionFile file) {
    this.file = Objects.requireNonNull(file, "file");
    long bytes = 0;
    List<ScorpionLine> lines = file.lines();
    for (int i = 0; i < lines.size(); i++) {
      ScorpionLine line = lines.get(i);
      bytes += line.text().length() + 1;
      if (line.command().filter(c -> c == ScorpionCommand.SECTION).isPresent()) {
        sections.putIfAbsent(line.parameter(), i);
      }
    }
    this.budget = Math.max(4L << 20, 16 * bytes);
  }

  /**
   * The file this source reads.
   *
   * @return the whole file
   */
  public ScorpionFile file() {
    return file;
  }

  @Override
  public String kind() {
    return "scorpion";
  }

  @Override
  public String name() {
    return file.sourceName();
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    ScorpionCrawlerPolicy sp = view(query.crawlers(), query.purpose());
    ScorpionDecision sd = sp.decide(query.usage(), query.rawPath());
    List<SourceLine> evidence = sd.rule().map(r -> List.of(evidence(r)))
        .or(() -> sd.verdict() == Verdict.PROHIBITED ? sp.notUnderstood().map(this::evidence) : Optional.empty())
        .orElse(List.of());
    return new SourceVerdict(kind(), name(), sd.verdict(), evidence, sd.reason()).withDynamic(sd.isDynamic());
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return view(crawlers, purpose).hints();
  }

  private SourceLine evidence(ScorpionRule r) {
    return new SourceLine(name(), r.line(), r.implicit() ? "(the implicit final C/)" : r.asWritten());
  }

  /** The line that makes the file not understood (or, for an oversized file, the reason). */
  private List<SourceLine> evidence(NotUnderstood n) {
    return List.of(n.line()
        .map(l -> new SourceLine(name(), l.number(), l.text().strip()))
        .orElseGet(() -> new SourceLine(name(), 0, "(not understood: " + n.reason() + ")")));
  }

  /** The purposes that name Scorpion's sections {@code <MIRROR>}, {@code <SEARCH>}, {@code <STUDY>}. */
  @Override
  public boolean namesPurpose(String purpose) {
    String p = purpose.strip().toLowerCase(Locale.ROOT);
    return p.equals("mirror") || p.equals("search") || p.equals("study");
  }

  private ScorpionCrawlerPolicy view(List<String> crawlers, Optional<String> purpose) {
    // Scorpion compares @ names byte for byte (ScorpionCrawler): the names are looked up as given;
    // the purpose names a section case-insensitively.
    ScorpionCrawler crawler = ScorpionCrawler.of(crawlers, purpose);
    int selection = NO_SECTION;
    for (String name : crawler.names()) {
      Integer at = sections.get(name);
      if (at != null && at < selection) {
        selection = at;
      }
    }
    First f = first;
    if (f != null && f.selection() == selection) {
      return f.view();
    }
    if (f == null) {
      synchronized (this) {
        if (first == null) {
          ScorpionCrawlerPolicy p = ScorpionCrawlerPolicy.of(file, crawler);
          first = new First(selection, p);
          return p;
        }
      }
    }
    return views().get(selection, k -> ScorpionCrawlerPolicy.of(file, crawler));
  }

  /** The views' cache, made on first use and seeded with the first view. */
  private Cache<Integer, ScorpionCrawlerPolicy> views() {
    Cache<Integer, ScorpionCrawlerPolicy> c = views;
    if (c == null) {
      synchronized (this) {
        c = views;
        if (c == null) {
          c = Caffeine.newBuilder().executor(Runnable::run).maximumWeight(budget)
              .weigher((Integer k, ScorpionCrawlerPolicy v) -> weight(v)).build();
          First f = first;
          if (f != null) {
            c.put(f.selection(), f.view());
          }
          views = c;
        }
      }
    }
    return c;
  }

  /** What a view holds, about: a fixed part and its effective lines. */
  private static int weight(ScorpionCrawlerPolicy v) {
    return (int) Math.min(Integer.MAX_VALUE, VIEW_BYTES + (long) LINE_BYTES * v.effectiveLines().size());
  }

  /**
   * How many views are kept, the first one included (for tests: names that select alike share one).
   *
   * @return the count
   */
  int viewsKept() {
    Cache<Integer, ScorpionCrawlerPolicy> c = views;
    if (c == null) {
      return first == null ? 0 : 1;
    }
    c.cleanUp();
    return (int) c.estimatedSize();
  }
}
