package org.acapengine.site;

import static org.acapengine.site.SiteTestSupport.ROBOTS;
import static org.acapengine.site.SiteTestSupport.query;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.model.Obligation;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A source of a format {@link SitePolicy} does not know (an {@code ai.txt} stand-in, one class
 * below) is combined by the same rules as the known ones, through {@link
 * SitePolicy.Builder#source}: no edit to the combiner is needed for a fourth source.
 */
class FourthSourceTest {

  /** Prohibits every usage under /ai-closed/, allows every usage under /ai-open/, says nothing elsewhere. */
  static final class AiTxt implements PolicySource {
    @Override
    public String kind() {
      return "ai.txt";
    }

    @Override
    public String name() {
      return "ai.txt";
    }

    @Override
    public SourceVerdict decide(Query q, Instant now) {
      if (q.path().startsWith("/ai-closed/")) {
        return new SourceVerdict(kind(), name(), Verdict.PROHIBITED, List.of(new SourceLine(name(), 1, "closed /ai-closed/")), "closed");
      }
      if (q.path().startsWith("/ai-open/")) {
        return new SourceVerdict(kind(), name(), Verdict.ALLOWED, List.of(new SourceLine(name(), 2, "open /ai-open/")), "open")
            .withObligations(Set.of(Obligation.ATTRIBUTION));
      }
      return new SourceVerdict(kind(), name(), Verdict.NO_OPINION, List.of(), "silent");
    }

    @Override
    public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
      return CrawlHints.none();
    }
  }

  static final String R = String.join("\n",
      "User-agent: *",              // 1
      "Disallow: /private/",        // 2
      "Allow: /ai-closed/open/",    // 3
      "");

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      // usage | path                 | allowed | basis             | deciding source:line | verdict kinds
      "crawl   | /ai-closed/x         | false   | other-source      | ai.txt:1             | no-opinion prohibited",
      "crawl   | /ai-closed/open/x    | false   | other-source      | ai.txt:1             | allowed prohibited",
      "crawl   | /private/x           | false   | conventional-rule | robots.txt:2         | prohibited no-opinion",
      "index   | /ai-open/x           | true    | other-source      | ai.txt:2             | no-opinion allowed",
      "crawl   | /elsewhere           | true    | default           | ''                   | no-opinion no-opinion",
      "crawl   | /robots.txt          | true    | robots-txt        | :0                   | allowed",
  })
  void aFourthSourceIsCombinedByTheSameRules(String usage, String path, boolean allowed, String basis, String where, String verdicts) {
    SitePolicy site = SitePolicy.builder()
        .source(new AiTxt())
        .robots(CompiledPolicy.compile(new RobotsTxtParser().parse(R, ROBOTS)))
        .build();
    SiteDecision d = site.decide(query("bot", usage, null, path));
    assertThat(d.allowed()).isEqualTo(allowed);
    assertThat(d.basis()).isEqualTo(basis);
    assertThat(SiteTestSupport.where(d)).isEqualTo(where);
    assertThat(d.sources()).extracting(v -> v.verdict().label()).containsExactly(verdicts.split(" "));
    assertThat(d.obligations()).isEqualTo(allowed && path.startsWith("/ai-open/") ? Set.of(Obligation.ATTRIBUTION) : Set.of());
    assertThat(site.explain(query("bot", usage, null, path)).decision()).isEqualTo(d);
  }
}
