package org.acapengine.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.adapters.scorpion.NotUnderstood;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionDecision;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionRule;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * A Scorpion crawl file as a policy source: its native verdict for {@code crawl} and {@code
 * index}, no opinion for other usages; a {@code d} rule marks the path dynamic whatever the
 * verdict. Each crawler's view of the file is built once and cached (at most 1 024).
 */
public final class ScorpionSource implements PolicySource {

  private static final int MAX_CACHED_VIEWS = 1024;

  private final ScorpionFile file;
  private final ConcurrentHashMap<List<String>, ScorpionCrawlerPolicy> views = new ConcurrentHashMap<>();

  /**
   * A source for a {@code /.special/crawl} file; the per-crawler views are computed once and
   * cached, safely across threads.
   *
   * @param file the file as read; not null
   */
  public ScorpionSource(ScorpionFile file) {
    this.file = Objects.requireNonNull(file, "file");
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
    // Scorpion compares @ names byte for byte, so the names are the key as given (not case-folded);
    // purposes name sections case-insensitively (ScorpionCrawler), so the purpose is folded.
    List<String> key = new ArrayList<>(crawlers.size() + 1);
    key.addAll(crawlers);
    key.add("\0" + purpose.orElse("").toLowerCase(Locale.ROOT));
    ScorpionCrawlerPolicy p = views.get(key);
    if (p == null) {
      p = ScorpionCrawlerPolicy.of(file, crawlers, purpose);
      if (views.size() < MAX_CACHED_VIEWS) {
        views.putIfAbsent(key, p);
      }
    }
    return p;
  }
}
