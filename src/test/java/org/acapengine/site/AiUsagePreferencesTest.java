package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.tdmrep.TdmRepReader;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Content-Signal, AIPREF Content-Usage and TDMRep decided with robots.txt in one combined decision
 * (docs/formats.md): the purpose vocabulary, group selection, longest match, crawl never
 * governed, and a usage allowed only if every source that speaks to it allows it.
 */
class AiUsagePreferencesTest {

  /** Cloudflare's managed robots.txt form: a Content-Signal line in the '*' group. */
  static final String CLOUDFLARE = """
      User-Agent: *
      Content-Signal: search=yes, ai-train=no
      Allow: /
      """;

  /** After the aipref-attach draft's example: a group-wide preference and a path-specific one. */
  static final String ATTACH = """
      User-Agent: *
      Allow: /
      Disallow: /never/
      Content-Usage: train-ai=n
      Content-Usage: /ai-ok/ train-ai=y
      """;

  /** Two groups: the named crawler's own, and '*'; one line outside any group. */
  static final String GROUPS = """
      Content-Signal: ai-input=no
      User-Agent: namedbot
      Content-Signal: ai-train=yes
      Content-Signal: ai-train=no, search=yes
      Disallow: /private/

      User-Agent: *
      Content-Signal: ai-train=yes, ai-input=yes
      """;

  static final String TDMREP = """
      [{"location": "/images/*", "tdm-reservation": 1, "tdm-policy": "https://example.com/p.json"},
       {"location": "/images/free/*", "tdm-reservation": 0},
       {"location": "/open/*", "tdm-reservation": 0},
       {"location": "/odd/*", "tdm-reservation": "yes"}]
      """;

  @ParameterizedTest(name = "[{index}] {0} {1} purpose={2} {3} {4} -> {5} {6}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # file      | crawler   | purpose  | usage           | path              | allowed | basis
      CLOUDFLARE  | GPTBot    | ai-train | index           | /a                | false   | content-signal
      CLOUDFLARE  | GPTBot    | ai-train | present-snippet | /a                | false   | content-signal
      CLOUDFLARE  | GPTBot    | train-ai | preserve        | /a                | false   | content-signal
      CLOUDFLARE  | GPTBot    | ai-train | crawl           | /a                | true    | conventional-rule
      CLOUDFLARE  | GPTBot    | ai-train | follow          | /a                | true    | default
      CLOUDFLARE  | GPTBot    | search   | index           | /a                | true    | content-signal
      CLOUDFLARE  | GPTBot    | ai-input | index           | /a                | true    | default
      CLOUDFLARE  | GPTBot    | -        | index           | /a                | true    | default
      CLOUDFLARE  | GPTBot    | news     | index           | /a                | true    | default
      ATTACH      | anybot    | train-ai | index           | /a                | false   | content-usage
      ATTACH      | anybot    | ai-train | index           | /a                | false   | content-usage
      ATTACH      | anybot    | train-ai | index           | /ai-ok/x          | true    | content-usage
      ATTACH      | anybot    | ai-train | index           | /ai-ok/x          | true    | default
      ATTACH      | anybot    | train-ai | index           | /never/x          | true    | default
      ATTACH      | anybot    | search   | index           | /a                | true    | default
      ATTACH      | anybot    | train-ai | crawl           | /a                | true    | conventional-rule
      GROUPS      | namedbot  | ai-train | index           | /a                | false   | content-signal
      GROUPS      | namedbot  | ai-input | index           | /a                | true    | default
      GROUPS      | namedbot  | search   | index           | /a                | true    | content-signal
      GROUPS      | otherbot  | ai-train | index           | /a                | true    | content-signal
      GROUPS      | otherbot  | ai-input | index           | /a                | true    | content-signal
      """)
  void robotsBornePreferences(String file, String crawler, String purpose, String usage, String path, boolean allowed, String basis) {
    String text = switch (file) {
      case "CLOUDFLARE" -> CLOUDFLARE;
      case "ATTACH" -> ATTACH;
      default -> GROUPS;
    };
    SitePolicy site = SitePolicy.builder().robots(CompiledPolicy.compile(new RobotsTxtParser().parse(text, "robots.txt"))).build();
    SiteDecision d = site.decide(query(crawler, purpose, usage, path));
    assertThat(d.allowed()).as(d.toString()).isEqualTo(allowed);
    assertThat(d.basis()).as(d.toString()).isEqualTo(basis);
  }

  @ParameterizedTest(name = "[{index}] tdmrep purpose={0} {1} {2} -> {3}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # purpose | usage | path               | allowed | basis   | line
      ai-train  | index | /images/a.png      | false   | tdmrep  | 1
      train-ai  | index | /images/a.png      | false   | tdmrep  | 1
      ai-input  | index | /images/a.png      | false   | tdmrep  | 1
      ai-input  | index | /images/free/a.png | false   | tdmrep  | 1
      search    | index | /images/a.png      | true    | default | -
      ai-train  | crawl | /images/a.png      | true    | default | -
      ai-train  | index | /open/a            | true    | tdmrep  | 3
      ai-train  | index | /odd/a             | true    | default | -
      ai-train  | index | /elsewhere         | true    | default | -
      """)
  void tdmRepFirstMatchingRuleDecides(String purpose, String usage, String path, boolean allowed, String basis, Integer line) {
    SitePolicy site = SitePolicy.builder().source(new TdmRepSource(TdmRepReader.read("tdmrep.json", TDMREP))).build();
    SiteDecision d = site.decide(query("anybot", purpose, usage, path));
    assertThat(d.allowed()).as(d.toString()).isEqualTo(allowed);
    assertThat(d.basis()).isEqualTo(basis);
    if (line != null) {
      assertThat(d.decidingLine().line()).isEqualTo(line);
    }
  }

