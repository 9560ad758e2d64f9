package org.acapengine.eval;

import java.util.List;
import java.util.Locale;
import org.acapengine.eval.match.RequestPath;
import org.acapengine.model.AcapField;

/**
 * One crawler's compiled rules for one robots.txt, without the parsed document: what a crawler
 * keeps per host ({@link CompiledPolicy#forCrawler}). It is the same flat tables {@link
 * CompiledPolicy} decides with, held alone, and it decides through the same path, so its
 * decisions equal {@link CompiledPolicy#decide}'s for the same names; it cannot explain them,
 * since the rules that lost and the records that were passed over live in the document.
 * Thread-safe.
 *
 * <p>It is the crawler's view ({@code CrawlerView}, package-private) with the crawler's names: one
 * object an origin, not a policy holding a view (a cache holds one per origin).
 */
public final class CrawlerPolicy extends CrawlerView {

  /** The crawler's names as given; the tables may be shared with crawlers of other names. */
  private final List<String> names;

  CrawlerPolicy(List<String> names, CrawlerView view) {
    this(List.copyOf(names), view, view.named, view.any, view.conventional);
  }

  /** A policy of these names deciding as {@code view} does, with these tables in place of its own. */
  private CrawlerPolicy(List<String> names, CrawlerView view, RuleTable named, RuleTable any, RuleTable conventional) {
    super(view, named, any, conventional);
    this.names = names;
  }

  /** The policy made last for a crawler no rule speaks to, which the next one of equal names shares. */
  private static volatile CrawlerPolicy lastEmpty;

  /**
   * The policy of a crawler with these names and this view: for the empty view ({@link
   * CrawlerView#EMPTY}) the one made last when its names are equal (a scheduler's cache holds
   * many origins whose files say nothing to its crawler), else a new one.
   */
  static CrawlerPolicy of(List<String> names, CrawlerView view) {
    if (view != CrawlerView.EMPTY) {
      return new CrawlerPolicy(names, view);
    }
    CrawlerPolicy last = lastEmpty;
    if (last == null || !last.names.equals(names)) {
      last = new CrawlerPolicy(names, view);
      lastEmpty = last;
    }
    return last;
  }

  /**
   * This policy for a holder that keeps {@code key} anyway, as a cache keeps the key of the origin
   * the policy is for: when every line of its tables is of the file {@code https://KEY/robots.txt}
   * (a key without {@code /}, a host) or else {@code KEY/robots.txt} ({@code scheme://host[:port]}),
   * a policy whose tables refer to that file by the key and make its name again when a decision's
   * lines are read, so that the name (about 100 bytes an origin) is not held twice; else this
   * policy. Its decisions, and their lines, equal this policy's. Ask before the first decision:
   * what the first decisions made (the buckets) is made again; the indexes are kept.
   *
   * @param key the origin's key as the holder keeps it (the same string, so that it is held once)
   * @return the policy naming its file by the key, or this policy
   */
  public CrawlerPolicy namingItsFileBy(String key) {
    RuleTable[] tables = tablesNamingItsFileBy(key);
    return tables == null ? this : new CrawlerPolicy(names, this, tables[0], tables[1], tables[2]);
  }

  /** The tables this policy decides with (tests): itself. */
  CrawlerView view() {
    return this;
  }

  /**
   * The heap this policy holds, summed from its tables' arrays and strings as they are, each
   * object once (its own names included; what the evaluator shares between policies not): what a
   * cache of crawler policies is bounded by ({@code org.acapengine.load.PolicyCache}). It grows
   * as the policy is first asked about a usage (each usage's index is made then): ask before
   * weighing for the usages the crawler will ask about.
   *
   * @return the bytes, within a few per cent of what JOL measures for the policy's object graph
   */
  public long heapBytes() {
    return Footprint.of(this);
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
   * Decides a usage of a URL for this crawler, with no purpose and every qualifier honoured; no
   * {@link Query} is built.
   *
   * @param usage the usage name, any case ({@code crawl}, {@code index}, ...)
   * @param urlOrPath an absolute URL or a path, canonicalised ({@link RequestPath#of})
   * @return the decision with its basis, deciding lines and qualifiers
   */
  public Decision decide(String usage, String urlOrPath) {
    return Decide.decide(this, usage.strip().toLowerCase(Locale.ROOT), RequestPath.of(urlOrPath), null, -1);
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
    return Decide.decide(this, query);
  }

  /**
   * Decides a query that names this policy's crawler for the path of another URL, as {@code
   * decide(query.withPath(urlOrPath))} does, without building that query: what a cache deciding
   * many URLs with one query calls ({@code PolicyCache#decide}).
   *
   * @param query the query; its crawler names must equal {@link #crawlerNames()}; its path is not used
   * @param urlOrPath an absolute URL or a path, canonicalised ({@link RequestPath#of})
   * @return the decision with its basis, deciding lines and qualifiers
   * @throws IllegalArgumentException if the query names another crawler
   */
  public Decision decide(Query query, String urlOrPath) {
    if (!query.crawlers().equals(names)) {
      throw new IllegalArgumentException("this policy is for " + names + ", the query names " + query.crawlers());
    }
    return Decide.decide(this, query.usage(), RequestPath.of(urlOrPath), Decide.purposeOf(query), Bucket.honourMask(query));
  }

  /**
   * The crawl decision as a legacy crawler reads the file: the conventional records alone (RFC
   * 9309), conventional fields inside ACAP records included.
   *
   * @param urlOrPath an absolute URL or a path, canonicalised ({@link RequestPath#of})
   * @return the decision by longest match alone
   */
  public Decision decideConventionalOnly(String urlOrPath) {
    return Decide.decideConventionalOnly(this, RequestPath.of(urlOrPath));
  }

  /**
   * The action requests (2.6) addressed to this crawler, in file order.
   *
   * @return the requests, those addressed to {@code *} included
   */
  @Override
  public List<AcapField.ActionRequest> actionRequests() {
    return super.actionRequests();
  }
}
