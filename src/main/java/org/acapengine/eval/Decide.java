package org.acapengine.eval;

import org.acapengine.eval.match.PercentEncoding;

/**
 * The one decision path: every decision of {@link CompiledPolicy} and of {@link CrawlerPolicy}
 * goes through here, on a {@link CrawlerView}. {@code /robots.txt} may always be crawled (RFC 9309
 * 2.2.2); otherwise {@link MatchScratch} collects the matching patterns of the view's tables for
 * the usage and {@link Resolution} decides. Allocates nothing per rule.
 */
final class Decide {

  private Decide() {}

  /**
   * The decision for a usage of a canonical path.
   *
   * @param purpose the query's purpose, percent-normalised ({@link #purposeOf}), or null
   * @param honour the qualifier types the crawler honours ({@link Bucket#honourMask}: -1 for all)
   */
  static Decision decide(CrawlerView v, String usage, String path, String purpose, int honour) {
    if (isRobotsTxt(usage, path)) {
      return Decision.ROBOTS_TXT;
    }
    MatchScratch s = MatchScratch.get();
    s.collect(v.namedBucket(usage), v.anyBucket(usage), v.conventionalBucket(usage), path, purpose);
    return Resolution.resolve(v, honour, s, DecisionTrace.NONE);
  }

  static Decision decide(CrawlerView v, Query q) {
    return decide(v, q.usage(), q.path(), purposeOf(q), Bucket.honourMask(q));
  }

  /** The crawl decision of a legacy crawler: the conventional rules alone, those inside ACAP records included (RFC 9309). */
  static Decision decideConventionalOnly(CrawlerView v, String path) {
    if (isRobotsTxt("crawl", path)) {
      return Decision.ROBOTS_TXT;
    }
    MatchScratch s = MatchScratch.get();
    s.collect(null, null, v.legacyBucket(), path, null);
    return Resolution.resolveConventional(s, -1, DecisionTrace.NONE);
  }

  /** {@link Query#isRobotsTxt} for a usage and a canonical path. */
  static boolean isRobotsTxt(String usage, String path) {
    return usage.equals("crawl") && (path.equals("/robots.txt") || path.startsWith("/robots.txt?"));
  }

  /** The query's purpose, percent-normalised as sub-records' purpose patterns are; null when it states none. */
  static String purposeOf(Query q) {
    return q.purpose().isEmpty() ? null : PercentEncoding.normalise(q.purpose().get());
  }

  /**
   * The full trace of {@link #decide} for the same query, listing at most {@code limit} rules.
   *
   * @param selection how the crawler's records and groups were chosen
   */
  static Explanation explain(CrawlerView v, Query q, Selection selection, int limit) {
    if (q.isRobotsTxt()) {
      return new Explanation(q, Decision.ROBOTS_TXT, selection, java.util.List.of(), java.util.List.of(),
          Explanation.Reason.of(Explanation.Conclusion.ROBOTS_TXT), new Explanation.Summary(java.util.Map.of(), 0));
    }
    MatchScratch s = new MatchScratch();
    String purpose = purposeOf(q);
    String usage = q.usage();
    s.collect(v.namedBucket(usage), v.anyBucket(usage), v.conventionalBucket(usage), q.path(), purpose);
    ExplainTrace trace = new ExplainTrace(v, q, purpose, s);
    Decision d = Resolution.resolve(v, Bucket.honourMask(q), s, trace);
    return trace.finish(d, selection, limit);
  }
}
