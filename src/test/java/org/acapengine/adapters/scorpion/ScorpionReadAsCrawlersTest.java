package org.acapengine.adapters.scorpion;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.eval.Query;
import org.acapengine.model.Verdict;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SitePolicy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A Scorpion {@code /.special/crawl} read as crawlers read it (scorpion-protocol.txt, "Automated
 * crawling"; docs/adapters.md), through {@link SitePolicy} and {@link Query} as a caller uses
 * them: {@code @} names compared whole as the crawler gives them, prefixes compared with the URL
 * as sent (not canonicalised for RFC 9309), and the policy file itself always crawlable.
 */
class ScorpionReadAsCrawlersTest {

  /** The Scorpion source's verdict and the combined answer for one query. */
  private static Verdict scorpionVerdict(String file, String crawler, String url) {
    SitePolicy site = SitePolicy.builder().scorpion(ScorpionTestSupport.file(file.replace("\\n", "\n"))).build();
    SiteDecision d = site.decide(Query.of(crawler, "crawl", url));
    Verdict v = d.sources().get(0).verdict();
    assertThat(d.allowed()).as("combined answer follows the only source").isEqualTo(v != Verdict.PROHIBITED);
    return v;
  }

  @ParameterizedTest(name = "[{index}] crawler ''{1}'' -> {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          # "@MJ12bot" addresses MJ12bot (the name is not cut to MJ)
          @MJ12bot\\nC/\\n@\\nc/          | MJ12bot      | PROHIBITED
          @MJ12bot\\nC/\\n@\\nc/          | MJ13bot      | ALLOWED
          @MJ12bot\\nC/\\n@\\nc/          | MJ           | ALLOWED
          @MJ\\nC/\\n@\\nc/               | MJ12bot      | ALLOWED
          @360Spider\\nC/\\n@\\nc/        | 360Spider    | PROHIBITED
          @Mail.RU_Bot\\nC/\\n@\\nc/      | Mail.RU_Bot  | PROHIBITED
          # compared as written: byte for byte, case-sensitive, the whole name
          @MJ12bot\\nC/\\n@\\nc/          | mj12bot      | ALLOWED
          "@Foo Bar\\nC/\\n@\\nc/"        | Foo Bar      | PROHIBITED
          "@Foo Bar\\nC/\\n@\\nc/"        | Foo          | ALLOWED
          @Foo/1.0\\nC/\\n@\\nc/          | Foo/1.0      | PROHIBITED
          @Foo\\nC/\\n@\\nc/              | Foo/1.0      | ALLOWED
          """)
  void atNamesAreComparedAsWritten(String file, String crawler, Verdict expected) {
    assertThat(scorpionVerdict(file, crawler, "/page")).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} on {1} -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          C/%7Euser/ | /%7Euser/x                | PROHIBITED
          C/%7Euser/ | http://example.com/%7Euser/x | PROHIBITED
          C/%7Euser/ | /~user/x                  | ALLOWED
          C/~user/   | /%7Euser/x                | ALLOWED
          C/a%2fb    | /a%2fb/c                  | PROHIBITED
          C/a%2fb    | /a%2Fb/c                  | ALLOWED
          C/x*y      | /x*y/z                    | PROHIBITED
          C/x*y      | /x%2Ay/z                  | ALLOWED
          C/x*y      | /xanyy/z                  | ALLOWED
          C/d$       | /d$                       | PROHIBITED
          C/d$       | /d$x                      | PROHIBITED
          C/d$       | /d                        | ALLOWED
          C/q?a=1    | /q?a=1&b=2                | PROHIBITED
          C/q?a=1    | /q?a=1#frag               | PROHIBITED
          C/caf%C3%A9 | /caf\u00e9/x             | PROHIBITED
          C/caf%c3%a9 | /caf\u00e9/x             | ALLOWED
          """)
  void prefixesMatchTheUrlAsSent(String rule, String url, Verdict expected) {
    assertThat(scorpionVerdict(rule + "\nc/", "AnyBot", url)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} on {1} -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          C/                | /.special/crawl              | ALLOWED
          C/                | /.special/crawl?bot=AnyBot   | ALLOWED
          C/.special/       | http://example.com/.special/crawl | ALLOWED
          C/.special/crawl  | /.special/crawl              | ALLOWED
          C/                | /.special/crawler            | PROHIBITED
          C/                | /.special/crawl/x            | PROHIBITED
          C/                | /.special/conversion         | PROHIBITED
          C/                | /.SPECIAL/crawl              | PROHIBITED
          Xunknown          | /.special/crawl              | ALLOWED
          Xunknown          | /page                        | PROHIBITED
          """)
  void thePolicyFileIsAlwaysCrawlable(String file, String url, Verdict expected) {
    assertThat(scorpionVerdict(file, "AnyBot", url)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          /.special/crawl       | true
          /.special/crawl?x     | true
          /.special/crawl?      | true
          /.special/crawl/      | false
          /.special/craw        | false
          /.special/crawlx      | false
          ''                    | false
          """)
  void recognisesThePolicyFile(String path, boolean expected) {
    assertThat(ScorpionCrawlerPolicy.isPolicyFile(path.getBytes(java.nio.charset.StandardCharsets.US_ASCII))).isEqualTo(expected);
  }
}
