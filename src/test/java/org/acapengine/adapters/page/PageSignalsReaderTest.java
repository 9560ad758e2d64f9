package org.acapengine.adapters.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.acapengine.model.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reading a page's signals from bytes: header blocks as curl writes them, the HTML head's meta,
 * link and RSL script elements with their lines, nothing run, nothing read from the body, robots
 * rules split as Google documents them.
 */
class PageSignalsReaderTest {

  static final Path DIR = Path.of("src/test/resources/adapters/page");

  static PageSignals read(String headers, String html) throws IOException {
    return PageSignalsReader.read(headers == null ? null : Files.readAllBytes(DIR.resolve(headers)), headers,
        html == null ? null : Files.readAllBytes(DIR.resolve(html)), html);
  }

  @Test
  void googlesPerCrawlerHeadersReadWithTheirLines() throws IOException {
    PageSignals p = read("google-per-crawler.headers", null);
    assertThat(p.headers()).extracting(PageSignals.Header::name, PageSignals.Header::value, PageSignals.Header::line).containsExactly(
        org.assertj.core.groups.Tuple.tuple("Date", "Tue, 25 May 2010 21:42:43 GMT", 2),
        org.assertj.core.groups.Tuple.tuple("X-Robots-Tag", "googlebot: nofollow", 3),
        org.assertj.core.groups.Tuple.tuple("X-Robots-Tag", "otherbot: noindex, nofollow", 4));
    assertThat(RobotsDirectives.of(p)).extracting(r -> r.crawler().orElse("*") + " " + r.name()).containsExactly(
        "googlebot nofollow", "otherbot noindex", "otherbot nofollow");
  }

  @Test
  void theHeadIsReadButNotCommentsScriptsTitlesOrTheBody() throws IOException {
    PageSignals p = read(null, "google-meta.html");
    assertThat(p.elements()).extracting(e -> e.line() + " " + e.attribute("name") + "=" + e.attribute("content")).containsExactly(
        "3 robots=nofollow", "4 googlebot=noindex", "5 googlebot-news=nosnippet", "6 description=A page in Google's robots meta tag examples",
        "10 robots=max-snippet:20, max-image-preview:large");
    assertThat(RobotsDirectives.of(p)).extracting(r -> r.crawler().orElse("*") + " " + r.name() + (r.value().isEmpty() ? "" : ":" + r.value()))
        .containsExactly("* nofollow", "googlebot noindex", "googlebot-news nosnippet", "* max-snippet:20", "* max-image-preview:large");
  }

