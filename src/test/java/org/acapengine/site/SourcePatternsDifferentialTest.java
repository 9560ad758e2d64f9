package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.acapengine.adapters.aipref.ContentUsageRule;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.scorpion.ScorpionRule;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.adapters.tdmrep.TdmRule;
import org.acapengine.bench.SourceShapes;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.Purpose;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;
import org.acapengine.model.Verdict;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sources beside robots.txt rules match their path patterns through the one pattern index
 * (eval.match.PathPatternSet) and choose what a naive scan of every pattern chose before (issue 26,
 * item 2): Content-Usage's longest match by the pattern as written with ties combined in file order,
 * TDMRep's first matching location, RSL's longest {@code <content url>} with ties, Scorpion's first
 * prefix per category. Generated files and paths, some long enough that a decision's searches go to
 * the path's index; and the hostile shapes of {@code AdversarialBenchmark}, read whole.
 */
class SourcePatternsDifferentialTest {

  private static final String[] PIECES = {"a", "b", "ab", "A", "%61", "*", "*", "/", "$", "x", "aaaaaaaab", "?q="};

  @Test
  void contentUsageChoosesAsTheNaiveScan() {
    Random random = new Random(261);
    int decided = 0;
    for (int round = 0; round < 300; round++) {
      StringBuilder robots = new StringBuilder();
      for (int g = 0, groups = 1 + random.nextInt(3); g < groups; g++) {
        robots.append("User-agent: ").append(List.of("*", "hostilebot", "other").get(random.nextInt(3))).append('\n');
        if (random.nextInt(4) == 0) {
          robots.append("Disallow: /x\n");
        }
        for (int i = 0, n = random.nextInt(random.nextBoolean() ? 8 : 60); i < n; i++) {
          String prefs = List.of("train-ai=n", "train-ai=y", "search=n", "train-ai=y, search=n", "bots=n").get(random.nextInt(5));
          robots.append("Content-Usage: ").append(random.nextInt(6) == 0 ? "" : pattern(random) + " ").append(prefs).append('\n');
        }
      }
      CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(robots.toString(), "robots.txt"));
      ContentUsageSource source = ContentUsageSource.inRobots(policy);
      for (int q = 0; q < 8; q++) {
        Query query = Query.builder().crawler("hostilebot").usage("index").purpose(random.nextBoolean() ? "train-ai" : "search")
            .url(path(random, round % 10 == 0 ? 3000 : 20)).build();
        SourceVerdict v = source.decide(query, Instant.EPOCH);
        List<Integer> expected = naiveContentUsage(policy, query);
        assertThat(lines(v)).as("%s\n%s", robots, query.path()).isEqualTo(expected.subList(1, expected.size()));
        assertThat(v.verdict().ordinal()).as("%s\n%s", robots, query.path()).isEqualTo(expected.get(0));
        decided += v.verdict() == Verdict.NO_OPINION ? 0 : 1;
      }
    }
    assertThat(decided).as("decisions with a verdict").isGreaterThan(500);
  }

  /** The verdict's ordinal, then the deciding lines: the scan ContentUsageSource made before the pattern index. */
  private static List<Integer> naiveContentUsage(CompiledPolicy policy, Query query) {
    List<ConventionalGroup> selected = policy.selectedGroups(query.crawlers());
    List<ExtensionField> candidates = new ArrayList<>();
    for (ConventionalGroup g : policy.document().conventionalGroups()) {
      if (selected.contains(g)) {
        g.fields().stream().filter(f -> f.key().equals("content-usage")).forEach(candidates::add);
      }
    }
    List<Integer> out = new ArrayList<>(List.of(Verdict.NO_OPINION.ordinal()));
    Query crawl = Query.builder().crawlers(query.crawlers()).usage("crawl").url(query.path()).build();
    if (candidates.isEmpty() || !policy.decide(crawl).allowed()) {
      return out;
    }
    int longest = -1;
    List<ExtensionField> best = new ArrayList<>();
    for (ExtensionField f : candidates) {
      // RFC 9309's length, the normalised pattern's, as Allow/Disallow (docs/formats.md); before, the written one.
      PathPattern pattern = PathPattern.compile(ContentUsageRule.parse(f.value()).path().orElse("/"), false);
      if (pattern.matches(query.path()) && pattern.length() >= longest) {
        if (pattern.length() > longest) {
          best.clear();
          longest = pattern.length();
        }
        best.add(f);
      }
    }
    Purpose purpose = Purpose.of(query.purpose()).orElseThrow();
    Verdict verdict = Verdict.NO_OPINION;
    for (ExtensionField f : best) {
      Verdict v = ContentUsageRule.parse(f.value()).preferences().verdict(purpose);
      if (v != Verdict.NO_OPINION) {
        Verdict combined = Verdict.stricter(verdict, v);
        if (combined != verdict) {
          out.subList(1, out.size()).clear();
        }
        verdict = combined;
        if (v == verdict) {
          out.add(f.span().line());
        }
      }
    }
    out.set(0, verdict.ordinal());
    return out;
  }

  @Test
  void tdmRepChoosesTheFirstMatchingLocation() {
    Random random = new Random(262);
    int matched = 0;
    for (int round = 0; round < 300; round++) {
      List<TdmRule> rules = new ArrayList<>();
      for (int i = 0, n = random.nextInt(random.nextBoolean() ? 6 : 200); i < n; i++) {
        rules.add(new TdmRule(pattern(random), TdmRule.Reservation.RESERVED, Optional.empty(), Span.ofLine(i + 1, 1, 1)));
      }
      TdmRepFile file = new TdmRepFile("tdmrep.json", rules, List.of());
      TdmRepSource source = new TdmRepSource(file);
      for (int q = 0; q < 8; q++) {
        Query query = Query.builder().crawler("anybot").usage("index").purpose("train-ai").url(path(random, round % 10 == 0 ? 3000 : 20)).build();
        Optional<TdmRule> expected = file.ruleFor(query.path(), (location, path) -> PathPattern.compile(location, false).matches(path));
        assertThat(lines(source.decide(query, Instant.EPOCH))).as("%s on %s", rules, query.path())
            .isEqualTo(expected.map(r -> List.of(r.span().line())).orElse(List.of()));
        matched += expected.isPresent() ? 1 : 0;
      }
    }
    assertThat(matched).isGreaterThan(500);
  }

  @Test
  void rslChoosesTheLongestContentUrlsWithTheirTies() {
    Random random = new Random(263);
    int ties = 0;
    for (int round = 0; round < 300; round++) {
      List<RslDocument.Content> contents = new ArrayList<>();
      for (int i = 0, n = random.nextInt(random.nextBoolean() ? 6 : 150); i < n; i++) {
        String url = random.nextInt(8) == 0 ? "https://example.com" + pattern(random) : pattern(random);
        contents.add(new RslDocument.Content(url, Optional.empty(), false, Optional.empty(), List.of(), List.of(), i + 1));
      }
      RslSource source = new RslSource(new RslDocument("license.xml", contents, List.of()), RslSource.Licensee.UNSTATED, "--rsl");
      for (int q = 0; q < 8; q++) {
        Query query = Query.builder().crawler("anybot").usage("index").purpose("train-ai").url(path(random, round % 10 == 0 ? 3000 : 20)).build();
        int longest = -1;
        List<Integer> best = new ArrayList<>();
        for (RslDocument.Content c : contents) {
          PathPattern p = PathPattern.compile(RslSource.pattern(c.url()).orElseThrow(), false);
          if (p.matches(query.path()) && p.length() >= longest) {
            if (p.length() > longest) {
              best.clear();
              longest = p.length();
            }
            best.add(c.line());
          }
        }
        String reason = source.decide(query, Instant.EPOCH).reason();
        String expected = best.isEmpty() ? (contents.isEmpty() ? "the licence covers nothing" : "no <content url> of the licence matches the path")
            : "<content> at line " + best.get(0) + " has no <license>" + (best.size() == 1 ? ""
                : "; " + best.size() + " <content> match as long (lines "
                    + String.join(", ", best.subList(0, Math.min(best.size(), 10)).stream().map(String::valueOf).toList())
                    + (best.size() > 10 ? " and " + (best.size() - 10) + " more" : "") + "): the most restrictive decides");
        assertThat(reason).as("%s on %s", contents, query.path()).isEqualTo(expected);
        ties += best.size() > 1 ? 1 : 0;
      }
    }
    assertThat(ties).isGreaterThan(100);
  }

  @Test
  void scorpionChoosesTheFirstPrefixOfEachCategory() {
    Random random = new Random(264);
    String alphabet = "ab/*$%\u00e9";
    int matched = 0;
    for (int round = 0; round < 300; round++) {
      StringBuilder file = new StringBuilder();
      for (int i = 0, n = random.nextInt(random.nextBoolean() ? 6 : 120); i < n; i++) {
        file.append("cCivd".charAt(random.nextInt(5))).append('/').append(word(random, alphabet, random.nextInt(5))).append('\n');
      }
      ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(new ScorpionReader().read(file.toString().getBytes(StandardCharsets.ISO_8859_1), "crawl")
          .file(), List.of("anybot"), Optional.empty());
      for (int q = 0; q < 8; q++) {
        byte[] path = ("/" + word(random, alphabet, random.nextInt(round % 10 == 0 ? 3000 : 8))).getBytes(StandardCharsets.ISO_8859_1);
        assertThat(policy.decide("crawl", path).rule()).as("%s on %s", file, new String(path, StandardCharsets.ISO_8859_1))
            .isEqualTo(Optional.of(naiveFirst(policy.crawlRules(), path).orElse(ScorpionRule.IMPLICIT_DISALLOW)));
        assertThat(policy.decide("index", path).rule()).isEqualTo(naiveFirst(policy.indexRules(), path));
        assertThat(policy.dynamic(path)).isEqualTo(naiveFirst(policy.dynamicRules(), path));
        matched += naiveFirst(policy.crawlRules(), path).isPresent() ? 1 : 0;
      }
    }
    assertThat(matched).isGreaterThan(300);
  }

  private static Optional<ScorpionRule> naiveFirst(List<ScorpionRule> rules, byte[] path) {
    return rules.stream().filter(r -> r.matches(path)).findFirst();
  }

  @ParameterizedTest
  @ValueSource(strings = {"content-usage", "tdmrep", "rsl", "scorpion"})
  void theHostileShapesAreReadWholeAndDecideAsTheNaiveScan(String name) {
    SourceShapes.Shape shape = SourceShapes.of(name);
    assertThat(shape.fileBytes()).isLessThanOrEqualTo(500 * 1024).isGreaterThan(490 * 1024);
    assertThat(shape.read()).as("patterns the source holds").isEqualTo(shape.patterns()).isGreaterThan(4000);
    // No N occurs in the path: no pattern matches (Scorpion: no prefix, so the implicit C/).
    SourceVerdict v = shape.decide();
    switch (name) {
      case "content-usage" -> assertThat(v.reason()).isEqualTo("no Content-Usage rule for the path states a preference for train-ai");
      case "tdmrep" -> assertThat(v.reason()).isEqualTo("no tdmrep.json rule's location matches the path");
      case "rsl" -> assertThat(v.reason()).isEqualTo("no <content url> of the licence matches the path");
      default -> assertThat(v.evidence()).extracting(SourceLine::text).containsExactly("(the implicit final C/)");
    }
  }

  private static List<Integer> lines(SourceVerdict v) {
    return v.evidence().stream().map(SourceLine::line).toList();
  }

  private static String pattern(Random random) {
    StringBuilder sb = new StringBuilder("/");
    for (int k = 0, m = random.nextInt(4); k < m; k++) {
      sb.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }

  private static String path(Random random, int length) {
    return "/" + word(random, "aaab/Ax?q=", random.nextInt(length + 1));
  }

  private static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
