package org.acapengine.site;

import static org.acapengine.site.SiteTestSupport.site;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.hints.RequestRate;
import org.acapengine.eval.Query;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SitePolicy#hints}: robots.txt {@code Crawl-delay}/{@code Request-rate} of the group RFC 9309
 * selects (the crawler's own, else {@code *}), the Scorpion numbers of the crawler's effective lines
 * and the TCT {@code rate_hints}, merged by taking the most restrictive of each kind, each with its
 * source and line.
 */
class SiteHintsTest {

  static final String R = String.join("\n",
      "User-agent: *",            // 1
      "Crawl-delay: 5",           // 2
      "Request-rate: 1/10s",      // 3
      "Disallow: /x",             // 4
      "",                         // 5
      "User-agent: hintbot",      // 6
      "Crawl-delay: 2",           // 7
      "Disallow: /y",             // 8
      "",                         // 9
      "User-agent: slowbot",      // 10
      "Request-rate: 1/1m",       // 11
      "Crawl-delay: 30",          // 12
      "Disallow: /z",             // 13
      "",                         // 14
      "User-agent: tiebot",       // 15
      "Crawl-delay: 10",          // 16
      "Disallow: /t",             // 17
      "",                         // 18
      "User-agent: badbot",       // 19
      "Crawl-delay: soon",        // 20
      "Request-rate: fast",       // 21
      "Disallow: /b",             // 22
      "");

  static final String S = String.join("\n",
      "D10",                      // 1
      "P4",                       // 2
      "@<MIRROR>",                // 3
      "N100",                     // 4
      "R3600",                    // 5
      "w600",                     // 6
      "D1",                       // 7 repeated: the first D is used
      "@",                        // 8
      "N5000",                    // 9
      "");

  static final String T = String.join("\n",
      "{\"profile\": \"tct-policy-1\",",                 // 1
      " \"rate_hints\": {",                              // 2
      "  \"max_requests_per_second\": 0.5,",             // 3
      "  \"max_requests_per_day\": 1000}}",              // 4
      "");

  static final String T_ZERO = "{\"profile\":\"tct-policy-1\",\n\"rate_hints\":{\"max_requests_per_second\":0}}\n";

  static final String T_FUTURE = "{\"profile\":\"tct-policy-1\",\"effective\":\"2099-01-01T00:00:00Z\",\n"
      + "\"rate_hints\":{\"max_requests_per_day\":10}}\n";

  /**
   * Columns: which sources (R, T, T0 = T_ZERO, TF = T_FUTURE, S; '+'-separated), crawler names
   * (';'-separated), purpose, then the expected hints, one "kind value source:line" per present
   * kind, ';'-separated, in the order of {@link CrawlHints}' components ("-" for none).
   */
  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource(delimiter = '|', nullValues = "null", value = {
      // robots.txt alone: the selected group
      "R   | bot          | null   | minDelay PT5S robots.txt:2; requestRate 1/PT10S robots.txt:3",
      "R   | hintbot      | null   | minDelay PT2S robots.txt:7",
      "R   | HintBot      | null   | minDelay PT2S robots.txt:7",
      "R   | hintbot/2.1  | null   | minDelay PT2S robots.txt:7",
      "R   | slowbot      | null   | minDelay PT30S robots.txt:12; requestRate 1/PT1M robots.txt:11",
      "R   | hintbot;slowbot | null | minDelay PT30S robots.txt:12; requestRate 1/PT1M robots.txt:11",
      "R   | badbot       | null   | -",
      // Scorpion alone: the effective lines of the crawler's section
      "S   | bot          | null   | minDelay PT10S special.crawl:1; maxParallelDownloads 4 special.crawl:2; maxFiles 5000 special.crawl:9",
      "S   | bot          | mirror | minDelay PT10S special.crawl:1; maxParallelDownloads 4 special.crawl:2; maxFiles 100 special.crawl:4; "
          + "revisitInterval PT1H special.crawl:5; policyRefetchInterval PT10M special.crawl:6",
      // TCT alone
      "T   | bot          | null   | requestRate 0.5/PT1S llm-policy.json:3; requestsPerDay 1000 llm-policy.json:4",
      // merged: the most restrictive of each kind, with its source
      "R+T+S | bot      | null   | minDelay PT10S special.crawl:1; requestRate 1/PT10S robots.txt:3; requestsPerDay 1000 llm-policy.json:4; "
          + "maxParallelDownloads 4 special.crawl:2; maxFiles 5000 special.crawl:9",
      "R+T+S | hintbot  | null   | minDelay PT10S special.crawl:1; requestRate 0.5/PT1S llm-policy.json:3; requestsPerDay 1000 llm-policy.json:4; "
          + "maxParallelDownloads 4 special.crawl:2; maxFiles 5000 special.crawl:9",
      "R+T+S | slowbot  | mirror | minDelay PT30S robots.txt:12; requestRate 1/PT1M robots.txt:11; requestsPerDay 1000 llm-policy.json:4; "
          + "maxParallelDownloads 4 special.crawl:2; maxFiles 100 special.crawl:4; revisitInterval PT1H special.crawl:5; "
          + "policyRefetchInterval PT10M special.crawl:6",
      "R+S | tiebot       | null   | minDelay PT10S robots.txt:16; maxParallelDownloads 4 special.crawl:2; maxFiles 5000 special.crawl:9",
      "R+T0 | slowbot     | null   | minDelay PT30S robots.txt:12; requestRate 0/PT1S llm-policy.json:2",
      "R+S | badbot       | null   | minDelay PT10S special.crawl:1; maxParallelDownloads 4 special.crawl:2; maxFiles 5000 special.crawl:9",
      // an llm-policy.json not yet in force imposes no rate hints
      "TF  | bot          | null   | -",
  })
  void mostRestrictiveOfEachKindWithItsSource(String sources, String crawlers, String purpose, String expected) {
    List<String> s = Arrays.asList(sources.strip().split("\\+"));
    String llm = s.contains("T") ? T : s.contains("T0") ? T_ZERO : s.contains("TF") ? T_FUTURE : null;
    SitePolicy site = site(s.contains("R") ? R : null, llm, s.contains("S") ? S : null);
    List<String> names = Query.builder().crawlers(Arrays.asList(crawlers.split(";"))).build().crawlers();
    CrawlHints hints = site.hints(names, Optional.ofNullable(purpose));
    assertThat(describe(hints)).isEqualTo(expected.equals("-") ? List.of() : Arrays.stream(expected.split(";")).map(String::strip).toList());
  }

  @Test
  void anLlmPolicyInForceImposesItsRateHints() {
    SitePolicy site = site(null, T_FUTURE, null, Instant.parse("2099-01-01T00:00:00Z"));
    assertThat(describe(site.hints(List.of("bot"), Optional.empty()))).containsExactly("requestsPerDay 10 llm-policy.json:2");
  }

  @Test
  void hintSourcesQuoteTheLineAsWritten() {
    CrawlHints h = site(R, T, S).hints(List.of("slowbot"), Optional.of("mirror"));
    assertThat(h.minDelay().orElseThrow().source().text()).isEqualTo("Crawl-delay: 30");
    assertThat(h.requestsPerDay().orElseThrow().source().text()).isEqualTo("\"max_requests_per_day\": 1000");
    assertThat(h.maxFiles().orElseThrow().source().text()).isEqualTo("N100");
  }

  static List<String> describe(CrawlHints h) {
    List<String> out = new ArrayList<>();
    add(out, "minDelay", h.minDelay());
    add(out, "requestRate", h.requestRate());
    add(out, "requestsPerDay", h.requestsPerDay());
    add(out, "maxParallelDownloads", h.maxParallelDownloads());
    add(out, "maxFiles", h.maxFiles());
    add(out, "revisitInterval", h.revisitInterval());
    add(out, "policyRefetchInterval", h.policyRefetchInterval());
    return out;
  }

  private static void add(List<String> out, String kind, Optional<? extends Hint<?>> hint) {
    hint.ifPresent(x -> {
      Object v = x.value();
      String value = v instanceof RequestRate r ? r.requests().toPlainString() + "/" + r.period() : v instanceof Duration d ? d.toString() : String.valueOf(v);
      out.add(kind + " " + value + " " + x.source().source() + ":" + x.source().line());
    });
  }
}
