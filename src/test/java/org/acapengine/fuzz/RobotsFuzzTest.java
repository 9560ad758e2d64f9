package org.acapengine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;

/**
 * robots.txt from the fuzzer: parsing is total (diagnostics, never an exception), and for a few
 * queries drawn from the same input, {@code explain} reaches exactly the decision {@code decide}
 * does, and so does the crawler's own policy ({@code forCrawler}). Committed inputs under {@code RobotsFuzzTestInputs/} replay in every test run; {@code
 * docs/fuzzing.md} says how to fuzz.
 */
class RobotsFuzzTest {

  private static final String[] CRAWLERS = {"examplebot", "Googlebot", "*", "MJ12bot", "jävla-fanbot", "a"};
  private static final String[] USAGES = {"crawl", "index", "present", "present-snippet", "preserve", "follow", "other", "train"};
  private static final String[] PURPOSES = {"", "search", "ai-train", "news"};

  @FuzzTest
  void parseCompileDecideExplain(FuzzedDataProvider data) {
    int queries = data.consumeInt(1, 4);
    String[][] asked = new String[queries][];
    for (int i = 0; i < queries; i++) {
      asked[i] = new String[] {
          data.pickValue(CRAWLERS), data.pickValue(USAGES), data.pickValue(PURPOSES), "/" + data.consumeString(64)};
    }
    byte[] content = data.consumeRemainingAsBytes();
    PolicyDocument doc = new RobotsTxtParser(new ParseOptions(16 * 1024)).parse(content, "fuzz.txt");
    assertThat(doc.source().name()).isEqualTo("fuzz.txt");
    CompiledPolicy policy = CompiledPolicy.compile(doc);
    for (String[] a : asked) {
      Query.Builder b = Query.builder().crawlers(List.of(a[0])).usage(a[1]).url(a[3]);
      if (!a[2].isEmpty()) {
        b.purpose(a[2]);
      }
      Query q = b.build();
      Decision decided = policy.decide(q);
      Explanation explained = policy.explain(q);
      assertThat(explained.decision().allowed()).as("allowed, %s", q).isEqualTo(decided.allowed());
      assertThat(explained.decision().basis()).as("basis, %s", q).isEqualTo(decided.basis());
      assertThat(explained.decision().deciding()).as("deciding lines, %s", q).isEqualTo(decided.deciding());
      // A crawler's own policy (flat arrays when no ACAP record selects it) decides the same.
      assertThat(CompiledPolicy.compile(doc).forCrawler(q.crawlers()).decide(q)).as("crawler policy, %s", q).isEqualTo(decided);
    }
    policy.usageNames();
    policy.actionRequests(List.of(asked[0][0]));
  }
}
