package org.acapengine.collections.scp;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.acapengine.internal.json.JsonLimits;

/**
 * SCP page lines from the fuzzer: a line is a page with a URL, or a drop reason with a detail
 * free of control characters, never an exception; a page's URL is an absolute http(s) URL, the
 * scheme in any case.
 */
class PageLineFuzzTest {

  private static final PageLineParser PARSER = new PageLineParser(JsonLimits.factory(64 * 1024), 1000);

  @FuzzTest
  void aLineIsAPageOrADropReason(byte[] line) {
    PageLineParser.Page page = PARSER.parse(line, 0, line.length);
    if (page.problem() == null) {
      assertThat(page.uri()).isNotNull();
      // Schemes are case-insensitive (RFC 3986 3.1): hTtps://… is an https page (SiteOrigin lower-cases).
      assertThat(page.uri().getScheme().toLowerCase(java.util.Locale.ROOT)).isIn("http", "https");
      assertThat(page.uri().getHost()).isNotEmpty();
    } else {
      assertThat(page.detail()).doesNotContainPattern("[\\x00-\\x1f\\x7f\\u2028\\u2029]");
    }
  }
}
