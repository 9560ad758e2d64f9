package org.acapengine.site;

import static org.acapengine.site.SiteTestSupport.query;
import static org.acapengine.site.SiteTestSupport.site;
import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.eval.Query;
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
}
