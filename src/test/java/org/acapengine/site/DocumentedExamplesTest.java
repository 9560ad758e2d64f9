package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.model.SourceLine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The formats' own documented examples, decided: draft-ietf-aipref-attach-05 section 3.4's
 * robots.txt, draft-ietf-aipref-vocab-08 section 6.5.1's all-unknown value as a header, and
 * Cloudflare's managed robots.txt of 2026 with {@code use=} (its comment block, as the archived
 * managed files carry it, shortened).
 */
class DocumentedExamplesTest {

  /** draft-ietf-aipref-attach-05, section 3.4. */
  static final String ATTACH_05 = """
      User-Agent: *
      Allow: /
      Disallow: /never/
      Content-Usage: train-ai=n
      Content-Usage: /ai-ok/ train-ai=y

      User-Agent: ExampleBot
      Allow: /
      Content-Usage: train-ai=y
      """;

  /** Cloudflare's managed robots.txt with the 2026 use= signal. */
  static final String CLOUDFLARE_MANAGED = """
      # As a condition of accessing this website, you agree to abide by the following content signals:
      # (a)  If a content-signal = yes, you may collect content for the corresponding use.
      # (b)  If a content-signal = no, you may not collect content for the corresponding use.
      # (c)  If the website operator does not include a content signal for a corresponding use, the website operator neither grants nor restricts permission via content signal with respect to the corresponding use.
      # The content signals and their meanings are:
      # search: building a search index and providing search results (e.g., returning hyperlinks and short excerpts from your website's contents). Search does not include providing AI-generated search summaries.
      # ai-input: inputting content into one or more AI models (e.g., retrieval augmented generation, grounding, or other real-time taking of content for generative AI search answers).
      # ai-train: training or fine-tuning AI models.
      # use: how AI systems may consume the content (immediate, reference, or full).
      # ANY RESTRICTIONS EXPRESSED VIA CONTENT SIGNALS ARE EXPRESS RESERVATIONS OF RIGHTS UNDER ARTICLE 4 OF THE EUROPEAN UNION DIRECTIVE 2019/790 ON COPYRIGHT AND RELATED RIGHTS IN THE DIGITAL SINGLE MARKET.

      User-Agent: *
      Content-Signal: search=yes,ai-train=no,use=reference
      Allow: /
      """;

  @ParameterizedTest(name = "[{index}] {0} {1} {2} {3} {4}")
  @CsvSource(delimiter = '|', textBlock = """
      # file               | crawler    | purpose  | usage            | path       | allowed | basis          | line
      ATTACH_05            | ExampleBot | train-ai | index            | /a         | true    | content-usage  | 9
      ATTACH_05            | ExampleBot | train-ai | index            | /never/x   | true    | content-usage  | 9
      ATTACH_05            | anybot     | train-ai | index            | /a         | false   | content-usage  | 4
      ATTACH_05            | anybot     | train-ai | index            | /ai-ok/m   | true    | content-usage  | 5
      ATTACH_05            | anybot     | train-ai | index            | /never/x   | true    | default        | 0
      ATTACH_05            | anybot     | ai-train | index            | /ai-ok/m   | true    | default        | 0
      ATTACH_05            | anybot     | search   | index            | /a         | true    | default        | 0
      CLOUDFLARE_MANAGED   | anybot     | search   | present-original | /a         | true    | content-signal | 13
      CLOUDFLARE_MANAGED   | anybot     | ai-input | present-original | /a         | false  | content-signal | 13
      CLOUDFLARE_MANAGED   | anybot     | ai-input | index            | /a         | true    | default        | 0
      CLOUDFLARE_MANAGED   | anybot     | ai-input | other            | /a         | false   | content-signal | 13
      CLOUDFLARE_MANAGED   | anybot     | ai-train | index            | /a         | false   | content-signal | 13
      CLOUDFLARE_MANAGED   | anybot     | ai-train | crawl            | /a         | true    | conventional-rule | 14
      """)
  void decides(String file, String crawler, String purpose, String usage, String path, boolean allowed, String basis, int line) {
    String text = file.equals("ATTACH_05") ? ATTACH_05 : CLOUDFLARE_MANAGED;
    SitePolicy site = SitePolicy.builder().robots(CompiledPolicy.compile(new RobotsTxtParser().parse(text, "robots.txt"))).build();
    SiteDecision d = site.decide(Query.builder().crawler(crawler).purpose(purpose).usage(usage).url(path).build());
    assertThat(d.allowed()).as(d.toString()).isEqualTo(allowed);
    assertThat(d.basis()).as(d.toString()).isEqualTo(basis);
    assertThat(d.decidingLine() == null ? 0 : d.decidingLine().line()).as(d.toString()).isEqualTo(line);
  }

  /** vocab-08 6.5.1: "train-ai=y, train-ai, search=n, search=\"n\"" leaves every preference unknown, so the header says nothing. */
  @ParameterizedTest
  @CsvSource({"train-ai", "ai-use", "search", "ai-train", "all"})
  void vocab08sAllUnknownExampleSaysNothing(String purpose) {
    ContentUsageSource s = ContentUsageSource.header(new SourceLine("page.headers", 2, "Content-Usage: train-ai=y, train-ai, search=n, search=\"n\""),
        "train-ai=y, train-ai, search=n, search=\"n\"");
    SourceVerdict v = s.decide(Query.builder().crawler("x").purpose(purpose).usage("index").url("/").build(), Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(org.acapengine.model.Verdict.NO_OPINION);
  }
}
