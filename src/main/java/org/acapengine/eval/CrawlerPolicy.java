package org.acapengine.eval;

import java.util.List;
import java.util.Optional;
import org.acapengine.eval.match.RequestPath;
import org.acapengine.model.AcapField;

/**
 * One crawler's compiled rules for one robots.txt, without the parsed document: what a crawler
 * keeps per host ({@link CompiledPolicy#forCrawler}). Its decisions equal {@link
 * CompiledPolicy#decide}'s for the same names; it cannot explain them, since the rules that lost
 * and the records that were passed over live in the document. A crawler no ACAP record selects
 * keeps its conventional rules in flat arrays (ConventionalTable); another keeps a view of compiled
 * rules, whose per-usage indexes are built on first use. Thread-safe.
 */
public final class CrawlerPolicy {

  /** The crawler's names as given; the view may be shared with crawlers of other names (ViewKey). */
  private final List<String> names;
  /** The crawler's rules as objects, when an ACAP record selects it; else null. */
  private final CrawlerView view;
  /** The crawler's conventional rules in flat arrays, when no ACAP record selects it; else null. */
  private final ConventionalTable table;

  CrawlerPolicy(List<String> names, CrawlerView view) {
    this.names = List.copyOf(names);
    this.view = view;
    this.table = null;
  }

  CrawlerPolicy(List<String> names, ConventionalTable table) {
    this.names = List.copyOf(names);
    this.view = null;
    this.table = table;
  }

  /** The flat table this policy decides with, or null when it keeps a view (tests). */
  ConventionalTable table() {
    return table;
  }

  /**
   * The crawler's names, as given.
   *
   * @return the names, at least one, immutable
   */
  public List<String> crawlerNames() {
    return names;
  }

  /**
   * Decides a usage of a URL for this crawler, with no purpose and every qualifier honoured.
   *
   * @param usage the usage name, any case ({@code crawl}, {@code index}, ...)
   * @param urlOrPath an absolute URL or a path, canonicalised ({@link RequestPath#of})
   * @return the decision with its basis, deciding lines and qualifiers
   */
  public Decision decide(String usage, String urlOrPath) {
    if (table != null) {
      // No query object: the table reads only the usage and the canonical path.
      return table.decide(usage.strip().toLowerCase(java.util.Locale.ROOT), RequestPath.of(urlOrPath));
    }
    return decide(Query.builder().crawlers(names).usage(usage).url(urlOrPath).build());
  }

  /**
   * Decides a query that names this policy's crawler. Allocates no per-rule garbage.
   *
   * @param query the query; its crawler names must equal {@link #crawlerNames()}
   * @return the decision with its basis, deciding lines and qualifiers
   * @throws IllegalArgumentException if the query names another crawler
   */
  public Decision decide(Query query) {
    if (!query.crawlers().equals(names)) {
      throw new IllegalArgumentException("this policy is for " + names + ", the query names " + query.crawlers());
    }
    return table != null ? table.decide(query.usage(), query.path()) : CompiledPolicy.decide(view, query);
  }

  /**
   * The crawl decision as a legacy crawler reads the file: the conventional records alone (RFC
   * 9309), conventional fields inside ACAP records included.
   *
   * @param urlOrPath an absolute URL or a path, canonicalised ({@link RequestPath#of})
   * @return the decision by longest match alone
   */
  public Decision decideConventionalOnly(String urlOrPath) {
    String path = RequestPath.of(urlOrPath);
    return table != null ? table.decideConventionalOnly(path)
        : CompiledPolicy.decideConventionalOnly(view, new Query(names, Optional.empty(), "crawl", path, Optional.empty()));
  }

  /**
   * The action requests (2.6) addressed to this crawler, in file order.
   *
   * @return the requests, those addressed to {@code *} included
   */
  public List<AcapField.ActionRequest> actionRequests() {
    return table != null ? List.of() : view.actionRequests;
  }
}
