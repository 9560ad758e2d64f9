package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.page.PageSignalsReader;
import org.acapengine.eval.Query;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A page's own signals decided: Google's documented robots meta tag and X-Robots-Tag examples
 * (the rules for every crawler and those naming the crawler together, the most restrictive
 * winning), and an AI page's Content-Usage, Content-Signal, TDMRep and embedded RSL, each with
 * its file and line.
 */
class PageSourcesTest {

  static final Path DIR = Path.of("src/test/resources/adapters/page");

  static SitePolicy site(String headers, String html, Instant now) throws IOException {
    PageSignals p = PageSignalsReader.read(headers == null ? null : Files.readAllBytes(DIR.resolve(headers)), headers,
        html == null ? null : Files.readAllBytes(DIR.resolve(html)), html);
    SitePolicy.Builder b = SitePolicy.builder().clock(Clock.fixed(now, ZoneOffset.UTC));
    PageSources.of(p, RslSource.Licensee.UNSTATED).sources().forEach(b::source);
    return b.build();
  }

  @ParameterizedTest(name = "[{index}] {0}+{1} {2} {3} {4}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # headers                         | html             | crawler        | usage            | purpose  | allowed | basis          | line
      -                                 | google-meta.html | Googlebot      | index            | -        | false   | robots-tag     | google-meta.html:4
      -                                 | google-meta.html | Googlebot      | follow           | -        | false   | robots-tag     | google-meta.html:3
      -                                 | google-meta.html | otherbot       | index            | -        | true    | default        |
      -                                 | google-meta.html | otherbot       | follow           | -        | false   | robots-tag     | google-meta.html:3
      -                                 | google-meta.html | Googlebot-News | present-snippet  | -        | false   | robots-tag     | google-meta.html:5
      -                                 | google-meta.html | Googlebot      | present-snippet  | -        | false   | robots-tag     | google-meta.html:4
      -                                 | google-meta.html | otherbot       | present-snippet  | -        | true    | robots-tag     | google-meta.html:10
      -                                 | google-meta.html | Googlebot      | crawl            | -        | true    | default        |
      -                                 | google-meta.html | otherbot       | index            | ai-train | true    | default        |
      google-per-crawler.headers        | -                | googlebot      | follow           | -        | false   | robots-tag     | google-per-crawler.headers:3
      google-per-crawler.headers        | -                | googlebot      | index            | -        | true    | default        |
      google-per-crawler.headers        | -                | otherbot       | index            | -        | false   | robots-tag     | google-per-crawler.headers:4
      google-per-crawler.headers        | -                | otherbot       | follow           | -        | false   | robots-tag     | google-per-crawler.headers:4
      google-per-crawler.headers        | -                | thirdbot       | follow           | -        | true    | default        |
      google-unavailable-after.headers  | -                | anybot         | preserve         | -        | false   | robots-tag     | google-unavailable-after.headers:3
      google-unavailable-after.headers  | -                | anybot         | index            | -        | false   | robots-tag     | google-unavailable-after.headers:4
      image.headers                     | -                | anybot         | index            | -        | false   | robots-tag     | image.headers:3
      image.headers                     | -                | anybot         | other            | ai-train | false   | robots-tag     | image.headers:3
      ai-page.headers                   | ai-page.html     | anybot         | index            | search   | true    | content-signal | ai-page.headers:4
      ai-page.headers                   | ai-page.html     | anybot         | other            | train-ai | false   | robots-tag     | ai-page.html:4
      ai-page.headers                   | ai-page.html     | GPTBot         | index            | search   | false   | robots-tag     | ai-page.html:18
      ai-page.headers                   | -                | anybot         | index            | train-ai | false   | content-usage  | ai-page.headers:3
      ai-page.headers                   | -                | anybot         | index            | ai-use   | false   | tdmrep         | ai-page.headers:5
      ai-page.headers                   | -                | anybot         | present-original | ai-input | false   | content-signal | ai-page.headers:4
      ai-page.headers                   | -                | anybot         | present-original | search   | true    | content-signal | ai-page.headers:4
      ai-page.headers                   | -                | anybot         | present-snippet  | search   | true    | robots-tag     | ai-page.headers:7
      -                                 | ai-page.html     | anybot         | index            | ai-input | false   | robots-tag     | ai-page.html:4
      """)
  void decides(String headers, String html, String crawler, String usage, String purpose, boolean allowed, String basis, String line)
      throws IOException {
    SitePolicy site = site(headers, html, Instant.parse("2026-11-27T00:00:00Z"));
    Query.Builder q = Query.builder().crawler(crawler).usage(usage).url("/page");
    if (purpose != null) {
      q.purpose(purpose);
    }
    SiteDecision d = site.decide(q.build());
    assertThat(d.allowed()).as(d.toString()).isEqualTo(allowed);
    assertThat(d.basis()).as(d.toString()).isEqualTo(basis);
    if (line != null) {
      assertThat(d.decidingLine().source() + ":" + d.decidingLine().line()).as(d.toString()).isEqualTo(line);
    }
  }

  @org.junit.jupiter.api.Test
  void maxSnippetIsAnAcapMaxLengthQualifier() throws IOException {
    SiteDecision d = site(null, "google-meta.html", Instant.EPOCH).decide(Query.builder().crawler("otherbot").usage("present-snippet").url("/").build());
    assertThat(d.qualifiers()).singleElement().satisfies(q -> {
      assertThat(q.key()).isEqualTo("max-length");
      assertThat(q.value()).isEqualTo("20-chars");
    });
    SiteDecision cannot = site(null, "google-meta.html", Instant.EPOCH).decide(Query.builder().crawler("otherbot").usage("present-snippet")
        .honouring(java.util.Set.of()).url("/").build());
    assertThat(cannot.allowed()).isFalse();
  }

  @org.junit.jupiter.api.Test
  void anEmbeddedLicenceIsASourceWithItsObligation() throws IOException {
    PageSignals p = PageSignalsReader.read(null, "h", Files.readAllBytes(DIR.resolve("ai-page.html")), "ai-page.html");
    PageSources ps = PageSources.of(p, RslSource.Licensee.UNSTATED);
    assertThat(ps.sources()).extracting(PolicySource::kind).containsExactly("robots-tag", "tdmrep", "rsl");
    assertThat(ps.licenseLinks()).hasSize(1);
    SiteDecision d = SitePolicy.builder().source(ps.sources().get(2)).build().decide(Query.builder().crawler("x").usage("index").purpose("search").url("/").build());
    assertThat(d.allowed()).isTrue();
    assertThat(d.obligations()).extracting(o -> o.token()).containsExactly("attribution");
    assertThat(d.decidingSource()).isEqualTo("ai-page.html:8 <script type=\"application/rsl+xml\">");
    assertThat(List.of(d.decidingLine().line())).containsExactly(5);
  }
}
