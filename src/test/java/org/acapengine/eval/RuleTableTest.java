package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.acapengine.eval.match.RequestPath;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * A crawler's rule tables ({@link RuleTable}), held alone by a {@link CrawlerPolicy} or through
 * {@link CompiledPolicy}, decide as {@link BruteForceOracle} does: on generated files (5 000 in
 * each test run; {@code -Dacap.differential.policies=200000} for more) with wildcards, end
 * anchors, {@code $} inside patterns, percent escapes, non-ASCII lines, identical rules, rules
 * differing only in their verdict, nested prefixes, enough rules to be indexed, and ACAP records
 * that select some crawlers; and on chosen rows.
 */
class RuleTableTest {

  static {
    System.setProperty("jol.magicFieldOffset", "true");
  }

  private static final String[] PIECES = {
    "a", "b", "A", "/", "/", "*", "ab", "%61", "?", "=", "%2f", "c", "$", "%24", "é", "’", "aaaaaaaaab", "abababababc", "x=", "%"
  };
  private static final String[] PATH_PIECES = {"a", "b", "A", "/", "/", "?", "=", "c", "%61", "ab", "$", "%2F", "é", "aaaaaaaaaaab", "ababababababc", "x="};
  private static final String[] AGENTS = {"*", "a-bot", "b-bot", "A-Bot/1.0", "c-bot"};
  private static final List<List<String>> CRAWLERS = List.of(List.of("a-bot"), List.of("b-bot"), List.of("zz-bot"), List.of("a-bot", "c-bot"));
  private static final String[] USAGES = {"crawl", "index", "present-snippet"};

