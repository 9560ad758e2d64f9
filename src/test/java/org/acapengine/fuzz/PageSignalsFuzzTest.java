package org.acapengine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.time.Instant;
import java.util.Arrays;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.page.PageSignalsReader;
import org.acapengine.eval.Query;
import org.acapengine.model.Diagnostic;
import org.acapengine.site.PageSources;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RslSource;
import org.acapengine.site.SourceVerdict;

/**
 * The page-signal reader on input from the fuzzer: a header block and an HTML page (the input
 * split at its first NUL byte) give signals with every line inside its file (header fields and
 * elements in order), every header field named by a token, every field, element and value within
 * the bounds, one-line diagnostic messages, and sources that answer queries without an exception,
 * every verdict's lines inside the files.
 */
class PageSignalsFuzzTest {

  private static final String[] CRAWLERS = {"Googlebot", "GPTBot", "otherbot"};
  private static final String[] USAGES = {"index", "follow", "present-snippet", "preserve", "other"};
  private static final String[] PURPOSES = {"search", "ai-train", "ai-use", "all"};

  @FuzzTest
  void headersAndHtml(byte[] input) {
    int nul = 0;
    while (nul < input.length && input[nul] != 0) {
      nul++;
    }
    byte[] headers = Arrays.copyOfRange(input, 0, nul);
    byte[] html = nul < input.length ? Arrays.copyOfRange(input, nul + 1, input.length) : new byte[0];
    PageSignals page = PageSignalsReader.read(headers, "page.headers", html, "page.html");
    long headerLines = lines(headers);
    long htmlLines = lines(html);
    for (Diagnostic d : page.diagnostics()) {
      assertThat((long) d.span().line()).as(d.toString()).isBetween(1L, Math.max(headerLines, htmlLines));
      assertThat(d.span().column()).isPositive();
      assertThat(d.message().chars().noneMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)).as(d.toString()).isTrue();
    }
    assertThat(page.headers().size()).isLessThanOrEqualTo(PageSignalsReader.MAX_HEADERS);
    int previous = 0;
    for (PageSignals.Header h : page.headers()) {
      assertThat((long) h.line()).isBetween(previous + 1L, headerLines);
      previous = h.line();
      assertThat(h.name()).isNotEmpty().doesNotContain(":", " ", "\t", "\r");
      assertThat(h.value()).hasSizeLessThanOrEqualTo(PageSignalsReader.MAX_VALUE).doesNotContain("\n");
    }
    previous = 1;
    for (PageSignals.Element e : page.elements()) {
      assertThat((long) e.line()).isBetween((long) previous, htmlLines);
      previous = e.line();
      assertThat(e.tag()).isIn("meta", "link", "script");
      assertThat(e.attributes().size()).isLessThanOrEqualTo(64);
      e.attributes().values().forEach(v -> assertThat(v).hasSizeLessThanOrEqualTo(PageSignalsReader.MAX_VALUE));
      assertThat(e.text()).hasSizeLessThanOrEqualTo(PageSignalsReader.MAX_VALUE);
    }
    assertThat(page.elements().size()).isLessThanOrEqualTo(PageSignalsReader.MAX_ELEMENTS);
    PageSources sources = PageSources.of(page, RslSource.Licensee.UNSTATED);
    int pick = input.length;
    Query q = Query.builder().crawler(CRAWLERS[pick % CRAWLERS.length]).usage(USAGES[(pick / 3) % USAGES.length])
        .purpose(PURPOSES[(pick / 7) % PURPOSES.length]).url("/page").build();
    for (PolicySource s : sources.sources()) {
      SourceVerdict v = s.decide(q, Instant.EPOCH);
      assertThat(v.verdict()).isNotNull();
      for (var line : v.evidence()) {
        long max = line.source().equals("page.headers") ? headerLines : htmlLines;
        if (line.source().equals("page.headers") || line.source().equals("page.html")) {
          assertThat((long) line.line()).as(line.toString()).isBetween(1L, max);
        }
      }
    }
  }

  /** Lines as the readers count them: LF ends a line (a CR before it is part of the line end). */
  private static long lines(byte[] b) {
    long n = 1;
    for (byte x : b) {
      n += x == '\n' ? 1 : 0;
    }
    return n;
  }
}
