package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.acapengine.compat.crawlercommons.AcapRobotRulesParser;
import org.junit.jupiter.api.Test;

/**
 * The bridge on crawler-commons 1.4 and 1.5: the version asked for is the one loaded, it has no
 * setMatchedWildcard (the bridge sets that flag only on 1.6), and the bridge parses, decides,
 * reads delays and sitemaps and answers failed fetches through crawler-commons' own types.
 */
class OlderCrawlerCommonsTest {

  static final byte[] ROBOTS = String.join("\n",
      "User-agent: *",
      "Disallow: /cgi-bin/",
      "Crawl-delay: 2",
      "",
      "User-agent: denybot",
      "Disallow: /",
      "",
      "Sitemap: https://example.com/sitemap.xml",
      "").getBytes(StandardCharsets.UTF_8);

  @Test
  void theOlderCrawlerCommonsIsTheOneLoaded() throws Exception {
    String version = System.getProperty("crawler-commons.version");
    String jar = BaseRobotRules.class.getProtectionDomain().getCodeSource().getLocation().toString();
    assertTrue(jar.endsWith("crawler-commons-" + version + ".jar"), jar);
    assertThrows(NoSuchMethodException.class, () -> BaseRobotRules.class.getMethod("setMatchedWildcard", boolean.class));
    assertThrows(NoSuchMethodException.class, () -> BaseRobotRules.class.getMethod("isMatchedWildcard"));
  }

  @Test
  void theBridgeDecidesThroughCrawlerCommonsTypes() {
    BaseRobotsParser parser = new AcapRobotRulesParser();
    BaseRobotRules rules = parser.parseContent("https://example.com/robots.txt", ROBOTS, "text/plain", List.of("examplebot"));
    assertTrue(rules.isAllowed("https://example.com/a"));
    assertFalse(rules.isAllowed("https://example.com/cgi-bin/x"));
    assertEquals(2000L, rules.getCrawlDelay());
    assertEquals(List.of("https://example.com/sitemap.xml"), rules.getSitemaps());
  }

  @Test
  @SuppressWarnings("deprecation")
  void theDeprecatedStringFormSplitsAtWhitespace() {
    BaseRobotsParser parser = new AcapRobotRulesParser();
    BaseRobotRules rules = parser.parseContent("https://example.com/robots.txt", ROBOTS, "text/plain", "Mozilla denybot 99.9");
    assertFalse(rules.isAllowed("https://example.com/a"));
  }

  @Test
  void failedFetchesFollowRfc9309() {
    BaseRobotsParser parser = new AcapRobotRulesParser();
    BaseRobotRules unavailable = parser.failedFetch(404);
    assertTrue(unavailable.isAllowAll());
    BaseRobotRules unreachable = parser.failedFetch(503);
    assertTrue(unreachable.isAllowNone());
    assertTrue(unreachable.isDeferVisits());
  }
}
