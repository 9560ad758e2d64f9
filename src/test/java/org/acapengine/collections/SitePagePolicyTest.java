package org.acapengine.collections;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.SitePolicy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link SitePagePolicy}: a site decision as a page verdict, with its deciding line or its basis. */
class SitePagePolicyTest {

  private static final String ROBOTS = String.join("\n",
      "User-agent: *",
      "Disallow: /private/",
      "Allow: /private/press/",
      "");

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "https://example.com/private/x       | crawl | false | 2 | Disallow: /private/",
      "https://example.com/private/press/x | crawl | true  | 3 | Allow: /private/press/",
      "https://example.com/a               | crawl | true  | 0 | ",
  })
  void aSiteDecisionBecomesAPageVerdict(String url, String usage, boolean allowed, int line, String text) {
    SitePolicy site = SitePolicy.builder()
        .robots(CompiledPolicy.compile(new RobotsTxtParser().parse(ROBOTS.getBytes(StandardCharsets.UTF_8), "robots.txt")))
        .build();
    PageVerdict v = SitePagePolicy.of(site, Query.builder().crawler("bot").build()).decide(url, usage);
    assertThat(v.allowed()).isEqualTo(allowed);
    if (line == 0) {
      assertThat(v.deciding()).isEmpty();
      assertThat(v.basis()).isEqualTo(Basis.DEFAULT.label());
      assertThat(v.reportedLine()).isEqualTo(new SourceLine("", 0, Basis.DEFAULT.label()));
    } else {
      assertThat(v.deciding()).isEqualTo(Optional.of(new SourceLine("robots.txt", line, text)));
      assertThat(v.basis()).isEmpty();
    }
  }
}
