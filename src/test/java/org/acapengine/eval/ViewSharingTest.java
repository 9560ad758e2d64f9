package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Crawlers that select the same ACAP records (with the same tier) and the same conventional groups
 * share one compiled view; crawlers that select differently get views of their own.
 */
class ViewSharingTest {

  @ParameterizedTest(name = "[{index}] {1} and {2}: shared={3}")
  @CsvSource(delimiter = '|', textBlock = """
      # file (\\n for line breaks)                                                           | first | second   | shared
      User-agent: *\\nDisallow: /x\\n                                                          | a     | b        | true
      User-agent: *\\nDisallow: /x\\n                                                          | a     | Mozilla/5.0 (compatible; b/1.0) | true
      User-agent: a\\nDisallow: /x\\n\\nUser-agent: *\\nAllow: /\\n                            | a     | b        | false
      User-agent: a\\nDisallow: /x\\n\\nUser-agent: *\\nAllow: /\\n                            | b     | c        | true
      User-agent: a\\nUser-agent: b\\nDisallow: /x\\n                                          | a     | b        | true
      ACAP-crawler: a\\nACAP-disallow-index: /\\n\\nACAP-crawler: *\\nACAP-allow-index: /\\n  | a     | b        | false
      ACAP-crawler: a\\nACAP-disallow-index: /\\n\\nACAP-crawler: *\\nACAP-allow-index: /\\n  | b     | c        | true
      ACAP-crawler: a\\nACAP-crawler: b\\nACAP-disallow-index: /\\n                            | a     | b        | true
      """)
  void viewsAreSharedExactlyWhenTheSelectionIsTheSame(String file, String first, String second, boolean shared) {
    CompiledPolicy p = CompiledPolicy.compile(new RobotsTxtParser().parse(file.replace("\\n", "\n"), "robots.txt"));
    CrawlerView a = p.view(List.of(first));
    CrawlerView b = p.view(List.of(second));
    assertThat(a == b).isEqualTo(shared);
    for (String usage : List.of("crawl", "index")) {
      for (String path : List.of("/", "/x", "/y")) {
        Decision da = p.decide(Query.of(first, usage, path));
        Decision db = p.decide(Query.of(second, usage, path));
        if (shared) {
          assertThat(db).as("%s %s", usage, path).isEqualTo(da);
        }
      }
    }
  }

  /**
   * Two crawlers that both fall under {@code ACAP-crawler: *} but select different records of the
   * file its permissions reference loads get views of their own (found by DecisionPropertiesTest).
   */
  @Test
  void recordsOfAReferencedFileCountInTheSelection() {
    RobotsTxtParser parser = new RobotsTxtParser();
    PolicyDocument main = parser.parse("ACAP-crawler: *\nACAP-permissions-reference: /ref.txt\n", "robots.txt");
    PolicyDocument ref = parser.parse("ACAP-crawler: a\nACAP-disallow-index: /\n\nACAP-crawler: b\nACAP-allow-index: /\n", "ref.txt");
    AcapRecord r = main.acapRecords().get(0);
    CompiledPolicy p = CompiledPolicy.compile(main,
        Map.of(r.permissionsReference().get(), ResolvedReference.loaded(main, r.permissionsReference().get(), ref)), CompileOptions.defaults());
    assertThat(p.view(List.of("a"))).isNotSameAs(p.view(List.of("c")));
    assertThat(p.decide(Query.of("a", "index", "/x")).allowed()).isFalse();
    assertThat(p.decide(Query.of("c", "index", "/x")).allowed()).isTrue();
    assertThat(p.decide(Query.of("b", "index", "/x")).allowed()).isTrue();
    assertThat(p.view(List.of("c"))).isSameAs(p.view(List.of("d")));
  }
}
