package org.acapengine.site;

import static org.acapengine.site.SiteTestSupport.query;
import static org.acapengine.site.SiteTestSupport.site;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.junit.jupiter.api.Test;

/** Bugs found in {@link SitePolicy} while writing {@link SitePolicyTest}, one test each. */
class SitePolicyRegressionTest {

  private static final String NAMED = "@namedbot\nC/closed/\nc/\n@\nc/\n";

  @Test
  void oneSitePolicyAnswersCrawlersWhoseNamesDifferOnlyByCase() {
    // Scorpion compares @ names byte for byte; the per-crawler cache must not fold case.
    Query lower = query("namedbot", "crawl", null, "/closed/a");
    Query mixed = query("NamedBot", "crawl", null, "/closed/a");
    SitePolicy site = site(null, null, NAMED);
    assertThat(site.decide(lower).allowed()).isFalse();
    assertThat(site.decide(mixed).allowed()).isTrue();
    SitePolicy other = site(null, null, NAMED);
    assertThat(other.decide(mixed).allowed()).isTrue();
    assertThat(other.decide(lower).allowed()).isFalse();
  }

  @Test
  void aScorpionFileNotUnderstoodNamesTheLineThatMakesItSo() {
    // Before: the decision named the file but no line, and `acap check` printed no reason at all.
    SiteDecision d = site(null, null, "c/\nQfuture command\n").decide(query("bot", "crawl", null, "/x"));
    assertThat(d.allowed()).isFalse();
    assertThat(d.decidingSource()).isEqualTo(SiteTestSupport.SCORPION);
    assertThat(d.decidingLine()).isEqualTo(new SourceLine(SiteTestSupport.SCORPION, 2, "Qfuture command"));
    assertThat(d.sources().get(0).evidence()).containsExactly(d.decidingLine());
    assertThat(d.sources().get(0).reason()).contains("not understood").contains("line 2").contains("'Q'");
  }

  @Test
  void anOversizedScorpionFileSaysSoInTheDecision() {
    SitePolicy site = SitePolicy.builder()
        .scorpion(new ScorpionReader(4).read("c/\nc/\n".getBytes(StandardCharsets.US_ASCII), "big.crawl").file()).build();
    SiteDecision d = site.decide(query("bot", "crawl", null, "/x"));
    assertThat(d.allowed()).isFalse();
    assertThat(d.decidingLine().source()).isEqualTo("big.crawl");
    assertThat(d.decidingLine().line()).isZero();
    assertThat(d.decidingLine().text()).contains("size limit");
  }

  @Test
  void aTctProhibitionCitesTheLineOfTheFlag() {
    // Before: the evidence had line 0, so the decision named the file but not the line.
    String json = "{\"profile\": \"tct-policy-1\",\n \"purposes\": {\n  \"allow_ai_train\": false}}\n";
    SiteDecision d = site(null, json, null).decide(query("bot", "index", "ai-train", "/a"));
    assertThat(d.allowed()).isFalse();
    assertThat(d.decidingLine()).isEqualTo(new SourceLine(SiteTestSupport.LLM, 3, "purposes.allow_ai_train: false"));
  }
}
