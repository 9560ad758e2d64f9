package org.acapengine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.aipref.UsagePreferences;
import org.acapengine.adapters.contentsignal.ContentSignal;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionReadResult;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tct.TctPolicyResult;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.adapters.tdmrep.TdmRepReader;
import org.acapengine.model.Diagnostic;

/**
 * The readers of the other policy formats on input from the fuzzer: each is total (a result with
 * diagnostics, never an exception), every diagnostic has a 1-based position, and what was read
 * answers queries without an exception.
 */
class ReadersFuzzTest {

  private static final String[] USAGES = {"crawl", "index", "present-snippet", "other"};

  @FuzzTest
  void llmPolicy(FuzzedDataProvider data) {
    String usage = data.pickValue(USAGES);
    String purpose = data.pickValue(new String[] {"search", "ai-input", "ai-train", "x"});
    TctPolicyResult r = new TctPolicyReader().read(data.consumeRemainingAsBytes(), "fuzz.json");
    positioned(r.diagnostics());
    r.policy().ifPresent(p -> assertThat(p.decide(usage, Optional.of(purpose), Instant.EPOCH)).isNotNull());
  }

  @FuzzTest
  void scorpion(FuzzedDataProvider data) {
    String crawler = data.pickValue(new String[] {"examplebot", "*", "a"});
    String path = "/" + data.consumeString(40);
    ScorpionReadResult r = new ScorpionReader().read(data.consumeRemainingAsBytes(), "fuzz.crawl");
    positioned(r.diagnostics());
    ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(r.file(), List.of(crawler), Optional.empty());
    positioned(policy.diagnostics());
    assertThat(policy.decide("crawl", path)).isNotNull();
    assertThat(policy.decide("index", path)).isNotNull();
  }

  @FuzzTest
  void contentSignal(byte[] input) {
    String value = text(input);
    ContentSignal s = ContentSignal.parse(value);
    for (ContentSignal.Problem p : s.problems()) {
      assertThat(p.offset()).isBetween(0, value.length());
    }
  }

  @FuzzTest
  void contentUsage(byte[] input) {
    String value = text(input);
    UsagePreferences p = UsagePreferences.parse(value);
    for (String label : UsagePreferences.VOCABULARY.keySet()) {
      assertThat(p.get(label)).isNotNull();
    }
  }

  @FuzzTest
  void tdmRep(byte[] input) {
    String text = text(input);
    TdmRepFile f = TdmRepReader.read("tdmrep.json", text);
    positioned(f.diagnostics());
    assertThat(f.rules().size()).isLessThanOrEqualTo(TdmRepReader.MAX_RULES);
  }

  /**
   * The input as UTF-8 text. The targets take {@code byte[]}, not {@code String}: Jazzer reads a
   * {@code String} parameter's seed files in its own serialised form (a null flag and a length
   * first), so the committed inputs, written as plain text, were replayed mangled.
   */
  private static String text(byte[] input) {
    return new String(input, StandardCharsets.UTF_8);
  }

  private static void positioned(List<Diagnostic> diagnostics) {
    for (Diagnostic d : diagnostics) {
      assertThat(d.span().line()).as(d.toString()).isPositive();
      assertThat(d.span().column()).as(d.toString()).isPositive();
      assertThat(d.code()).isNotBlank();
    }
  }
}
