package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.render.ExplanationText;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.acapengine.load.ReferenceLoader;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;

/**
 * Properties of {@link CompiledPolicy}, on random robots.txt files ({@link RandomPolicies}) and
 * random queries, seeded and deterministic:
 *
 * <ul>
 *   <li>{@code explain(q).decision()} is {@code decide(q)};
 *   <li>{@code decide} (prefix-trie index, per-crawler cache, thread-local scratch) gives what
 *       {@link BruteForceOracle} gives by testing every field of the document against every query
 *       with regular expressions; and the legacy reading likewise;
 *   <li>a crawler's policy deciding a query for another URL's path gives what the whole policy
 *       gives for the query with that path;
 *   <li>many threads deciding on one policy, from its first query on, give what one thread gives.
 * </ul>
 *
 * A failure names the seed, the robots.txt and the query, so it can be replayed.
 */
class DecisionPropertiesTest {

  private static final long SEED = 20240917L;
  private static final int FILES = Integer.getInteger("acap.properties.files", 300);
  private static final int QUERIES_PER_FILE = 40;

  private static CompiledPolicy compile(RandomPolicies.Generated g, Set<String> conventionalAppliesTo) {
    PolicyDocument doc = new RobotsTxtParser().parse(g.robots(), "robots.txt");
    return CompiledPolicy.compile(doc, new ReferenceLoader(g.resolver(), ParseOptions.defaults()).load(doc).references(),
        CompileOptions.defaults().withConventionalAppliesTo(conventionalAppliesTo));
  }

  private static Set<String> appliesTo(Random r) {
    return r.nextInt(4) == 0 ? Set.of("crawl", "index") : Set.of("crawl");
  }

  @Test
  void explainGivesTheDecisionDecideGives() {
    RandomPolicies gen = new RandomPolicies(SEED);
    int cases = 0;
    for (int f = 0; f < FILES; f++) {
      RandomPolicies.Generated g = gen.policy();
      CompiledPolicy policy = compile(g, appliesTo(gen.random()));
      for (int i = 0; i < QUERIES_PER_FILE; i++) {
        Query q = gen.query();
        Explanation x = policy.explain(q);
        assertThat(x.decision()).as("file %d query %s\n%s", f, q, g.robots()).isEqualTo(policy.decide(q));
        assertThat(ExplanationText.reason(x)).as("explain always says why").isNotBlank();
        cases++;
      }
    }
    assertThat(cases).isEqualTo(FILES * QUERIES_PER_FILE);
  }

  /**
   * A crawler's policy deciding a query for another URL's path (as a cache does per URL) gives
   * what the whole policy gives for the query with that path, purpose and honoured qualifiers kept.
   */
  @Test
  void aCrawlersDecisionForAnotherPathIsTheQueryWithThatPath() {
    RandomPolicies gen = new RandomPolicies(SEED + 3);
    int cases = 0;
    for (int f = 0; f < FILES / 3; f++) {
      RandomPolicies.Generated g = gen.policy();
      CompiledPolicy policy = compile(g, appliesTo(gen.random()));
      for (int i = 0; i < QUERIES_PER_FILE; i++) {
        Query q = gen.query();
        String path = gen.path();
        String url = switch (i % 3) {
          case 0 -> path;
          case 1 -> "https://example.com" + path + "?q=/x#/f";
          default -> "http://example.com:8080" + path + "#" + gen.path();
        };
        assertThat(policy.forCrawler(q.crawlers()).decide(q, url)).as("file %d query %s url %s\n%s", f, q, url, g.robots())
            .isEqualTo(policy.decide(q.withPath(url)));
        cases++;
      }
    }
    assertThat(cases).isEqualTo(FILES / 3 * QUERIES_PER_FILE);
  }

  @Test
  void decideAgreesWithTheBruteForceOracle() {
    RandomPolicies gen = new RandomPolicies(SEED + 1);
    int decided = 0;
    int byAcap = 0;
    int conflicts = 0;
    int byConventional = 0;
    int unresolvedReferences = 0;
    for (int f = 0; f < FILES; f++) {
      RandomPolicies.Generated g = gen.policy();
      Set<String> appliesTo = appliesTo(gen.random());
      CompiledPolicy policy = compile(g, appliesTo);
      BruteForceOracle oracle = new BruteForceOracle(policy.document(), g.files(), appliesTo);
      for (int i = 0; i < QUERIES_PER_FILE; i++) {
        Query q = gen.query();
        Decision d = policy.decide(q);
        assertThat(BruteForceOracle.describe(d)).as("file %d, query %s, robots.txt:\n%s\nfiles: %s", f, q, g.robots(), g.files()).isEqualTo(oracle.decide(q));
        Decision legacy = policy.decideConventionalOnly(q.crawlers(), q.path());
        assertThat(BruteForceOracle.describe(legacy)).as("legacy: file %d, query %s, robots.txt:\n%s", f, q, g.robots())
            .isEqualTo(oracle.decideConventionalOnly(q.crawlers(), q.path()));
        decided++;
        switch (d.basis()) {
          case ACAP_FIELD:
            byAcap++;
            break;
          case UNRESOLVED_CONFLICT:
            conflicts++;
            break;
          case CONVENTIONAL_RULE:
            byConventional++;
            break;
          case UNRESOLVED_REFERENCE:
            unresolvedReferences++;
            break;
          default:
            break;
        }
      }
    }
    // The generator must exercise every outcome, or agreeing proves little.
    assertThat(decided).isEqualTo(FILES * QUERIES_PER_FILE);
    assertThat(byAcap).as("decided by ACAP fields").isGreaterThan(decided / 10);
    assertThat(conflicts).as("unresolved conflicts").isGreaterThan(decided / 200);
    assertThat(byConventional).as("decided by conventional rules").isGreaterThan(decided / 50);
    assertThat(unresolvedReferences).as("unresolved references").isGreaterThan(decided / 200);
  }

  @Test
  void manyThreadsGiveWhatOneThreadGives() throws Exception {
    RandomPolicies gen = new RandomPolicies(SEED + 2);
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int f = 0; f < 25; f++) {
        RandomPolicies.Generated g = gen.policy();
        Set<String> appliesTo = appliesTo(gen.random());
        List<Query> queries = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
          queries.add(gen.query());
        }
        CompiledPolicy single = compile(g, appliesTo);
        List<Decision> expected = new ArrayList<>();
        for (Query q : queries) {
          expected.add(single.decide(q));
        }
        // A fresh policy: the threads race to build its per-crawler views and per-usage indexes.
        CompiledPolicy shared = compile(g, appliesTo);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<String>>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          long order = f * 100L + t;
          results.add(pool.submit(() -> {
            List<Integer> idx = new ArrayList<>();
            for (int i = 0; i < queries.size(); i++) {
              idx.add(i);
            }
            Collections.shuffle(idx, new Random(order));
            start.await();
            List<String> wrong = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
              for (int i : idx) {
                Decision d = shared.decide(queries.get(i));
                if (!d.equals(expected.get(i))) {
                  wrong.add(queries.get(i) + ": " + d + " instead of " + expected.get(i));
                }
              }
            }
            return wrong;
          }));
        }
        start.countDown();
        for (Future<List<String>> r : results) {
          assertThat(r.get()).as("file %d:\n%s", f, g.robots()).isEmpty();
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