  @ParameterizedTest(name = "[{index}] header {0}, purpose={1} -> {3}")
  @CsvSource(delimiter = '|', textBlock = """
      # header                  | purpose  | usage | allowed
      train-ai=n                | train-ai | index | false
      train-ai=n                | ai-train | index | false
      train-ai=y                | ai-train | index | true
      train-ai=n                | crawl    | crawl | true
      search=n, train-ai=y      | search   | index | false
      TRAIN-AI=n                | train-ai | index | true
      train-ai=n, train-ai=y    | train-ai | index | true
      train-ai=?0               | train-ai | index | true
      genai=n                   | train-ai | index | true
      train-ai=n;q=1            | train-ai | index | false
      """)
  void contentUsageHeader(String header, String purpose, String usage, boolean allowed) {
    SitePolicy site = SitePolicy.builder().source(ContentUsageSource.header(header)).build();
    SiteDecision d = site.decide(query("anybot", purpose.equals("crawl") ? "train-ai" : purpose, usage, "/x"));
    assertThat(d.allowed()).as(d.toString()).isEqualTo(allowed);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', textBlock = """
      # robots.txt prohibits; a preference that allows cannot undo it
      ACAP-crawler: *\\nACAP-disallow-index: /\\nUser-Agent: *\\nContent-Signal: ai-train=yes | false | acap-field
      User-Agent: *\\nContent-Signal: ai-train=yes                                         | true  | content-signal
      User-Agent: *\\nContent-Signal: ai-train=yes\\nContent-Usage: train-ai=n             | false | content-usage
      """)
  void everySourceThatSpeaksMustAllow(String robots, boolean allowed, String basis) {
    SitePolicy site = SitePolicy.builder().robots(CompiledPolicy.compile(new RobotsTxtParser().parse(robots.replace("\\n", "\n"), "robots.txt"))).build();
    SiteDecision d = site.decide(query("anybot", "train-ai", "index", "/a"));
    assertThat(d.allowed()).as(d.toString()).isEqualTo(allowed);
    assertThat(d.basis()).isEqualTo(basis);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', textBlock = """
      crawl           | access stays with Allow/Disallow
      index           | Content-Signal ai-train=no in the crawler's group: no index of the content for ai-train (crawling stays with Allow/Disallow)
      """)
  void theReasonSaysCrawlingIsNotGoverned(String usage, String reason) {
    ContentSignalSource s = new ContentSignalSource(CompiledPolicy.compile(new RobotsTxtParser().parse(CLOUDFLARE, "robots.txt")));
    assertThat(s.decide(query("GPTBot", "ai-train", usage, "/a"), Instant.EPOCH).reason()).contains(reason);
  }

  private static Query query(String crawler, String purpose, String usage, String path) {
    Query.Builder b = Query.builder().crawlers(List.of(crawler)).usage(usage).url(path);
    Optional.ofNullable(purpose).ifPresent(b::purpose);
    return b.build();
  }
}
