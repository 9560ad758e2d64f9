package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.eval.Query;
import org.acapengine.model.Verdict;
import org.junit.jupiter.api.Test;

/**
 * A Scorpion source keeps its crawlers' views by what their names select (the first {@code @} line
 * naming one of them), through an index of the file's {@code @} lines, with eviction by weight: the
 * 3 000th crawler with a section of its own is kept as the 3rd is (before, views past the 1 024th
 * were made again on every decision), names that select alike share one view, and every decision
 * is the one the crawler's own reading of the file gives.
 */
class ScorpionSourceViewsTest {

  private static ScorpionFile file(String text) {
    return new ScorpionReader().read(text.getBytes(StandardCharsets.ISO_8859_1), "crawl").file();
  }

  @Test
  void threeThousandSectionsAreEachKeptAndDecideAsTheCrawlersOwnReading() {
    StringBuilder text = new StringBuilder("C/private/\n");
    for (int i = 0; i < 3000; i++) {
      text.append("@bot").append(i).append('\n').append(i % 2 == 0 ? "C/" : "c/").append(i).append("/\n");
    }
    ScorpionFile file = file(text.toString());
    ScorpionSource source = new ScorpionSource(file);
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 3000; i++) {
        Query q = Query.builder().crawler("bot" + i).usage("crawl").url("/" + i + "/page").build();
        SourceVerdict v = source.decide(q, Instant.EPOCH);
        Verdict own = ScorpionCrawlerPolicy.of(file, List.of("bot" + i), Optional.empty()).decide("crawl", "/" + i + "/page").verdict();
        assertThat(v.verdict()).as("bot%d", i).isEqualTo(own).isEqualTo(i % 2 == 0 ? Verdict.PROHIBITED : Verdict.ALLOWED);
      }
      assertThat(source.viewsKept()).as("views after round %d", round).isEqualTo(3000);
    }
  }

  @Test
  void namesThatSelectAlikeShareOneView() {
    ScorpionFile file = file("C/private/\n@goodbot\nc/\n@<SEARCH>\nC/search-only/\n");
    ScorpionSource source = new ScorpionSource(file);
    for (int i = 0; i < 5000; i++) {
      Query q = Query.builder().crawler("crawler-" + i).usage("crawl").url("/x").build();
      assertThat(source.decide(q, Instant.EPOCH).verdict()).isEqualTo(Verdict.PROHIBITED);
    }
    assertThat(source.viewsKept()).isEqualTo(1);
    // lines before the first @ line come first: goodbot may not crawl /private/ either, but may crawl the rest
    Query good = Query.builder().crawler("goodbot").usage("crawl").url("/x").build();
    assertThat(source.decide(good, Instant.EPOCH).verdict()).isEqualTo(Verdict.ALLOWED);
    // a purpose names a section too, and a crawler's own section comes first when it comes first in the file
    Query search = Query.builder().crawler("crawler-1").usage("crawl").purpose("search").url("/search-only/x").build();
    assertThat(source.decide(search, Instant.EPOCH).verdict()).isEqualTo(Verdict.PROHIBITED);
    Query both = Query.builder().crawler("goodbot").usage("crawl").purpose("search").url("/search-only/x").build();
    assertThat(source.decide(both, Instant.EPOCH).verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(source.viewsKept()).isEqualTo(3);
  }
}
