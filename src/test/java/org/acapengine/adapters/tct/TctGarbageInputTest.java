package org.acapengine.adapters.tct;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.acapengine.model.Severity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random and mutated input never throws and always gives a usable result. */
class TctGarbageInputTest {

  private static final List<String> SAMPLES = List.of(
      "draft-example.json", "all-prohibited.json", "malformed-members.json", "duplicate-keys.json", "future.json");
  private static final String[] TOKENS = {
      "{", "}", "[", "]", ":", ",", "\"profile\"", "\"tct-policy-1\"", "\"purposes\"", "\"allow_ai_train\"",
      "\"requirements\"", "\"rate_hints\"", "\"max_requests_per_second\"", "\"effective\"", "\"2025-10-01T00:00:00Z\"",
      "true", "false", "null", "0", "-1", "1e999", "0.5", "\"\\u0000\"", "\"\\ud800\"", " ", "\n", "\"x\""};

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void randomBytes(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 300; i++) {
      byte[] bytes = new byte[random.nextInt(600)];
      random.nextBytes(bytes);
      check(bytes);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12, 13, 14, 15})
  void mutatedSamples(long seed) {
    Random random = new Random(seed);
    int read = 0;
    for (int i = 0; i < 400; i++) {
      byte[] sample = TctTestSupport.resource(SAMPLES.get(random.nextInt(SAMPLES.size())));
      read += check(mutate(sample, random)) ? 1 : 0;
    }
    assertThat(read).as("mutations exercise both outcomes").isBetween(1, 399);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {21, 22, 23, 24, 25})
  void tokenSoup(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 400; i++) {
      StringBuilder b = new StringBuilder("{");
      int n = random.nextInt(60);
      for (int j = 0; j < n; j++) {
        b.append(TOKENS[random.nextInt(TOKENS.length)]);
      }
      if (random.nextBoolean()) {
        b.append('}');
      }
      check(b.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  private static boolean check(byte[] bytes) {
    TctPolicyResult r = new TctPolicyReader(4096, 8).read(bytes, "garbage.json");
    assertThat(r).isNotNull();
    assertThat(r.diagnostics()).doesNotContainNull();
    if (r.policy().isEmpty()) {
      assertThat(r.diagnostics()).as("a rejection says why").singleElement()
          .satisfies(d -> assertThat(d.severity()).isEqualTo(Severity.ERROR));
      return false;
    }
    TctPolicy p = r.policy().get();
    assertThat(r.diagnostics()).noneMatch(d -> d.severity() == Severity.ERROR);
    for (String usage : List.of("crawl", "index", "present-snippet", "other", "bogus")) {
      for (Optional<String> purpose : List.of(Optional.<String>empty(), Optional.of("ai-train"), Optional.of("x"))) {
        assertThat(p.decide(usage, purpose, Instant.EPOCH)).isNotNull();
      }
    }
    assertThat(TctToAcap.convert(p)).startsWith("##ACAP version=1.0\n");
    assertThat(p.crawlHints()).isNotNull();
    return true;
  }

  private static byte[] mutate(byte[] sample, Random random) {
    byte[] b = sample;
    int edits = 1 + random.nextInt(4);
    for (int e = 0; e < edits && b.length > 0; e++) {
      int at = random.nextInt(b.length);
      switch (random.nextInt(4)) {
        case 0:
          b = Arrays.copyOf(b, at); // truncate
          break;
        case 1: {
          byte[] c = b.clone();
          c[at] = (byte) random.nextInt(256);
          b = c;
          break;
        }
        case 2: {
          byte[] c = new byte[b.length - 1];
          System.arraycopy(b, 0, c, 0, at);
          System.arraycopy(b, at + 1, c, at, b.length - at - 1);
          b = c;
          break;
        }
        default: {
          byte[] insert = TOKENS[random.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8);
          byte[] c = new byte[b.length + insert.length];
          System.arraycopy(b, 0, c, 0, at);
          System.arraycopy(insert, 0, c, at, insert.length);
          System.arraycopy(b, at, c, at + insert.length, b.length - at);
          b = c;
        }
      }
    }
    return b;
  }
}