  @Test
  void decidesAsTheOracleOnGeneratedFiles() {
    int policies = Integer.getInteger("acap.differential.policies", 5_000);
    Random random = new Random(20261125);
    int indexed = 0;
    int decisions = 0;
    for (int f = 0; f < policies; f++) {
      List<String> patterns = new ArrayList<>();
      String robots = file(random, patterns);
      PolicyDocument doc = new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "g" + f + ".txt");
      CompiledPolicy whole = CompiledPolicy.compile(doc);
      BruteForceOracle oracle = new BruteForceOracle(doc, java.util.Map.of(), java.util.Set.of("crawl"));
      List<String> paths = paths(random, patterns);
      for (List<String> crawler : CRAWLERS) {
        CrawlerPolicy alone = CompiledPolicy.compile(doc).forCrawler(crawler);
        RuleTable table = alone.view().conventional;
        indexed += table != null && table.ruleCount() > 16 ? 1 : 0;
        for (String path : paths) {
          String canonical = RequestPath.of(path);
          String legacy = oracle.decideConventionalOnly(crawler, canonical);
          assertThat(BruteForceOracle.describe(alone.decideConventionalOnly(path))).as("%s\n%s legacy %s", robots, crawler, path).isEqualTo(legacy);
          assertThat(BruteForceOracle.describe(whole.decideConventionalOnly(crawler, canonical))).as("%s\n%s legacy %s", robots, crawler, path)
              .isEqualTo(legacy);
          for (String usage : USAGES) {
            Query q = Query.builder().crawlers(crawler).usage(usage).url(path).build();
            String expected = oracle.decide(q);
            Decision d = alone.decide(q);
            assertThat(BruteForceOracle.describe(d)).as("%s\n%s %s %s", robots, crawler, usage, path).isEqualTo(expected);
            assertThat(alone.decide(usage, path)).as("%s\n%s %s %s, from strings", robots, crawler, usage, path).isEqualTo(d);
            assertThat(whole.decide(q)).as("%s\n%s %s %s, the whole policy", robots, crawler, usage, path).isEqualTo(d);
            decisions++;
          }
        }
      }
    }
    // The comparison is worth something only if many tables are indexed.
    assertThat(indexed).isGreaterThan(policies / 8);
    assertThat(decisions).isGreaterThan(policies * 10);
  }

  /**
   * The conventional rules of the {@code *} group restated as ACAP fields for any crawler (the ACAP
   * specification's worked example): the ACAP table's index, which folds case, serves the
   * conventional table too, whose rules still match case-sensitively; decisions of ACAP and legacy
   * crawlers as the oracle's. Sometimes the restatement differs (a pattern in another case, a
   * rule left out): then each table keeps its own index.
   */
  @Test
  void anAcapRestatementsIndexServesTheConventionalRules() {
    Random random = new Random(20261128);
    int shared = 0;
    int apart = 0;
    int decisions = 0;
    for (int f = 0; f < 300; f++) {
      List<String> patterns = new ArrayList<>();
      for (int i = 0, n = 1 + random.nextInt(40); i < n; i++) {
        String p = pattern(random);
        patterns.add(random.nextInt(3) == 0 ? "/*" + p.substring(Math.min(1, p.length())) : p);
      }
      StringBuilder sb = new StringBuilder("User-agent: *\n");
      List<Boolean> allows = new ArrayList<>();
      for (String p : patterns) {
        allows.add(random.nextBoolean());
        sb.append(allows.get(allows.size() - 1) ? "Allow: " : "Disallow: ").append(p).append('\n');
      }
      int differs = random.nextInt(4) == 0 ? random.nextInt(patterns.size()) : -1;
      sb.append("\nACAP-crawler: *\n");
      for (int i = 0; i < patterns.size(); i++) {
        String p = patterns.get(i);
        if (i == differs && random.nextBoolean()) {
          continue;
        }
        p = i == differs ? p.toUpperCase(java.util.Locale.ROOT) : p;
        sb.append(allows.get(i) ? "ACAP-allow-crawl: " : "ACAP-disallow-crawl: ").append(p).append('\n');
      }
      String robots = sb.toString();
      PolicyDocument doc = new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "m" + f + ".txt");
      BruteForceOracle oracle = new BruteForceOracle(doc, java.util.Map.of(), java.util.Set.of("crawl"));
      CrawlerPolicy policy = CompiledPolicy.compile(doc).forCrawler(List.of("a-bot"));
      RuleTable any = policy.view().any;
      RuleTable conventional = policy.view().conventional;
      boolean sharing = any != null && conventional != null && conventional.index != null && conventional.index == any.index;
      shared += sharing ? 1 : 0;
      if (sharing) {
        assertThat(any.index.foldsCase()).isTrue();
      }
      List<String> paths = new ArrayList<>(paths(random, patterns));
      for (int i = 0, n = paths.size(); i < n; i++) {
        String p = paths.get(i);
        paths.add(random.nextBoolean() ? p.toUpperCase(java.util.Locale.ROOT) : p.toLowerCase(java.util.Locale.ROOT));
      }
      // A cache's copy, naming its file by the origin's key, keeps the index.
      CrawlerPolicy original = CompiledPolicy.compile(new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "https://example.com/robots.txt"))
          .forCrawler(List.of("a-bot"));
      CrawlerPolicy named = original.namingItsFileBy("example.com");
      if (sharing) {
        assertThat(named).isNotSameAs(original);
        assertThat(named.view().conventional.index).isSameAs(original.view().any.index).isSameAs(named.view().any.index).isNotNull();
      }
      for (String path : paths) {
        String canonical = RequestPath.of(path);
        Query q = Query.builder().crawlers(List.of("a-bot")).usage("crawl").url(path).build();
        String expected = oracle.decide(q);
        assertThat(BruteForceOracle.describe(policy.decide(q))).as("%s\n%s", robots, path).isEqualTo(expected);
        assertThat(named.decide(q).allowed()).as("%s\n%s, the copy", robots, path).isEqualTo(policy.decide(q).allowed());
        assertThat(named.decide(q).deciding()).as("%s\n%s, the copy", robots, path).hasSameSizeAs(policy.decide(q).deciding());
        assertThat(BruteForceOracle.describe(policy.decideConventionalOnly(path))).as("%s\nlegacy %s", robots, path)
            .isEqualTo(oracle.decideConventionalOnly(List.of("a-bot"), canonical));
        decisions++;
      }
      // Decided: a table that did not share has made its own index.
      apart += !sharing && conventional != null && any != null && conventional.index != null && any.index != null ? 1 : 0;
    }
    assertThat(shared).as("files whose tables share an index").isGreaterThan(60);
    assertThat(apart).as("files whose tables keep their own").isGreaterThan(10);
    assertThat(decisions).isGreaterThan(5_000);
  }

  /** A file of conventional groups, sometimes with an ACAP record (then some crawlers keep a view). */
  private static String file(Random random, List<String> patterns) {
    StringBuilder sb = new StringBuilder();
    List<String> pool = new ArrayList<>();
    for (int i = 0, n = 1 + random.nextInt(30); i < n; i++) {
      pool.add(pattern(random));
    }
    for (int g = 0, groups = 1 + random.nextInt(3); g < groups; g++) {
      for (int u = 0, agents = 1 + random.nextInt(2); u < agents; u++) {
        sb.append("User-agent: ").append(AGENTS[random.nextInt(AGENTS.length)]).append('\n');
      }
      for (int r = 0, rules = random.nextInt(random.nextInt(4) == 0 ? 60 : 12); r < rules; r++) {
        // Often a pattern of the pool: identical rules, and rules differing only in their verdict.
        String p = random.nextInt(3) == 0 ? pattern(random) : pool.get(random.nextInt(pool.size()));
        patterns.add(p);
        sb.append(random.nextBoolean() ? "Allow" : random.nextInt(6) == 0 ? "disallow" : "Disallow").append(random.nextInt(8) == 0 ? ":" : ": ").append(p);
        if (random.nextInt(8) == 0) {
          sb.append(" # note ").append(p);
        }
        sb.append('\n');
      }
      sb.append('\n');
    }
    if (random.nextInt(6) == 0) {
      sb.append("ACAP-crawler: ").append(random.nextBoolean() ? "a-bot" : "b-bot").append("\nACAP-disallow-crawl: /a\n");
    }
    return sb.toString();
  }

  private static String pattern(Random random) {
    if (random.nextInt(30) == 0) {
      return "";
    }
    StringBuilder sb = new StringBuilder("/");
    for (int i = 0, n = random.nextInt(6); i < n; i++) {
      sb.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }

  /** Random paths, and each pattern read as a path with a little more after it. */
  private static List<String> paths(Random random, List<String> patterns) {
    List<String> paths = new ArrayList<>(List.of("/", "/robots.txt"));
    for (int i = 0; i < 12; i++) {
      StringBuilder sb = new StringBuilder("/");
      for (int k = 0, n = random.nextInt(7); k < n; k++) {
        sb.append(PATH_PIECES[random.nextInt(PATH_PIECES.length)]);
      }
      paths.add(sb.toString());
    }
    for (int i = 0; i < Math.min(6, patterns.size()); i++) {
      String p = patterns.get(random.nextInt(patterns.size())).replace("*", random.nextBoolean() ? "" : "ab/").replace("$", "");
      paths.add(p.startsWith("/") ? p : "/" + p);
      paths.add((p.startsWith("/") ? p : "/" + p) + PATH_PIECES[random.nextInt(PATH_PIECES.length)]);
    }
    return paths;
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', textBlock = """
      # path                 | allowed | deciding lines
      /private/a             | false   | 3
      /private/a/open        | true    | 4
      /x/page.PDF            | true    | 0
      /x/page.pdf            | false   | 5
      /x/page.pdf?x          | true    | 0
      /cost$5                | false   | 6
      /cost%245              | false   | 6
      /twice                 | false   | 7 8
      /both                  | true    | 10
      /aaaaaaaaaaaaab/z      | false   | 11
      /caf%C3%A9             | false   | 12
      """)
  void decidesChosenRows(String path, boolean allowed, String lines) {
    String robots = """
        User-agent: *
        # line 2
        Disallow: /private/
        Allow: /private/*/open
        Disallow: /*.pdf$
        Disallow: /cost$5
        Disallow: /twice
        Disallow: /twice
        Disallow: /both
        Allow: /both
        Disallow: /*aaaaaaaaab/z
        Disallow: /café # ’
        """;
    CrawlerPolicy policy = forCrawler(robots);
    Decision d = policy.decide("crawl", path);
    assertThat(d.allowed()).isEqualTo(allowed);
    List<Integer> expected = lines.equals("0") ? List.of() : java.util.Arrays.stream(lines.split(" ")).map(Integer::valueOf).toList();
    assertThat(d.deciding()).extracting(SourceLine::line).containsExactlyElementsOf(expected);
    assertThat(d.basis()).isEqualTo(expected.isEmpty() ? Basis.DEFAULT : Basis.CONVENTIONAL_RULE);
    if (!expected.isEmpty()) {
      assertThat(d.decidingLine().text()).isEqualTo(robots.lines().toList().get(expected.get(0) - 1).strip());
    }
  }

  /**
   * Every line entry of every table reads back as the file writes it, and each rule's lines are
   * its own, each entry once: on every corpus file, and on files whose layouts are the uncommon
   * ones (a rule repeated on several lines, so its other lines follow all the first lines; a few
   * lines not written as their rules would be, so those alone keep where their text starts; an
   * ACAP field restating a rule in another case).
   */
  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("layoutFiles")
  void everyLineReadsBackAsWritten(String name, String robots) {
    PolicyDocument doc = new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), name);
    for (List<String> crawler : List.of(List.of("examplebot"), List.of("googlebot"))) {
      CrawlerView v = CompiledPolicy.compile(doc).forCrawler(crawler).view();
      for (RuleTable t : new RuleTable[] {v.named, v.any, v.conventional}) {
        if (t == null) {
          continue;
        }
        boolean[] seen = new boolean[t.lineCount()];
        for (int r = 0; r < t.ruleCount(); r++) {
          assertThat(TableLines.ruleLine(t, r, 0)).as("%s: rule %d's first line", name, r).isEqualTo(t.firstLine(r));
          for (int i = 0; i < TableLines.ruleLineCount(t, r); i++) {
            int e = TableLines.ruleLine(t, r, i);
            assertThat(seen[e]).as("%s: line entry %d twice", name, e).isFalse();
            seen[e] = true;
            if (t.firstLinesFirst()) {
              assertThat(TableLines.ruleOfLine(t, e)).isEqualTo(r);
            }
          }
        }
        if (name.startsWith("repeated") || name.startsWith("the same") && t.isAcap()) {
          // the layouts these files are for: a rule's other lines after the first lines, and the
          // few lines written otherwise keeping their starts apart
          assertThat(t.firstLinesFirst()).as(name).isTrue();
          assertThat(t.lineCount()).as(name).isGreaterThan(t.ruleCount());
          assertThat(t.lineStride()).as(name).isEqualTo(1);
          assertThat(TableLines.keptLines(t)).as(name).isPositive();
        }
        if (name.startsWith("consecutive")) {
          // lines that follow one another, one kept as written: the first line's number alone, and the kept one's text
          assertThat(t.lineStride()).as(name).isZero();
          assertThat(TableLines.keptLines(t)).as(name).isEqualTo(1);
        }
        for (int e = 0; e < seen.length; e++) {
          assertThat(seen[e]).as("%s: line entry %d of no rule", name, e).isTrue();
          SourceLine l = t.line(e);
          assertThat(l.text()).as("%s line %d", name, l.line()).isEqualTo(doc.source().line(l.line()).strip());
        }
      }
    }
  }

  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> layoutFiles() throws java.io.IOException {
    List<org.junit.jupiter.params.provider.Arguments> all = new ArrayList<>();
    String repeated = "User-agent: *\nDisallow: /a\nDisallow:/b\nallow: /c\nDisallow: /a\nDisallow: /d e\nDisallow: /b\nDisallow:  /f\n"
        + "Disallow: /g\nDisallow: /h\nDisallow: /i\nDisallow: /j\nDisallow: /a\n";
    all.add(org.junit.jupiter.params.provider.Arguments.of("repeated and non-canonical lines", repeated));
    all.add(org.junit.jupiter.params.provider.Arguments.of("the same as ACAP fields, in two cases", repeated
        + "ACAP-crawler: *\nACAP-disallow-crawl: /a\nACAP-disallow-crawl: /A\nACAP-disallow-crawl:/b\nACAP-disallow-crawl: /a\n"
        + "ACAP-allow-crawl: /d e\nACAP-disallow-crawl: /g\nACAP-disallow-crawl: /G\nACAP-disallow-crawl: /h\n"));
    all.add(org.junit.jupiter.params.provider.Arguments.of("consecutive lines, one written otherwise",
        "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow:  /c\nDisallow: /e\nDisallow: /f\n\nACAP-crawler: *\nACAP-disallow-crawl: /a\n"
            + "ACAP-disallow-crawl: /b\nACAP-disallow-crawl:  /c\nACAP-disallow-crawl: /e\nACAP-disallow-crawl: /f\n"));
    all.add(org.junit.jupiter.params.provider.Arguments.of("every line written otherwise", "User-agent: *\nDisallow:  /a\nDisallow:  /b\nDisallow: /c d\n"));
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(java.nio.file.Path.of("src/test/resources/corpus/real-robots"))) {
      for (java.nio.file.Path f : files.sorted().toList()) {
        all.add(org.junit.jupiter.params.provider.Arguments.of(f.getFileName().toString(), new String(java.nio.file.Files.readAllBytes(f), StandardCharsets.UTF_8)));
      }
    }
    return all.stream();
  }

  /**
   * Each pattern's scope rank reads back as the file's ranks give it, a byte a pattern when the
   * file has 256 ranks or fewer and an int a pattern beyond; a conventional rule restated by an
   * ACAP field (the same pattern, the same rank) yields to it either way.
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(ints = {1, 5, 255, 256, 257, 600})
  void scopeRanksReadBackAtEveryWidth(int n) {
    StringBuilder conventional = new StringBuilder("User-agent: *\n");
    StringBuilder acap = new StringBuilder("ACAP-crawler: *\n");
    for (int i = n - 1; i >= 0; i--) {
      conventional.append("Disallow: /p").append(i).append('\n');
      acap.append("ACAP-allow-crawl: /P").append(i).append('\n');
    }
    PolicyDocument doc = new RobotsTxtParser().parse((conventional + "\n" + acap).getBytes(StandardCharsets.UTF_8), "robots.txt");
    ScopeRanks ranks = ScopeRanks.of(doc, List.of());
    CrawlerPolicy policy = CompiledPolicy.compile(doc).forCrawler(List.of("examplebot"));
    for (RuleTable t : List.of(policy.view().any, policy.view().conventional)) {
      assertThat(TableText.rankCount(t)).isEqualTo(ranks.size());
      for (int p = 0; p < t.patternCount(); p++) {
        assertThat(t.rank(p)).as("pattern %s of %d", t.pattern(p), n).isEqualTo(ranks.rank(t.pattern(p)));
      }
    }
    assertThat(policy.view().any.ranks[0] < 0).as("ranks a byte each").isEqualTo(ranks.size() <= 256);
    for (int i : new int[] {0, n / 2, n - 1}) {
      Decision d = policy.decide("crawl", "/p" + i);
      assertThat(d.allowed()).as("/p%d", i).isTrue();
      assertThat(d.deciding()).extracting(SourceLine::text).containsExactly("ACAP-allow-crawl: /P" + i);
    }
  }

  /** 4 000 identical lines are one rule standing for all of them (the adversarial file). */
  @Test
  void identicalLinesAreOneRule() {
    String robots = "User-agent: *\n" + "Allow: /\n".repeat(4000) + "Disallow: /\n".repeat(4000);
    CrawlerPolicy policy = forCrawler(robots);
    assertThat(policy.view().conventional.ruleCount()).isEqualTo(2);
    Decision d = policy.decide("crawl", "/a");
    assertThat(d.allowed()).isTrue();
    assertThat(d.deciding()).hasSize(4000);
  }

  /** More rules than the table tests one by one: found through the prefix order and the segment index. */
  @Test
  void indexedRulesAreFound() {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 40; i++) {
      sb.append("Disallow: /d").append(i).append("/\n");
      sb.append("Disallow: /*?session").append(i).append("=\n");
    }
    sb.append("Disallow: /d1\nAllow: /d1/\n");
    CrawlerPolicy policy = forCrawler(sb.toString());
    assertThat(policy.view().conventional.ruleCount()).isGreaterThan(16);
    assertThat(policy.decide("crawl", "/d1/x").allowed()).isTrue(); // Allow: /d1/ ties Disallow: /d1/
    assertThat(policy.decide("crawl", "/d17/x").allowed()).isFalse();
    assertThat(policy.decide("crawl", "/d1x").allowed()).isFalse();
    assertThat(policy.decide("crawl", "/e?session33=1").decidingLine().text()).isEqualTo("Disallow: /*?session33=");
    assertThat(policy.decide("crawl", "/e?session3=1").decidingLine().text()).isEqualTo("Disallow: /*?session3=");
    assertThat(policy.decide("crawl", "/e?session=1").allowed()).isTrue();
  }

  /**
   * More than 32 rules sharing their segment key are keyed by their whole run, and decide the
   * same.
   */
  @Test
  void crowdedSegmentKeysDecideTheSame() {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i <= 32; i++) {
      sb.append("Disallow: /*").append(i).append("aaaaaaaaaaaa\n");
    }
    CrawlerPolicy policy = forCrawler(sb.toString());
    assertThat(policy.decide("crawl", "/x/7aaaaaaaaaaaa").decidingLine().line()).isEqualTo(9);
    assertThat(policy.decide("crawl", "/x/aaaaaaaaaaaa").allowed()).isTrue();
  }

  /** A conventional crawler's policy holds arrays and strings, no object per rule and nothing of the document. */
  @Test
  void holdsNoObjectPerRule() {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 100; i++) {
      sb.append("Disallow: /p").append(i).append("/*.pdf$\n");
    }
    CrawlerPolicy policy = forCrawler(sb.toString());
    policy.decide("crawl", "/p1/a.pdf");
    List<Class<?>> held = List.copyOf(GraphLayout.parseInstance(policy).getClasses());
    assertThat(held).contains(RuleTable.class)
        .doesNotContain(org.acapengine.eval.match.PathPattern.class, SourceLine.class, PolicyDocument.class, CompiledPolicy.class);
    assertThat(GraphLayout.parseInstance(policy).totalCount()).as("objects for 100 rules").isLessThan(50);
  }

  /**
   * A table of at most four patterns is matched one by one and holds no index object, whether
   * conventional, ACAP, or a conventional table's rules outside ACAP records; five patterns are
   * indexed. The decisions are the same either way (and {@link #decidesAsTheOracleOnGeneratedFiles}).
   */
  @ParameterizedTest(name = "{0} patterns")
  @org.junit.jupiter.params.provider.ValueSource(ints = {1, 4, 5})
  void fewPatternsHoldNoIndex(int n) {
    StringBuilder sb = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < n; i++) {
      sb.append("Disallow: /d").append(i).append("/\n");
    }
    sb.append("\nACAP-crawler: *\n");
    for (int i = 0; i < n; i++) {
      sb.append("ACAP-disallow-crawl: /*a").append(i).append("\n");
    }
    // b-bot's conventional rules outside its ACAP record are a subset of its table's.
    sb.append("\nUser-agent: b-bot\n");
    for (int i = 0; i < n; i++) {
      sb.append("Disallow: /e").append(i).append("/\n");
    }
    sb.append("ACAP-crawler: b-bot\nDisallow: /inside/\n");
    PolicyDocument doc = new RobotsTxtParser().parse(sb.toString().getBytes(StandardCharsets.UTF_8), "robots.txt");
    for (String bot : List.of("a-bot", "b-bot")) {
      CrawlerPolicy policy = CompiledPolicy.compile(doc).forCrawler(List.of(bot));
      int last = n - 1;
      String path = bot.equals("a-bot") ? "/d" + last + "/x" : "/e" + last + "/x";
      assertThat(policy.decide("crawl", path).allowed()).as(bot).isFalse();
      if (bot.equals("a-bot")) {
        assertThat(policy.decide("crawl", "/x/a" + last).allowed()).isFalse();
      }
      assertThat(policy.decide("crawl", "/f/").allowed()).as(bot).isTrue();
      assertThat(GraphLayout.parseInstance(policy).getClasses().contains(org.acapengine.eval.match.PatternIndex.class)).as(bot).isEqualTo(n > 4);
    }
  }

  /** Options other than the default: conventional rules that govern index too. */
  @Test
  void conventionalRulesGovernTheUsagesCompiledFor() {
    PolicyDocument doc = new RobotsTxtParser().parse("User-agent: *\nDisallow: /x\n".getBytes(StandardCharsets.UTF_8), "robots.txt");
    CompiledPolicy policy = CompiledPolicy.compile(doc, CompileOptions.defaults().withConventionalAppliesTo(java.util.Set.of("crawl", "index")));
    CrawlerPolicy alone = policy.forCrawler(List.of("a-bot"));
    assertThat(alone.decide("index", "/x").allowed()).isFalse();
    assertThat(alone.decide("preserve", "/x").allowed()).isTrue();
  }

  private static CrawlerPolicy forCrawler(String robots) {
    PolicyDocument doc = new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "robots.txt");
    return CompiledPolicy.compile(doc).forCrawler(List.of("a-bot"));
  }
}
