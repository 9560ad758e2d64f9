package org.acapengine.adapters.scorpion;

import static org.acapengine.adapters.scorpion.ScorpionTestSupport.file;
import static org.acapengine.adapters.scorpion.ScorpionTestSupport.policy;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;
import org.acapengine.model.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ScorpionCrawlerPolicyTest {

  private static final String SECTIONS = String.join("\n",
      "c/global", // 1
      "@alpha", // 2
      "c/alpha", // 3
      "@beta", // 4
      "c/beta", // 5
      "@alpha", // 6
      "c/alpha2", // 7
      "@", // 8
      "c/default", // 9
      "@<SEARCH>", // 10
      "c/search", // 11
      "");

  @ParameterizedTest(name = "names [{0}] purpose {1}: lines {2}")
  @CsvSource(delimiter = '|', value = {
      "alpha||1 3",
      "beta||1 5",
      "gamma||1 9",
      "gamma|search|1 9",
      "beta alpha||1 3",
      "Alpha||1 9",
      "||1 9",
  })
  void effectiveLinesAreThePreambleAndTheFirstMatchingSection(String names, String purpose, String lines) {
    List<String> nameList = names == null ? List.of() : Arrays.asList(names.split(" "));
    ScorpionCrawlerPolicy p = ScorpionCrawlerPolicy.of(file(SECTIONS), nameList, Optional.ofNullable(purpose));
    assertThat(p.effectiveLines().stream().map(l -> String.valueOf(l.number())).collect(Collectors.joining(" ")))
        .isEqualTo(lines);
  }

  @ParameterizedTest(name = "purpose {0} reads section {1}")
  @CsvSource(delimiter = '|', value = {
      "mirror|/m", "search|/s", "study|/t", "MIRROR|/m", " Search |/s", "archive|", "ai-train|", "|",
  })
  void queryPurposesGiveTheCrawlerAPurposeName(String purpose, String allowedPath) {
    ScorpionFile f = file("@<MIRROR>\nc/m\n@<SEARCH>\nc/s\n@<STUDY>\nc/t\n");
    ScorpionCrawlerPolicy p = ScorpionCrawlerPolicy.of(f, List.of("bot"), Optional.ofNullable(purpose));
    for (String path : List.of("/m", "/s", "/t")) {
      Verdict expected = path.equals(allowedPath) ? Verdict.ALLOWED : Verdict.PROHIBITED;
      assertThat(p.decideCrawl(path).verdict()).as(path).isEqualTo(expected);
    }
  }

  @Test
  void aCrawlerAlwaysHasTheEmptyNameAndNoDuplicates() {
    ScorpionCrawler c = ScorpionCrawler.of(List.of("bot", "bot", ""), Optional.of("search"));
    assertThat(c.names()).containsExactly("bot", "", "<SEARCH>");
  }

  @ParameterizedTest(name = "{0} {1}: {2} by line {3}")
  @CsvSource(delimiter = '|', value = {
      "crawl|/private/x|PROHIBITED|1",
      "crawl|/private/public/x|PROHIBITED|1",
      "crawl|/pub|ALLOWED|3",
      "crawl|/public/x|ALLOWED|3",
      "crawl|/priv|PROHIBITED|4",
      "crawl|/|PROHIBITED|4",
      "crawl|/other|PROHIBITED|4",
      "index|/drafts/x|PROHIBITED|5",
      "index|/draft|ALLOWED|6",
      "index|/x|ALLOWED|6",
      "preserve|/x|NO_OPINION|",
      "follow|/x|NO_OPINION|",
      "CRAWL|/pub|ALLOWED|3",
  })
  void theFirstMatchingRuleOfTheCategoryDecides(String usage, String path, Verdict verdict, Integer line) {
    ScorpionCrawlerPolicy p = policy("C/private/\nc/private/public/\nc/pub\nC/\nv/drafts/\ni/\n", "bot");
    ScorpionDecision d = p.decide(usage, path);
    assertThat(d.verdict()).isEqualTo(verdict);
    assertThat(d.rule().map(ScorpionRule::line)).isEqualTo(Optional.ofNullable(line));
  }

  @Test
  void withoutAMatchingCrawlRuleTheImplicitFinalDisallowApplies() {
    ScorpionDecision d = policy("c/a\n", "bot").decideCrawl("/b");
    assertThat(d.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(d.rule()).contains(ScorpionRule.IMPLICIT_DISALLOW);
    assertThat(d.reason()).contains("implicit");
    assertThat(policy("", "bot").decideCrawl("/").verdict()).isEqualTo(Verdict.PROHIBITED);
  }

  @Test
  void indexSuggestionsHaveNoDefault() {
    ScorpionDecision d = policy("c/\nv/drafts/\n", "bot").decideIndex("/x");
    assertThat(d.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.rule()).isEmpty();
  }

  @Test
  void firstMatchIsPerCategory() {
    ScorpionCrawlerPolicy p = policy("i/a\nC/\nc/a\nd/a\n", "bot");
    assertThat(p.decideCrawl("/a").verdict()).as("C/ is the first crawl rule, not i/a").isEqualTo(Verdict.PROHIBITED);
    assertThat(p.decideIndex("/a").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(p.decideCrawl("/a").dynamic().map(ScorpionRule::line)).contains(4);
  }

  @Test
  void dynamicPrefixesAreCarriedInEveryDecision() {
    ScorpionCrawlerPolicy p = policy("d/cgi/\nc/\n", "bot");
    assertThat(p.decideCrawl("/cgi/run").isDynamic()).isTrue();
    assertThat(p.decide("preserve", "/cgi/run").isDynamic()).isTrue();
    assertThat(p.decideCrawl("/static").isDynamic()).isFalse();
  }

  @Test
  void matchingIsByteWiseAndCaseSensitive() {
    assertThat(policy("c/A\n", "bot").decideCrawl("/a").verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(policy("c/A\n", "bot").decideCrawl("/A").verdict()).isEqualTo(Verdict.ALLOWED);
    ScorpionCrawlerPolicy utf8 = policy("c/caf\u00C3\u00A9\n", "bot");
    assertThat(utf8.decideCrawl("/café/menu").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(utf8.decideCrawl("/caf%C3%A9").verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(policy("c/a*b\n", "bot").decideCrawl("/axb").verdict()).as("* is a literal byte").isEqualTo(Verdict.PROHIBITED);
  }

  static Stream<Arguments> bit5Rows() {
    return Stream.of(
        Arguments.of("strictbot", true, List.of("scorpion-not-understood")),
        Arguments.of("lenientbot", false, List.of("scorpion-skipped-line")),
        Arguments.of("otherbot", false, List.of()));
  }

  @ParameterizedTest(name = "{0}: not understood {1}")
  @MethodSource("bit5Rows")
  void unknownCommandsFollowTheBit5Rule(String name, boolean notUnderstood, List<String> codes) {
    ScorpionFile f = new ScorpionReader().read(ScorpionTestSupport.resource("unknown-commands.crawl"), "u").file();
    ScorpionCrawlerPolicy p = ScorpionCrawlerPolicy.of(f, List.of(name), Optional.empty());
    assertThat(p.notUnderstood().isPresent()).isEqualTo(notUnderstood);
    assertThat(p.diagnostics()).extracting(Diagnostic::code).isEqualTo(codes);
    ScorpionDecision d = p.decideCrawl("/public/x");
    if (notUnderstood) {
      assertThat(d.verdict()).isEqualTo(Verdict.PROHIBITED);
      assertThat(d.reason()).contains("not understood").contains("line 3").contains("'X'");
      assertThat(p.decideIndex("/public/x").verdict()).isEqualTo(Verdict.NO_OPINION);
      assertThat(p.diagnostics().get(0).severity()).isEqualTo(Severity.ERROR);
    } else {
      assertThat(d.verdict()).isEqualTo(Verdict.ALLOWED);
    }
  }

  @ParameterizedTest(name = "''{0}'' -> not understood {1}")
  @CsvSource(delimiter = '|', value = {
      "Cprivate|true|scorpion-not-understood",
      "C|true|scorpion-not-understood",
      "cprivate|false|scorpion-skipped-line",
      "Nmany|true|scorpion-not-understood",
      "D-1|true|scorpion-not-understood",
      "P|true|scorpion-not-understood",
      "R1.5|true|scorpion-not-understood",
      "nmany|false|scorpion-skipped-line",
      "w1h|false|scorpion-skipped-line",
      "v|false|scorpion-skipped-line",
      "aarchive.tar|false|scorpion-skipped-line",
      "`fine|false|",
  })
  void malformedParametersMakeALineNotUnderstood(String line, boolean notUnderstood, String code) {
    ScorpionCrawlerPolicy p = policy("c/ok\n" + line + "\n", "bot");
    assertThat(p.notUnderstood().isPresent()).isEqualTo(notUnderstood);
    assertThat(p.diagnostics()).extracting(Diagnostic::code).isEqualTo(code == null ? List.of() : List.of(code));
    assertThat(p.decideCrawl("/ok").verdict()).isEqualTo(notUnderstood ? Verdict.PROHIBITED : Verdict.ALLOWED);
  }

  @Test
  void aNulCommandByteHasBit5ClearAndMakesTheFileNotUnderstood() {
    ScorpionCrawlerPolicy p = policy("c/ok\n\u0000x\n", "bot");
    assertThat(p.notUnderstood()).isPresent();
    assertThat(p.notUnderstood().get().reason()).contains("0x00");
  }

  @Test
  void ineffectiveLinesAreIgnoredEvenWhenNotUnderstood() {
    ScorpionCrawlerPolicy p = policy("c/\n@other\nXbad\nCbad\n\n", "bot");
    assertThat(p.notUnderstood()).isEmpty();
    assertThat(p.diagnostics()).isEmpty();
  }

  @Test
  void emptyEffectiveLinesAreIgnoredWithAnInfo() {
    ScorpionCrawlerPolicy p = policy("c/\n\nC/x\n", "bot");
    assertThat(p.notUnderstood()).isEmpty();
    assertThat(p.diagnostics()).extracting(d -> d.code() + "@" + d.span().line()).containsExactly("scorpion-empty-line@2");
    assertThat(p.decideCrawl("/x").verdict()).isEqualTo(Verdict.ALLOWED);
  }

  @Test
  void prefixesWithWhiteSpaceAreComparedLiterallyWithAWarning() {
    ScorpionCrawlerPolicy p = policy("C/private \nc/\n", "bot");
    assertThat(p.diagnostics()).extracting(Diagnostic::code).containsExactly("scorpion-prefix-whitespace");
    assertThat(p.decideCrawl("/private/x").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(p.decideCrawl("/private x").verdict()).isEqualTo(Verdict.PROHIBITED);
  }

  static Stream<Arguments> numberRows() {
    return Stream.of(
        Arguments.of("N1000", (Function<CrawlHints, Optional<? extends Hint<?>>>) CrawlHints::maxFiles, 1000L),
        Arguments.of("P2", (Function<CrawlHints, Optional<? extends Hint<?>>>) CrawlHints::maxParallelDownloads, 2L),
        Arguments.of("D10", (Function<CrawlHints, Optional<? extends Hint<?>>>) CrawlHints::minDelay, Duration.ofSeconds(10)),
        Arguments.of("R604800", (Function<CrawlHints, Optional<? extends Hint<?>>>) CrawlHints::revisitInterval, Duration.ofDays(7)),
        Arguments.of("w86400", (Function<CrawlHints, Optional<? extends Hint<?>>>) CrawlHints::policyRefetchInterval, Duration.ofDays(1)),
        Arguments.of("D99999999999999999999", (Function<CrawlHints, Optional<? extends Hint<?>>>) CrawlHints::minDelay,
            Duration.ofSeconds(Long.MAX_VALUE)));
  }

  @ParameterizedTest(name = "{0} -> {2}")
  @MethodSource("numberRows")
  void numbersBecomeCrawlHintsWithTheirLine(String line, Function<CrawlHints, Optional<? extends Hint<?>>> kind, Object value) {
    ScorpionCrawlerPolicy p = policy("`hints\n" + line + "\nc/\n", "bot");
    Hint<?> hint = kind.apply(p.hints()).orElseThrow();
    assertThat(hint.value()).isEqualTo(value);
    assertThat(hint.source().line()).isEqualTo(2);
    assertThat(hint.source().text()).isEqualTo(line);
    assertThat(hint.source().source()).isEqualTo("test.crawl");
  }

  @Test
  void estimatesAreKeptApartFromHints() {
    ScorpionCrawlerPolicy p = policy("n20000\nt123456789\n", "bot");
    assertThat(p.estimates().files()).contains(20000L);
    assertThat(p.estimates().totalSize()).contains(123456789L);
    assertThat(p.hints().isEmpty()).isTrue();
  }

  @Test
  void theFirstOfARepeatedNumberIsUsed() {
    ScorpionCrawlerPolicy p = policy("D5\nD10\n", "bot");
    assertThat(p.hints().minDelay().map(Hint::value)).contains(Duration.ofSeconds(5));
    assertThat(p.diagnostics()).extracting(d -> d.code() + "@" + d.span().line()).containsExactly("scorpion-repeated-number@2");
  }

  @Test
  void theExampleFileForEachKindOfCrawler() {
    ScorpionFile f = new ScorpionReader().read(ScorpionTestSupport.resource("example.crawl"), "example.crawl").file();
    ScorpionCrawlerPolicy mirror = ScorpionCrawlerPolicy.of(f, List.of("mirrorbot"), Optional.of("mirror"));
    assertThat(mirror.decideCrawl("/big/file").verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(mirror.decideCrawl("/private/x").verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(mirror.decideCrawl("/cgi-bin/x").isDynamic()).isTrue();
    assertThat(mirror.hints().maxFiles().map(Hint::value)).contains(1000L);
    assertThat(mirror.hints().policyRefetchInterval().map(h -> h.source().line())).contains(2);
    assertThat(mirror.estimates().files()).contains(20000L);

    ScorpionCrawlerPolicy search = ScorpionCrawlerPolicy.of(f, List.of("searchbot"), Optional.of("search"));
    assertThat(search.decideCrawl("/drafts/x").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(search.decideIndex("/drafts/x").verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(search.decideIndex("/news").verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(search.hints().minDelay().map(Hint::value)).contains(Duration.ofSeconds(5));

    ScorpionCrawlerPolicy named = ScorpionCrawlerPolicy.of(f, List.of("examplebot"), Optional.of("search"));
    assertThat(named.decideCrawl("/public/x").verdict()).as("@<SEARCH> comes first").isEqualTo(Verdict.ALLOWED);
    ScorpionCrawlerPolicy namedOnly = ScorpionCrawlerPolicy.of(f, List.of("examplebot"), Optional.empty());
    assertThat(namedOnly.decideCrawl("/public/x").verdict()).isEqualTo(Verdict.PROHIBITED);

    ScorpionCrawlerPolicy anyone = ScorpionCrawlerPolicy.of(f, List.of("somebot"), Optional.empty());
    assertThat(anyone.decideCrawl("/public/x").verdict()).as("the @ section for the empty name").isEqualTo(Verdict.ALLOWED);
    assertThat(anyone.decideCrawl("/elsewhere").verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(anyone.diagnostics()).isEmpty();
  }
}
