package org.acapengine.site;

import static org.acapengine.site.SiteTestSupport.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionReadResult;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tct.TctPolicyResult;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Severity;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Malformed inputs of each format, read the way {@code acap check} reads them and combined by
 * {@link SitePolicy}: each gives diagnostics and a usable partial result, never an exception.
 */
class MalformedSourcesTest {

  static final String DIR = "src/test/resources/";

  static byte[] bytes(String path) {
    try {
      return Files.readAllBytes(Path.of(DIR + path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A descriptor rejected whole counts as no llm-policy.json: the decision equals the one without it. */
  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
      "adapters/tct/truncated.json,tct-not-json",
      "site/malformed/trailing-comma.json,tct-not-json",
      "site/malformed/top-level-array.json,tct-not-object",
      "site/malformed/bad-utf8.json,tct-bad-encoding",
  })
  void aDescriptorRejectedWholeIsAsIfTheSiteHadNone(String file, String code) {
    TctPolicyResult r = new TctPolicyReader().read(bytes(file), file);
    assertThat(r.policy()).isEmpty();
    assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly(code);
    assertThat(r.diagnostics().get(0).severity()).isEqualTo(Severity.ERROR);
    SitePolicy.Builder b = SitePolicy.builder().scorpion(scorpion(DIR + "adapters/scorpion/example.crawl"));
    r.policy().ifPresent(b::llmPolicy);
    SitePolicy withRejected = b.build();
    SitePolicy without = SitePolicy.builder().scorpion(scorpion(DIR + "adapters/scorpion/example.crawl")).build();
    for (String usage : List.of("crawl", "index", "present")) {
      Query q = query("bot", usage, "ai-train", "/drafts/a");
      assertThat(withRejected.decide(q)).isEqualTo(without.decide(q));
    }
  }

  @Test
  void aDescriptorWithMalformedMembersUsesTheValidOnes() {
    TctPolicyResult r = new TctPolicyReader().read(bytes("adapters/tct/malformed-members.json"), "malformed-members.json");
    assertThat(r.diagnostics()).isNotEmpty().allSatisfy(d -> assertThat(d.severity()).isNotEqualTo(Severity.ERROR));
    SitePolicy site = SitePolicy.builder().llmPolicy(r.policy().orElseThrow()).build();
    assertThat(site.decide(query("bot", "index", "ai-train", "/a")).allowed()).as("allow_ai_train: false is valid").isFalse();
    assertThat(site.decide(query("bot", "index", "ai-input", "/a")).allowed()).as("allow_ai_input: \"yes\" is not stated").isTrue();
    assertThat(site.hints(List.of("bot"), Optional.empty()).isEmpty()).as("every rate hint was invalid").isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"site/malformed/garbage.crawl", "adapters/scorpion/unknown-commands.crawl"})
  void aCrawlFileNotUnderstoodProhibitsCrawlingForThatCrawlerOnly(String file) {
    SitePolicy site = SitePolicy.builder().scorpion(scorpion(DIR + file)).build();
    SiteDecision strict = site.decide(query(file.contains("unknown") ? "strictbot" : "bot", "crawl", null, "/public/a"));
    assertThat(strict.allowed()).isFalse();
    assertThat(strict.sources().get(0).reason()).contains("not understood");
    assertThat(strict.decidingLine().line()).isPositive();
    if (file.contains("unknown")) {
      assertThat(site.decide(query("lenientbot", "crawl", null, "/public/a")).allowed()).as("bit 5 set: skipped").isTrue();
      assertThat(site.decide(query("otherbot", "crawl", null, "/public/a")).allowed()).as("the X line is not effective for it").isTrue();
    }
    assertThat(site.decide(query("bot", "index", null, "/public/a")).allowed()).as("index: no opinion").isTrue();
  }

  @Test
  void aRobotsTxtWithJunkStillDecidesWithWhatItCouldRead() {
    PolicyDocument doc = new RobotsTxtParser().parse(bytes("site/malformed/robots-junk.txt"), "robots-junk.txt");
    assertThat(doc.diagnostics()).extracting(Diagnostic::code)
        .contains("unrecognised-line", "missing-colon", "invalid-utf8", "invalid-qualifier-value", "unknown-usage");
    SitePolicy site = SitePolicy.builder().robots(CompiledPolicy.compile(doc)).build();
    assertThat(site.decide(query("bot", "crawl", null, "/private/a")).allowed()).isFalse();
    assertThat(site.decide(query("bot", "crawl", null, "/no-colon/a")).allowed()).as("read as 'Disallow: /no-colon'").isFalse();
    assertThat(site.decide(query("bot", "index", null, "/y/a")).allowed()).isFalse();
    assertThat(site.hints(List.of("bot"), Optional.empty()).isEmpty()).as("Crawl-delay: soon, Request-rate: fast").isTrue();
  }

  /** Random and mutated bytes for every source at once: decide, explain and hints never throw. */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {21, 22, 23, 24})
  void garbageInEverySourceNeverThrows(long seed) {
    Random random = new Random(seed);
    List<String> samples = List.of("adapters/tct/draft-example.json", "adapters/scorpion/example.crawl",
        "../../../grammars-samples/spec-2-1-worked-example.robots.txt", "site/malformed/robots-junk.txt");
    for (int i = 0; i < 150; i++) {
      byte[] robots = garble(random, bytes(samples.get(2 + random.nextInt(2))));
      byte[] json = garble(random, bytes(samples.get(0)));
      byte[] crawl = garble(random, bytes(samples.get(1)));
      assertThatCode(() -> {
        SitePolicy.Builder b = SitePolicy.builder().clock(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
        b.robots(CompiledPolicy.compile(new RobotsTxtParser().parse(robots, "robots.txt")));
        new TctPolicyReader().read(json, "llm-policy.json").policy().ifPresent(b::llmPolicy);
        b.scorpion(new ScorpionReader().read(crawl, "crawl").file());
        SitePolicy site = b.build();
        for (String usage : List.of("crawl", "index", "present-snippet", "other")) {
          for (String purpose : new String[] {null, "search", "ai-train", "mirror"}) {
            Query q = query(random.nextBoolean() ? "examplebot" : "named-crawler", usage, purpose, "/" + (char) ('a' + random.nextInt(26)) + "/x?y");
            SiteDecision d = site.decide(q);
            assertThat(site.explain(q).decision()).isEqualTo(d);
            assertThat(d.allowed() || d.obligations().isEmpty()).isTrue();
          }
        }
        CrawlHints h = site.hints(List.of("examplebot"), Optional.of("mirror"));
        assertThat(h).isNotNull();
      }).as("case %d", i).doesNotThrowAnyException();
    }
  }

  private static byte[] garble(Random random, byte[] b) {
    byte[] out = b.clone();
    for (int e = random.nextInt(6); e > 0 && out.length > 0; e--) {
      int at = random.nextInt(out.length);
      switch (random.nextInt(3)) {
        case 0 -> out = java.util.Arrays.copyOf(out, at);
        case 1 -> out[at] = (byte) random.nextInt(256);
        default -> out[at] = (byte) "\n\r{}[]\":,@CcXx/*$%".charAt(random.nextInt(18));
      }
    }
    return out;
  }

  private static ScorpionFile scorpion(String path) {
    try {
      ScorpionReadResult r = new ScorpionReader().read(Files.readAllBytes(Path.of(path)), path);
      return r.file();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
