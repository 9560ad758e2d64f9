package org.acapengine.adapters.scorpion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.acapengine.model.Severity;
import org.acapengine.model.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random and mutated bytes never throw, and the conversion still agrees with the native decision. */
class ScorpionGarbageInputTest {

  private static final List<String> SAMPLES = List.of("example.crawl", "crlf.crawl", "unknown-commands.crawl");

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void randomBytes(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 300; i++) {
      byte[] bytes = new byte[random.nextInt(400)];
      random.nextBytes(bytes);
      if (random.nextBoolean()) {
        for (int j = 0; j < bytes.length; j += 1 + random.nextInt(12)) {
          bytes[j] = '\n';
        }
      }
      check(bytes, random);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12, 13, 14, 15})
  void mutatedSamples(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 300; i++) {
      byte[] b = ScorpionTestSupport.resource(SAMPLES.get(random.nextInt(SAMPLES.size())));
      for (int e = 1 + random.nextInt(4); e > 0 && b.length > 0; e--) {
        int at = random.nextInt(b.length);
        if (random.nextBoolean()) {
          b = Arrays.copyOf(b, at);
        } else {
          b = b.clone();
          b[at] = (byte) random.nextInt(256);
        }
      }
      check(b, random);
    }
  }

  private static void check(byte[] bytes, Random random) {
    ScorpionReadResult r = new ScorpionReader(300).read(bytes, "garbage");
    assertThat(r.file()).isNotNull();
    for (String name : List.of("bot", "other")) {
      ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(r.file(), List.of(name), Optional.of("search"));
      assertThat(policy.diagnostics()).doesNotContainNull();
      assertThat(policy.notUnderstood().isPresent())
          .isEqualTo(r.file().sizeLimitExceeded() || policy.diagnostics().stream().anyMatch(d -> d.severity() == Severity.ERROR));
      String acap = ScorpionToAcap.convert(policy);
      List<ScorpionTestSupport.Field> fields = ScorpionTestSupport.fields(acap);
      for (int p = 0; p < 10; p++) {
        byte[] path = new byte[1 + random.nextInt(6)];
        random.nextBytes(path);
        path[0] = '/';
        assertThat(ScorpionTestSupport.longestPrefixOracle(fields, "crawl", path)).isEqualTo(policy.decideCrawl(path).verdict());
        assertThat(ScorpionTestSupport.longestPrefixOracle(fields, "index", path)).isEqualTo(policy.decideIndex(path).verdict());
        assertThat(policy.decide("present", path).verdict()).isEqualTo(Verdict.NO_OPINION);
      }
    }
  }
}
