package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.testing.HostileShapes;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * Any number of crawler names (issue 26, item 3; docs/performance.md): names are looked up in an
 * index of the file's names, views are kept by what they select and bounded by weight, so the
 * 3 000th distinct name is kept as the 3rd is, a name never seen before costs a look-up, and
 * however many names pass, what the policy keeps stays within its budget. Time goes in
 * AdversarialBenchmark; this test holds the sharing and the bound, and the answers.
 */
class ManyCrawlerNamesTest {

  static {
    System.setProperty("jol.magicFieldOffset", "true");
  }

  private static CompiledPolicy compile(String text) {
    return CompiledPolicy.compile(new RobotsTxtParser().parse(text, "robots.txt"));
  }

  @Test
  void threeThousandNamesWithARecordEachAreKeptAsThreeAre() {
    String text = HostileShapes.manyCrawlers(500 * 1024, 3000, 4);
    CompiledPolicy p = compile(text);
    CrawlerView[] first = new CrawlerView[3000];
    for (int i = 0; i < first.length; i++) {
      first[i] = p.view(List.of("bot" + i));
    }
    for (int i = 0; i < first.length; i++) {
      assertThat(p.view(List.of("bot" + i))).as("bot%d", i).isSameAs(first[i]);
    }
    // the answers are those of a policy asked about one name
    for (int i = 0; i < 3000; i += 331) {
      CompiledPolicy fresh = compile(text);
      for (String path : List.of("/", "/a/", "/zz/x.html")) {
        for (String usage : List.of("crawl", "index")) {
          Query q = Query.of("bot" + i, usage, path);
          assertThat(p.decide(q)).as("%s", q).isEqualTo(fresh.decide(q));
        }
      }
    }
  }

  @Test
  void aNewNameEachQuerySharesTheViewOfItsSelection() {
    CompiledPolicy p = compile(HostileShapes.manyCrawlers(500 * 1024, 3000, 4));
    CrawlerView unnamed = p.view(List.of("unnamed"));
    for (int i = 0; i < 5000; i++) {
      assertThat(p.view(List.of("new-" + i))).isSameAs(unnamed);
      assertThat(p.view(List.of("bot" + (i % 3000) + "/2.1"))).isSameAs(p.view(List.of("bot" + (i % 3000))));
    }
  }

  /**
   * A large group that lists 120 crawlers, each of which also has a small group of its own: each
   * name selects the large group and its own (RFC 9309 2.2.1 merges them), so each needs a table
   * of the large group's size. Asked about every name, the policy keeps what its budget allows.
   */
  @Test
  void viewsThatEachHoldALargeTableStayWithinTheBudget() {
    StringBuilder sb = new StringBuilder();
    int names = 120;
    for (int i = 0; i < names; i++) {
      sb.append("User-agent: x").append(i).append('\n');
    }
    // Enough rules that 120 views of them would hold more than four budgets (a view's index is
    // smaller since its prefix order is kept in chars: 4 000 rules no longer were).
    for (int i = 0; i < 5000; i++) {
      sb.append("Disallow: /shared/").append(i).append("/\n");
    }
    for (int i = 0; i < names; i++) {
      sb.append("\nUser-agent: x").append(i).append("\nDisallow: /own/").append(i).append("/\n");
    }
    PolicyDocument doc = new RobotsTxtParser().parse(sb.toString(), "robots.txt");
    CompiledPolicy p = CompiledPolicy.compile(doc);
    for (int i = 0; i < names; i++) {
      assertThat(p.decide(Query.of("x" + i, "crawl", "/own/" + i + "/a")).allowed()).isFalse();
      assertThat(p.decide(Query.of("x" + i, "crawl", "/own/" + (i + 1) + "/a")).allowed()).isTrue();
      assertThat(p.decide(Query.of("x" + i, "crawl", "/shared/17/a")).allowed()).isFalse();
    }
    System.gc(); // views evicted are held by nothing but their names' weak references
    long views = GraphLayout.parseInstance(p).totalSize() - GraphLayout.parseInstance(doc).totalSize();
    long oneView;
    {
      CompiledPolicy single = CompiledPolicy.compile(doc);
      single.decide(Query.of("x0", "crawl", "/a"));
      oneView = GraphLayout.parseInstance(single).totalSize() - GraphLayout.parseInstance(doc).totalSize();
    }
    assertThat(names * oneView).as("unbounded, the views would hold").isGreaterThan(4 * Views.budget(doc));
    assertThat(views).as("views and tables kept, budget %d", Views.budget(doc)).isLessThanOrEqualTo(2 * Views.budget(doc));
  }
}
