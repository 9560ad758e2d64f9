package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.adapters.tdmrep.TdmRule;
import org.acapengine.bench.SourceShapes;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.DecidingLines;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;
import org.acapengine.model.Verdict;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.render.DecisionRender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ties in the sources beside robots.txt rules: many rules of one pattern are one group of the
 * pattern set, decided from what they say together (computed once), and the decision keeps their
 * lines as a count read when asked ({@link DecidingLines}), as robots.txt's ACAP ties do. The
 * figures (a decision as fast with 11 000 copies as with 1 000) are AdversarialBenchmark's; here,
 * what each source answers, and that no list of every line is made for it.
 */
class SourceTiesTest {

  private static final Query TRAIN = Query.builder().crawler("hostilebot").usage("index").purpose("train-ai").url("/some/page.html").build();

  private static ContentUsageSource contentUsage(String robots) {
    return ContentUsageSource.inRobots(CompiledPolicy.compile(new RobotsTxtParser().parse(robots, "robots.txt")));
  }

  @ParameterizedTest
  @ValueSource(ints = {1000, 11000})
  void contentUsageCopiesDecideAsOneRuleAndCountTheirLines(int copies) {
    ContentUsageSource source = contentUsage("User-agent: *\nAllow: /\n" + "Content-Usage: / train-ai=n\n".repeat(copies));
    SourceVerdict v = source.decide(TRAIN, Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(v.reason()).startsWith("Content-Usage train-ai=n: no index of the content for train-ai");
    // kept as the lines of one run, not copied line by line
    assertThat(v.evidence()).isInstanceOf(DecidingLines.class).hasSize(copies);
    assertThat(v.evidence().get(0)).isEqualTo(new SourceLine("robots.txt", 3, "Content-Usage: / train-ai=n"));
    assertThat(v.evidence().get(copies - 1).line()).isEqualTo(copies + 2);
    SiteDecision d = SiteDecision.of(List.of(v));
    assertThat(d.deciding()).isSameAs(v.evidence());
    // shown as the first lines and the count: check's JSON lists each source's first 1 000
    SiteDecision both = SiteDecision.of(List.of(v, new SourceVerdict("tdmrep", "tdmrep.json", Verdict.NO_OPINION, List.of(), "nothing")));
    String json = DecisionRender.checkJson("/some/page.html", TRAIN, both);
    assertThat(json).contains("\"decidingCount\":" + copies);
    assertThat(json.split("\"text\":\"Content-Usage: / train-ai=n\"", -1)).hasSize(Math.min(copies, 1000) + 2);
  }

  @Test
  void contentUsageTiesWithDifferentValuesCombineMostRestrictivelyAndListTheirOwnLines() {
    StringBuilder robots = new StringBuilder("User-agent: *\nAllow: /\n");
    for (int i = 0; i < 3000; i++) {
      robots.append(i % 3 == 0 ? "Content-Usage: / train-ai=n, search=y\n" : "Content-Usage: / train-ai=y\n");
    }
    robots.append("User-agent: hostilebot\nAllow: /\nContent-Usage: / search=n\nContent-Usage: /some/ train-ai=y\n");
    ContentUsageSource source = contentUsage(robots.toString());
    SourceVerdict v = source.decide(TRAIN, Instant.EPOCH);
    // hostilebot has a group of its own: its longest match /some/ decides, the * group's 3 000 lines do not reach it
    assertThat(v.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(v.evidence()).extracting(SourceLine::line).containsExactly(3006);
    Query other = Query.builder().crawler("otherbot").usage("index").purpose("train-ai").url("/some/page.html").build();
    SourceVerdict w = source.decide(other, Instant.EPOCH);
    assertThat(w.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(w.reason()).startsWith("Content-Usage train-ai=n:");
    assertThat(w.evidence()).hasSize(1000);
    assertThat(w.evidence()).extracting(SourceLine::line).startsWith(3, 6, 9).endsWith(3000);
    Query search = Query.builder().crawler("otherbot").usage("index").purpose("search").url("/some/page.html").build();
    SourceVerdict s = source.decide(search, Instant.EPOCH);
    assertThat(s.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(s.reason()).startsWith("Content-Usage search=y");
    assertThat(s.evidence()).hasSize(1000);
  }

  @Test
  void contentUsageTiesOfDistinctPatternsMergeTheirLinesInFileOrder() {
    // "/some*" and "/*page" are equally long (6) and both match; each has copies
    String robots = "User-agent: *\nAllow: /\n" + "Content-Usage: /some* train-ai=n\nContent-Usage: /*page train-ai=n\n".repeat(50)
        + "Content-Usage: /*page train-ai=y\n";
    SourceVerdict v = contentUsage(robots).decide(TRAIN, Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(Verdict.PROHIBITED);
    List<Integer> expected = new ArrayList<>();
    for (int line = 3; line < 103; line++) {
      expected.add(line);
    }
    assertThat(v.evidence()).extracting(SourceLine::line).isEqualTo(expected);
  }

  @Test
  void wildcardLinesThatDoNotReachACrawlerAreListedAsTheFirstAndACount() {
    String robots = "User-agent: *\nDisallow: /x\n" + "Content-Usage: / train-ai=n\n".repeat(3000) + "User-agent: hostilebot\nAllow: /\n";
    SourceVerdict v = contentUsage(robots).decide(TRAIN, Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(v.reason()).isEqualTo("the crawler's group has no Content-Usage rule; the Content-Usage lines of 'User-agent: *'"
        + " (lines 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 2990 more) do not reach hostilebot, which has a group of its own (line 3003;"
        + " RFC 9309 2.2.1 gives a crawler one group)");
  }

  /**
   * Decided: the longest match is by the normalised pattern's length, as for Allow/Disallow
   * (draft-ietf-aipref-attach: "the same as Allow/Disallow"; RFC 9309 2.2.2), not as written:
   * {@code /%61} is {@code /a}, two octets, shorter than {@code /ab}.
   */
  @Test
  void contentUsageLongestMatchIsByTheNormalisedPattern() {
    String robots = "User-agent: *\nAllow: /\nContent-Usage: /%61 train-ai=y\nContent-Usage: /ab train-ai=n\n";
    Query q = Query.builder().crawler("anybot").usage("index").purpose("train-ai").url("/abc").build();
    SourceVerdict v = contentUsage(robots).decide(q, Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(v.evidence()).extracting(SourceLine::line).containsExactly(4);
    // equally long once normalised: a tie, combined most restrictively
    String tie = "User-agent: *\nAllow: /\nContent-Usage: /%61b train-ai=y\nContent-Usage: /ab train-ai=n\n";
    SourceVerdict t = contentUsage(tie).decide(q, Instant.EPOCH);
    assertThat(t.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(t.evidence()).extracting(SourceLine::line).containsExactly(4);
  }

  @Test
  void rslTieReasonListsTheFirstLinesAndCountsTheRest() {
    List<RslDocument.Content> contents = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      contents.add(new RslDocument.Content("/", Optional.empty(), false, Optional.empty(), List.of(), List.of(), 2 + i));
    }
    RslSource source = new RslSource(new RslDocument("license.xml", contents, List.of()), RslSource.Licensee.UNSTATED, "--rsl");
    assertThat(source.decide(TRAIN, Instant.EPOCH).reason()).isEqualTo("<content> at line 2 has no <license>; 30 <content> match as long"
        + " (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 20 more): the most restrictive decides");
    Query crawl = Query.builder().crawler("hostilebot").usage("crawl").url("/some/page.html").build();
    assertThat(source.decide(crawl, Instant.EPOCH).reason()).endsWith("; 30 <content> match as long"
        + " (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 20 more): the most restrictive decides");
  }

  @Test
  void tdmRepCopiesOfOneLocationAreDecidedByTheFirst() {
    List<TdmRule> rules = new ArrayList<>();
    rules.add(new TdmRule("/some/*", TdmRule.Reservation.NOT_RESERVED, Optional.empty(), Span.ofLine(1, 1, 1)));
    for (int i = 2; i <= 8000; i++) {
      rules.add(new TdmRule(i % 2 == 0 ? "/" : "/some/*", TdmRule.Reservation.RESERVED, Optional.empty(), Span.ofLine(i, 1, 1)));
    }
    TdmRepSource source = new TdmRepSource(new TdmRepFile("tdmrep.json", rules, List.of()));
    SourceVerdict v = source.decide(TRAIN, Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(v.evidence()).extracting(SourceLine::line).containsExactly(1);
    Query other = Query.builder().crawler("anybot").usage("index").purpose("train-ai").url("/other").build();
    assertThat(source.decide(other, Instant.EPOCH).evidence()).extracting(SourceLine::line).containsExactly(2);
  }

  @Test
  void scorpionCopiesOfOnePrefixAreDecidedByTheFirst() {
    String file = "c/some/\n" + "C/some/\nC/\n".repeat(5000);
    ScorpionSource source = new ScorpionSource(new ScorpionReader().read(file.getBytes(StandardCharsets.ISO_8859_1), "crawl").file());
    Query crawl = Query.builder().crawler("hostilebot").usage("crawl").url("/some/page.html").build();
    SourceVerdict v = source.decide(crawl, Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(v.evidence()).extracting(SourceLine::line).containsExactly(1);
    Query other = Query.builder().crawler("hostilebot").usage("crawl").url("/other").build();
    assertThat(source.decide(other, Instant.EPOCH).evidence()).extracting(SourceLine::line).containsExactly(3);
  }

  /**
   * Content-Signal lines of one group that say the same thing are one kind, decided once: 11 000
   * copies answer as one line does, keep their lines as a count, and the reason names each pair
   * once; lines that say different things combine most restrictively, the last use level read wins.
   */
  @ParameterizedTest
  @ValueSource(ints = {1000, 11000})
  void contentSignalCopiesDecideAsOneLineAndCountTheirLines(int copies) {
    StringBuilder robots = new StringBuilder("User-agent: *\nAllow: /\n");
    for (int i = 0; i < copies; i++) {
      robots.append(i % 2 == 0 ? "Content-Signal: ai-train=no, search=yes\n" : "Content-Signal: search=yes\n");
    }
    robots.append("Content-Signal: use=reference\nContent-Signal: use=immediate\nContent-Signal: use=reference\n");
    ContentSignalSource source = new ContentSignalSource(CompiledPolicy.compile(new RobotsTxtParser().parse(robots.toString(), "robots.txt")));
    SourceVerdict train = source.decide(TRAIN, Instant.EPOCH);
    assertThat(train.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(train.reason()).isEqualTo("Content-Signal ai-train=no in the crawler's group: no index of the content for train-ai (crawling stays with Allow/Disallow)");
    assertThat(train.evidence()).isInstanceOf(DecidingLines.class).hasSize(copies / 2);
    assertThat(train.evidence()).extracting(SourceLine::line).startsWith(3, 5, 7).endsWith(copies + 1);
    Query search = Query.builder().crawler("hostilebot").usage("index").purpose("search").url("/some/page.html").build();
    SourceVerdict allowed = source.decide(search, Instant.EPOCH);
    assertThat(allowed.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(allowed.reason()).isEqualTo("Content-Signal search=yes in the crawler's group");
    assertThat(allowed.evidence()).hasSize(copies).extracting(SourceLine::line).startsWith(3, 4, 5).endsWith(copies + 2);
    // the use levels: lines copies+3 and copies+5 say reference, copies+4 immediate; the last read (reference) names the level
    Query present = Query.builder().crawler("hostilebot").usage("present-original").purpose("ai-input").url("/some/page.html").build();
    SourceVerdict use = source.decide(present, Instant.EPOCH);
    assertThat(use.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(use.reason()).startsWith("Content-Signal use=reference: ");
    assertThat(use.evidence()).extracting(SourceLine::line).containsExactly(copies + 3, copies + 4, copies + 5);
  }

  /** AdversarialBenchmark's tie shapes: read whole, and answered as their rules say together. */
  @ParameterizedTest
  @ValueSource(strings = {"content-usage-ties-1000", "content-usage-ties-11000", "content-usage-mixed-1000", "content-usage-mixed-11000",
      "tdmrep-ties-1000", "tdmrep-ties-10000", "rsl-ties-1000", "rsl-ties-7000", "scorpion-ties-1000", "scorpion-ties-11000",
      "content-signal-ties-1000", "content-signal-ties-11000"})
  void theBenchmarksTieShapesDecideAsTheirRulesSayTogether(String name) {
    SourceShapes.Shape shape = SourceShapes.of(name);
    assertThat(shape.read()).as("rules the source holds").isEqualTo(shape.patterns());
    assertThat(shape.fileBytes()).isLessThanOrEqualTo(500 * 1024);
    SourceVerdict v = shape.decide();
    assertThat(v.verdict()).isEqualTo(Verdict.PROHIBITED);
    int n = shape.patterns();
    if (name.startsWith("content-signal")) {
      assertThat(v.evidence()).isInstanceOf(DecidingLines.class).hasSize(n / 2);
      assertThat(v.evidence().get(0).line()).isEqualTo(3);
    } else if (name.startsWith("content-usage")) {
      assertThat(v.evidence()).isInstanceOf(DecidingLines.class).hasSize(name.contains("mixed") ? (n + 1) / 2 : n);
      assertThat(v.evidence().get(0).line()).isEqualTo(3);
    } else if (name.startsWith("rsl")) {
      assertThat(v.evidence()).extracting(SourceLine::text).containsExactly("<prohibits type=\"usage\">ai-all</prohibits>");
      assertThat(v.reason()).endsWith("; " + n + " <content> match as long (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and " + (n - 10)
          + " more): the most restrictive decides");
    } else {
      assertThat(v.evidence()).hasSize(1);
      assertThat(v.evidence().get(0).line()).isEqualTo(2);
    }
  }
}
