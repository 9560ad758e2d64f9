package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.acapengine.eval.match.PathSearch;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;

/**
 * Decisions whose rules search a path so often that the searches switch to an index of the path
 * ({@link PathSearch}; here after two readings of the path, so that paths short enough for the
 * oracle's regular expressions get there) decide as {@link BruteForceOracle} does:
 * files of 30 to 90 wildcard rules of each kind (ACAP, matched up to case, and conventional),
 * made of runs over the path's own alphabet and of runs that never occur in it, against paths of
 * 200 to 400 characters; the whole policy, the conventional-only decision and a crawler's own
 * policy (the flat table, for a file without ACAP records) are each held to the oracle.
 */
class ManySearchesDecisionTest {

  private static final String[] RUNS = {"a", "b", "aa", "ab", "ba", "aab", "bba", "aaaaaaaa", "ababababab", "aaaaaaaaaaaab", "c", "bc", "A", "aB"};
  /** Runs likely to occur in a path, longer than {@link #RARE}, so that an index keyed by a pattern's longest run proposes the pattern. */
  private static final String[] COMMON = {"aab", "bba", "abab", "baab", "AbA", "aaba", "abba", "bbab", "babb", "aaab", "bbba"};
  /** Runs that occur in few paths or none: a pattern ending in one is searched to the end of the path. */
  private static final String[] RARE = {"c", "bc"};

  @Test
  void indexedSearchesDecideAsTheOracle() {
    // This thread's decisions index their path after a few searches, not after 64 readings of it.
    MatchScratch scratch = MatchScratch.get();
    PathSearch search = scratch.search;
    scratch.search = new PathSearch(2);
    try {
      decideAsTheOracle();
    } finally {
      scratch.search = search;
    }
  }

  private static void decideAsTheOracle() {
    Random random = new Random(9309);
    int indexedWhole = 0;
    int indexedFlat = 0;
    int decisions = 0;
    for (int f = 0; f < 40; f++) {
      boolean withAcap = f % 2 == 0;
      String robots = file(random, withAcap);
      PolicyDocument doc = new RobotsTxtParser().parse(robots, "robots.txt");
      CompiledPolicy policy = CompiledPolicy.compile(doc);
      BruteForceOracle oracle = new BruteForceOracle(doc, Map.of(), Set.of("crawl"));
      CrawlerPolicy crawler = CompiledPolicy.compile(doc).forCrawler(List.of("somebot"));
      for (int i = 0; i < 10; i++) {
        String path = path(random);
        Query q = Query.of("somebot", "crawl", path);
        Decision d = policy.decide(q);
        indexedWhole += MatchScratch.get().search.indexed() ? 1 : 0;
        assertThat(BruteForceOracle.describe(d)).as("file %d, path %s, robots.txt:\n%s", f, path, robots).isEqualTo(oracle.decide(q));
        assertThat(BruteForceOracle.describe(policy.decideConventionalOnly(q.crawlers(), path))).as("conventional only: file %d, path %s", f, path)
            .isEqualTo(oracle.decideConventionalOnly(q.crawlers(), path));
        Decision own = crawler.decide(q);
        if (!withAcap) {
          indexedFlat += MatchScratch.get().search.indexed() ? 1 : 0;
        }
        assertThat(BruteForceOracle.describe(own)).as("crawler policy: file %d, path %s", f, path).isEqualTo(BruteForceOracle.describe(d));
        decisions++;
      }
    }
    assertThat(decisions).isEqualTo(400);
    assertThat(indexedWhole).as("decisions of the whole policy that used an index").isGreaterThan(200);
    assertThat(indexedFlat).as("decisions of a flat crawler policy that used an index").isGreaterThan(60);
  }

  private static String file(Random random, boolean withAcap) {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    int n = 30 + random.nextInt(61);
    for (int i = 0; i < n; i++) {
      sb.append(random.nextBoolean() ? "Allow: " : "Disallow: ").append(pattern(random)).append('\n');
    }
    if (withAcap) {
      sb.append("\nACAP-crawler: *\n");
      for (int i = 0; i < n; i++) {
        sb.append(random.nextBoolean() ? "ACAP-allow-crawl: " : "ACAP-disallow-crawl: ").append(pattern(random)).append('\n');
      }
    }
    return sb.toString();
  }

  /**
   * {@code /*run*run}, {@code /*common*rare}, … with a final {@code $} at times: at most two
   * wildcards, so that the oracle's regular expressions stay quick.
   */
  private static String pattern(Random random) {
    StringBuilder sb = new StringBuilder("/");
    if (random.nextInt(4) == 0) {
      sb.append(RUNS[random.nextInt(RUNS.length)]);
    }
    if (random.nextBoolean()) {
      sb.append('*').append(COMMON[random.nextInt(COMMON.length)]).append('*').append(RARE[random.nextInt(RARE.length)]);
    } else {
      int stars = 1 + random.nextInt(2);
      for (int s = 0; s < stars; s++) {
        sb.append('*').append(RUNS[random.nextInt(RUNS.length)]);
      }
    }
    if (random.nextInt(5) == 0) {
      sb.append('$');
    }
    return sb.toString();
  }

  private static String path(Random random) {
    int n = 200 + random.nextInt(201);
    StringBuilder sb = new StringBuilder("/");
    String alphabet = random.nextInt(3) == 0 ? "abAB" : "ab";
    for (int i = 0; i < n; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    if (random.nextInt(4) == 0) {
      sb.append(random.nextBoolean() ? "c" : "bc");
    }
    return sb.toString();
  }
}
