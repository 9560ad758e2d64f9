package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Crawler identity end to end (docs/semantics.md rule 1, "Crawler identity"; RFC 9309 2.2.1; ACAP
 * 2.3.1): which crawler a {@code User-agent} line and an {@code ACAP-crawler} field address, and
 * which query names reach them. Every row is run twice, once with a conventional record and once
 * with an ACAP record, through the parser, {@link Query#of} and {@link CompiledPolicy}.
 */
class CrawlerIdentityTest {

  private static final RobotsTxtParser PARSER = new RobotsTxtParser();

  /** The file names {@code named}, which may crawl nothing; everyone else may crawl everything. */
  private static String conventional(String named) {
    return "User-agent: " + named + "\nDisallow: /\n\nUser-agent: *\nAllow: /\n";
  }

  private static String acap(String named) {
    return "##ACAP version=1.0\nACAP-crawler: " + named + "\nACAP-disallow-crawl: /\n\nACAP-crawler: *\nACAP-allow-crawl: /\n";
  }

  private static boolean allowed(String robots, String crawler, String path) {
    CompiledPolicy p = CompiledPolicy.compile(PARSER.parse(robots.getBytes(StandardCharsets.UTF_8), "robots.txt"));
    return p.decide(Query.of(crawler, "crawl", path)).allowed();
  }

  @ParameterizedTest(name = "[{index}] file ''{0}'', crawler ''{1}'' -> addressed {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          # digits are part of the name
          MJ12bot                | MJ12bot          | true
          MJ12bot                | mj12BOT          | true
          MJ12bot                | MJ13bot          | false
          MJ12bot                | MJ               | false
          360Spider              | 360Spider        | true
          360Spider              | 360spider        | true
          360Spider              | Spider           | false
          Mail.RU_Bot            | Mail.RU_Bot      | true
          Mail.RU_Bot            | mail.ru_bot      | true
          Mail.RU_Bot            | Mail             | false
          # non-ASCII names, matched ignoring Unicode case
          Jävla-Foobot           | Jävla-Foobot     | true
          Jävla-Foobot           | JÄVLA-FOOBOT     | true
          Jävla-Foobot           | jävla-fanbot     | false
          Jävla-Foobot           | J                | false
          # the token ends at whitespace, '/', ';', '(', ',' or '*', on both sides
          Foo Bar                | Foo              | true
          Foo Bar                | Foo Bar          | true
          Foo Bar                | Bar              | false
          MSNPTC/1.0             | MSNPTC           | true
          MSNPTC/1.0             | MSNPTC/2.0       | true
          MSNPTC                 | MSNPTC/1.0       | true
          Mediapartners-Google*  | Mediapartners-Google | true
          Mediapartners-Google*  | Mediapartners-Google-Mobile | false
          Googlebot              | Mozilla/5.0 (compatible; Googlebot/2.1) | false
          Googlebot              | Googlebot/2.1 (+http://www.google.com/bot.html) | true
          # names that name nobody
          *bot                   | bot              | false
          *bot                   | *bot             | false
          """)
  void aLineAddressesTheCrawlersItNames(String named, String crawler, boolean addressed) {
    assertThat(allowed(conventional(named), crawler, "/page")).as("User-agent: %s", named).isEqualTo(!addressed);
    assertThat(allowed(acap(named), crawler, "/page")).as("ACAP-crawler: %s", named).isEqualTo(!addressed);
  }

  /**
   * crawler1 and crawler2 have groups (records); crawler3 has none and gets the '*' group alone.
   * In ACAP a named record's fields beat the any-crawler record's only where one of them matches
   * (docs/semantics.md rule 2), hence the separate column.
   */
  @ParameterizedTest(name = "[{index}] {0} {1} -> conventional {2}, ACAP {3}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          crawler1 | /a | false | false
          crawler1 | /b | true  | true
          crawler1 | /c | true  | false
          crawler2 | /a | true  | true
          crawler2 | /b | false | false
          crawler2 | /c | true  | false
          crawler3 | /a | true  | true
          crawler3 | /b | true  | true
          crawler3 | /c | false | false
          crawler  | /a | true  | true
          crawler  | /c | false | false
          CRAWLER1 | /a | false | false
          """)
  void numberedCrawlersEachGetTheirOwnGroup(String crawler, String path, boolean conventionalAllowed, boolean acapAllowed) {
    String conventional = "User-agent: crawler1\nDisallow: /a\n\nUser-agent: crawler2\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n";
    String acap = "##ACAP version=1.0\nACAP-crawler: crawler1\nACAP-disallow-crawl: /a\n\nACAP-crawler: crawler2\nACAP-disallow-crawl: /b\n\n"
        + "ACAP-crawler: *\nACAP-disallow-crawl: /c\n";
    assertThat(allowed(conventional, crawler, path)).as("conventional").isEqualTo(conventionalAllowed);
    assertThat(allowed(acap, crawler, path)).as("ACAP").isEqualTo(acapAllowed);
  }

  /** Rule1TestBot ... Rule7TestBot are seven crawlers, each kept out of its own directory only. */
  @ParameterizedTest(name = "[{index}] {0} {1} -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          Rule1TestBot | /rule1/ | false
          Rule1TestBot | /rule2/ | true
          Rule4TestBot | /rule4/ | false
          Rule4TestBot | /rule1/ | true
          Rule7TestBot | /rule7/ | false
          Rule7TestBot | /rule6/ | true
          Rule8TestBot | /rule1/ | true
          Rule8TestBot | /other/ | false
          RuleTestBot  | /rule1/ | true
          """)
  void sevenNumberedRuleBotsAreSevenCrawlers(String crawler, String path, boolean allowed) {
    StringBuilder conventional = new StringBuilder();
    StringBuilder acap = new StringBuilder("##ACAP version=1.0\n");
    for (int i = 1; i <= 7; i++) {
      conventional.append("User-agent: Rule").append(i).append("TestBot\nDisallow: /rule").append(i).append("/\n\n");
      acap.append("ACAP-crawler: Rule").append(i).append("TestBot\nACAP-disallow-crawl: /rule").append(i).append("/\n\n");
    }
    conventional.append("User-agent: *\nDisallow: /other/\n");
    acap.append("ACAP-crawler: *\nACAP-disallow-crawl: /other/\n");
    assertThat(allowed(conventional.toString(), crawler, path)).as("conventional").isEqualTo(allowed);
    assertThat(allowed(acap.toString(), crawler, path)).as("ACAP").isEqualTo(allowed);
  }
}
