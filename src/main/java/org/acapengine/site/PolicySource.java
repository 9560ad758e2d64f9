package org.acapengine.site;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;

/**
 * One of a site's policies — a robots.txt, a TCT llm-policy.json, a Scorpion crawl file, or a
 * format still to come — answering in the one vocabulary {@link SitePolicy} combines: a {@link
 * SourceVerdict} per query and {@link CrawlHints} per crawler. A new format is one new
 * implementation; the combiner ({@link SiteDecision#of}) does not change. Implementations are
 * immutable and thread-safe.
 */
public interface PolicySource {

  /**
   * The format, as output names it: {@code robots.txt}, {@code llm-policy.json}, {@code scorpion}.
   *
   * @return the format name, never null
   */
  String kind();

  /**
   * The file's name (a path or URL).
   *
   * @return the name, never null
   */
  String name();

  /**
   * What this source says about a query.
   *
   * @param now the instant a source with dates (an llm-policy.json's {@code effective}) is read at
   * @param query the query, not null
   * @return the verdict, never null; NO_OPINION when the source says nothing about the query
   */
  SourceVerdict decide(Query query, Instant now);

  /**
   * The crawl hints this source gives a crawler; {@link CrawlHints#none()} when it gives none.
   *
   * @param crawlers the crawler's names, in order of preference
   * @param purpose the query's usage purpose, if any
   * @param now the instant dated sources are read at
   * @return the hints, never null
   */
  CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now);

  /**
   * {@link #decide} with what a person needs to check it: the same verdict, a full trace when the
   * source has one, and what the source says about itself. By default: the verdict alone.
   *
   * @param query the query, not null
   * @param now the instant dated sources are read at
   * @return the explanation, never null
   */
  default SourceExplanation explain(Query query, Instant now) {
    return new SourceExplanation(decide(query, now), Optional.empty(), List.of());
  }

  /**
   * {@link #explain(Query, Instant)}, a trace listing at most {@code maxRules} rules for the usage
   * (and as many for others; the rest counted). By default: the explanation without a limit, for
   * a source whose trace is small.
   *
   * @param query the query, not null
   * @param now the instant dated sources are read at
   * @param maxRules how many rules a trace lists at most, not negative ({@link Integer#MAX_VALUE}: all)
   * @return the explanation, never null
   */
  default SourceExplanation explain(Query query, Instant now, int maxRules) {
    return explain(query, now);
  }

  /**
   * The usage names outside the ACAP dictionary this source can speak to (a robots.txt's {@code
   * ACAP-disallow-train: /} names {@code train}); a query for a name that is neither in the
   * dictionary nor named by a source is most probably a typing error. By default: none.
   *
   * @return lower-case names, never null
   */
  default Set<String> usageNames() {
    return Set.of();
  }

  /**
   * What this source asks of a crawler that uses the site's content, whatever the path: a
   * licence's payments, licence server and terms, each with its line ({@code acap hints} lists
   * them). By default: nothing.
   *
   * @param crawlers the crawler's names, in order of preference
   * @param purpose the query's usage purpose, if any
   * @param now the instant dated sources are read at
   * @return the conditions, never null
   */
  default List<DecisionNote> conditions(List<String> crawlers, Optional<String> purpose, Instant now) {
    return List.of();
  }

  /**
   * True when this source names the purpose (an ACAP sub-record's usage-purpose pattern matches
   * it, a Scorpion section is named after it). A purpose that neither the one vocabulary ({@link
   * org.acapengine.model.Purpose}) nor any source names is most probably a typing error. By
   * default: none.
   *
   * @param purpose a purpose name as a query gives it
   * @return whether this source can speak to it
   */
  default boolean namesPurpose(String purpose) {
    return false;
  }

  /**
   * False for a source that never decides {@code crawl} (the usage preferences, licences and page
   * signals speak to using content): {@link SitePolicy} then skips it when it asks whether the
   * crawler may fetch a path it was asked to use. By default: true.
   *
   * @return whether {@link #decide} can give {@code crawl} a verdict other than no opinion
   */
  default boolean decidesCrawl() {
    return true;
  }
}