  @Test
  void anAiPageHasItsMetaLinkAndEmbeddedLicence() throws IOException {
    PageSignals p = read("ai-page.headers", "ai-page.html");
    assertThat(p.mediaType()).contains("text/html");
    assertThat(p.metas(List.of("tdm-reservation"))).singleElement().satisfies(e -> assertThat(e.line()).isEqualTo(5));
    assertThat(p.elements()).filteredOn(e -> e.tag().equals("script")).singleElement().satisfies(e -> {
      assertThat(e.line()).isEqualTo(8);
      assertThat(e.text()).contains("<permits type=\"usage\">search</permits>");
    });
    assertThat(p.metas(List.of("gptbot"))).singleElement().satisfies(e -> assertThat(e.attribute("content")).isEqualTo("noindex"));
    assertThat(LicenseLinks.of(p)).extracting(l -> l.line().source() + ":" + l.line().line() + " " + l.url()).containsExactly(
        "ai-page.headers:6 https://example.com/license.xml", "ai-page.html:7 https://example.com/license.xml");
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      noindex                                       | * noindex
      'noindex, nofollow'                           | * noindex;* nofollow
      'googlebot: noindex, nofollow'                | googlebot noindex;googlebot nofollow
      'noarchive, googlebot: nosnippet, noindex'    | * noarchive;googlebot nosnippet;googlebot noindex
      'max-snippet: 20, max-image-preview: large'   | * max-snippet:20;* max-image-preview:large
      'unavailable_after: 25 Jun 2010 15:00:00 PST' | * unavailable_after:25 Jun 2010 15:00:00 PST
      'unavailable_after: Sunday, 06-Nov-94 08:49:37 GMT, noarchive' | * unavailable_after:Sunday, 06-Nov-94 08:49:37 GMT;* noarchive
      'BadBot: noindex, googlebot: nofollow'        | BadBot noindex;googlebot nofollow
      ' , ,'                                        |
      """)
  void xRobotsTagValuesSplitAsGoogleDocuments(String value, String rules) {
    List<RobotsDirectives.Rule> out = new java.util.ArrayList<>();
    RobotsDirectives.header(value, new org.acapengine.model.SourceLine("h", 1, value), out);
    assertThat(out).extracting(r -> r.crawler().orElse("*") + " " + r.name() + (r.value().isEmpty() ? "" : ":" + r.value()))
        .containsExactlyElementsOf(rules == null ? List.of() : List.of(rules.split(";")));
  }

  @Test
  void headerBlocksFoldContinueAndKeepTheLastResponse() {
    String block = "HTTP/1.1 301 Moved\nLocation: /b\nX-Robots-Tag: noindex\n\nHTTP/1.1 200 OK\nX-Robots-Tag: nofollow,\n  noarchive\nbad line\n\nbody: not a header\n";
    List<Diagnostic> diags = new java.util.ArrayList<>();
    List<PageSignals.Header> h = PageSignalsReader.headers(block.getBytes(StandardCharsets.ISO_8859_1), diags);
    assertThat(h).extracting(PageSignals.Header::value).containsExactly("nofollow, noarchive");
    assertThat(h.get(0).line()).isEqualTo(6);
    assertThat(diags).extracting(Diagnostic::code).containsExactly("page-headers-later-response", "page-header-malformed");
    assertThat(diags.get(1).span().line()).isEqualTo(8);
  }

  @Test
  void hostileHtmlIsBoundedAndLinear() {
    // unclosed quotes, comments and scripts, and a million '<' read in one pass without error
    for (String html : new String[] {"<meta name=\"robots content=noindex", "<!-- <meta name=robots content=noindex>", "<script>" + "<".repeat(1_000_000),
        "<meta " + "a=b ".repeat(100_000) + ">", "<" + "x".repeat(2_000_000)}) {
      PageSignals p = PageSignalsReader.read(null, "h", html.getBytes(StandardCharsets.UTF_8), "page.html");
      assertThat(p.elements().size()).isLessThanOrEqualTo(PageSignalsReader.MAX_ELEMENTS);
      p.elements().forEach(e -> assertThat(e.attributes().size()).isLessThanOrEqualTo(64));
    }
    String many = "<meta name=robots content=noindex>".repeat(5000);
    PageSignals p = PageSignalsReader.read(null, "h", many.getBytes(StandardCharsets.UTF_8), "page.html");
    assertThat(p.elements()).hasSize(PageSignalsReader.MAX_ELEMENTS);
    assertThat(p.diagnostics()).extracting(Diagnostic::code).containsExactly("page-html-too-many");
  }

  @Test
  void characterReferencesAreDecodedInAttributes() {
    PageSignals p = PageSignalsReader.read(null, "h", "<meta name=\"robots\" content=\"noindex&#44; nofollow &amp; &unknown; &#x41;\">".getBytes(StandardCharsets.UTF_8),
        "page.html");
    assertThat(p.elements().get(0).attribute("content")).isEqualTo("noindex, nofollow & &unknown; A");
    assertThat(Optional.of(p.elements().get(0).line())).contains(1);
  }

  @Test
  void aMalformedFieldIsQuotedOnOneLine() {
    // header bytes are read as ISO-8859-1: 0x85 is NEL and 0x9B is CSI, C1 controls a terminal may act on
    byte[] block = {'b', 'a', 'd', (byte) 0x85, 'f', 'i', 'e', 'l', 'd', (byte) 0x9B, '\r', '\n'};
    PageSignals p = PageSignalsReader.read(block, "page.headers", null, "page.html");
    assertThat(p.diagnostics()).singleElement().extracting(Diagnostic::message).isEqualTo("'bad field ' is no 'Name: value' header field; it is ignored");
  }
}
