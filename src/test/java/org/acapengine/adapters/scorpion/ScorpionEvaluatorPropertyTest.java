package org.acapengine.adapters.scorpion;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Verdict;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The conversion proof of issue 5 through the real engine: for random crawl files, crawlers,
 * purposes and paths, the native first-match decision ({@link ScorpionCrawlerPolicy#decide}) equals
 * the decision of {@link RobotsTxtParser} + {@link CompiledPolicy} on {@link ScorpionToAcap#convert}'s
 * text, with the evaluator's {@code default} basis read as "no opinion". Every converted text
 * parses without a single diagnostic.
 *
 * <p>Prefixes are drawn without upper-case letters and without {@code %}, so the two caveats of
 * docs/adapters.md ("Case", "Percent-encoding") do not apply; paths may have upper-case letters and
 * are compared with the native decision for the lower-cased path, which is what the "Case" section
 * promises. Both caveats, and the two paths the evaluator treats specially ({@code /robots.txt},
 * a leading {@code //}), are asserted explicitly below.
 */
class ScorpionEvaluatorPropertyTest {

  /** Prefix characters: lower-case letters, every literal AcapPattern keeps, the ACAP wildcards, space and a non-ASCII letter. */
  private static final String PREFIX_ALPHABET = "ab/-._~!&'()+,;=:@?*$ \u00e9";
  /** Path characters: the same plus upper-case letters. */
  private static final String PATH_ALPHABET = PREFIX_ALPHABET + "AB";
  private static final String[] SECTION_NAMES = {"", "bot", "other", "Bot", "<SEARCH>", "<MIRROR>", "<STUDY>"};
  private static final String[] PURPOSES = {null, "search", "mirror", "study", "ai-train"};

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {101, 102, 103, 104, 105, 106, 107, 108})
  void nativeDecisionEqualsTheEvaluatorsDecisionOnTheConvertedText(long seed) {
    Random random = new Random(seed);
    Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
    int cases = 0;
    int notUnderstood = 0;
    for (int f = 0; f < 150; f++) {
      String text = randomFile(random);
      List<String> names = randomNames(random);
      Optional<String> purpose = Optional.ofNullable(PURPOSES[random.nextInt(PURPOSES.length)]);
      ScorpionFile file = new ScorpionReader().read(text.getBytes(StandardCharsets.UTF_8), "random.crawl").file();
      ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(file, names, purpose);
      String acap = ScorpionToAcap.convert(policy);
      PolicyDocument doc = new RobotsTxtParser().parse(acap, "converted.txt");
      assertThat(doc.diagnostics()).as("converted text of\n%s\n->\n%s", text, acap).isEmpty();
      CompiledPolicy engine = CompiledPolicy.compile(doc);
      notUnderstood += policy.notUnderstood().isPresent() ? 1 : 0;
      for (String path : paths(random, policy)) {
        for (String usage : List.of("crawl", "index")) {
          Verdict expected = policy.decide(usage, path.toLowerCase(Locale.ROOT)).verdict();
          Query q = Query.builder().crawlers(names.isEmpty() ? List.of("anybot") : names)
              .purpose(purpose.orElse(null)).usage(usage).url(path).build();
          Decision d = engine.decide(q);
          assertThat(verdict(d)).as("%s %s for %s/%s in\n%s\n->\n%s\n(decided by %s)", usage, path, names, purpose, text, acap, d.deciding())
              .isEqualTo(expected);
          seen.merge(expected, 1, Integer::sum);
          cases++;
        }
      }
    }
    assertThat(cases).isGreaterThan(3000);
    assertThat(seen).containsKeys(Verdict.ALLOWED, Verdict.PROHIBITED, Verdict.NO_OPINION);
    assertThat(notUnderstood).isPositive();
  }

  /** The engine's verdict in Scorpion's terms: a {@code default} decision means no field spoke. */
  static Verdict verdict(Decision d) {
    if (d.basis() == Basis.DEFAULT) {
      return Verdict.NO_OPINION;
    }
    return d.allowed() ? Verdict.ALLOWED : Verdict.PROHIBITED;
  }

  // ---- the documented caveats, asserted ------------------------------------------------------------

  /**
   * Columns: crawl file (\n for line breaks), usage, path, native verdict for the path as given,
   * engine verdict on the converted text. Each row is a documented difference.
   */
  @ParameterizedTest(name = "{0}: {2}")
  @CsvSource(delimiter = '|', value = {
      // Case (docs/adapters.md "Case"): ACAP compares case-insensitively, Scorpion bytes.
      "C/A\\nc/      | crawl | /A   | PROHIBITED | PROHIBITED",
      "C/A\\nc/      | crawl | /a   | ALLOWED    | PROHIBITED",
      "c/a\\nC/      | crawl | /A   | PROHIBITED | ALLOWED",
      "v/Private/\\ni/ | index | /private/x | ALLOWED | PROHIBITED",
      // Percent-encoding (docs/adapters.md "Percent-encoding"): a prefix is literal bytes, the engine normalises paths.
      "C/%41\\nc/    | crawl | /%41 | PROHIBITED | ALLOWED",
      "C/%41\\nc/    | crawl | /A   | ALLOWED    | ALLOWED",
      "C/%2f\\nc/    | crawl | /%2f | PROHIBITED | ALLOWED",
      // The engine lets /robots.txt be crawled whatever the fields say (RFC 9309 2.2.2).
      "C/\\n         | crawl | /robots.txt | PROHIBITED | ALLOWED",
      // A path starting with // is read by the engine as a network-path reference: its path is /.
      "C//\\nc/      | crawl | //x  | PROHIBITED | ALLOWED",
  })
  void documentedCaveats(String file, String usage, String path, Verdict nativeVerdict, Verdict engineVerdict) {
    ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(
        new ScorpionReader().read(file.strip().replace("\\n", "\n").getBytes(StandardCharsets.UTF_8), "caveat.crawl").file(),
        List.of("bot"), Optional.empty());
    assertThat(policy.decide(usage, path).verdict()).as("native").isEqualTo(nativeVerdict);
    CompiledPolicy engine = CompiledPolicy.compile(new RobotsTxtParser().parse(ScorpionToAcap.convert(policy), "converted.txt"));
    assertThat(verdict(engine.decide(Query.builder().crawler("bot").usage(usage).url(path).build()))).as("engine").isEqualTo(engineVerdict);
  }

  @Test
  void upperCasePrefixesAreFlaggedInTheConvertedText() {
    ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(
        new ScorpionReader().read("C/A\nc/a\n".getBytes(StandardCharsets.US_ASCII), "case.crawl").file(), List.of("bot"), Optional.empty());
    assertThat(ScorpionToAcap.convert(policy)).contains("# WARNING: this prefix has upper-case letters").contains("differ only by case");
  }

  // ---- generators ----------------------------------------------------------------------------------

  private static String randomFile(Random random) {
    StringBuilder b = new StringBuilder();
    int lines = random.nextInt(16);
    for (int i = 0; i < lines; i++) {
      int kind = random.nextInt(100);
      if (kind < 60) {
        b.append("cCivd".charAt(random.nextInt(5))).append(prefix(random, PREFIX_ALPHABET));
      } else if (kind < 72) {
        b.append('@').append(SECTION_NAMES[random.nextInt(SECTION_NAMES.length)]);
      } else if (kind < 80) {
        b.append("nNtPDRw".charAt(random.nextInt(7))).append(random.nextInt(1000));
      } else if (kind < 85) {
        b.append("`a comment");
      } else if (kind < 90) {
        b.append("cCiv".charAt(random.nextInt(4))).append("no-slash");
      } else if (kind < 95) {
        b.append("xq!".charAt(random.nextInt(3))).append("skipped");
      } else if (kind < 97) {
        b.append("XQ".charAt(random.nextInt(2))).append("not understood");
      }
      b.append(random.nextInt(6) == 0 ? "\r\n" : "\n");
    }
    return b.toString();
  }

  private static List<String> randomNames(Random random) {
    List<String> names = new ArrayList<>();
    for (String n : new String[] {"bot", "other"}) {
      if (random.nextBoolean()) {
        names.add(n);
      }
    }
    return names;
  }

  /** Every rule prefix (as it is, upper-cased, one character longer, one shorter) and random paths. */
  private static List<String> paths(Random random, ScorpionCrawlerPolicy policy) {
    List<String> paths = new ArrayList<>();
    List<ScorpionRule> rules = new ArrayList<>(policy.crawlRules());
    rules.addAll(policy.indexRules());
    rules.addAll(policy.dynamicRules());
    for (ScorpionRule r : rules) {
      String prefix = new String(r.prefixBytes(), StandardCharsets.UTF_8);
      paths.add(prefix);
      paths.add(prefix.toUpperCase(Locale.ROOT).replace("\u00c9", "\u00e9"));
      paths.add(prefix + PATH_ALPHABET.charAt(random.nextInt(PATH_ALPHABET.length())));
      if (prefix.length() > 1) {
        paths.add(prefix.substring(0, prefix.length() - 1));
      }
    }
    for (int i = 0; i < 12; i++) {
      paths.add(prefix(random, PATH_ALPHABET));
    }
    paths.removeIf(p -> p.startsWith("//"));
    return paths;
  }

  private static String prefix(Random random, String alphabet) {
    StringBuilder b = new StringBuilder("/");
    int n = random.nextInt(5);
    for (int i = 0; i < n; i++) {
      b.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return b.toString();
  }
}
