package org.acapengine.adapters.scorpion;

import static org.acapengine.adapters.scorpion.ScorpionTestSupport.fields;
import static org.acapengine.adapters.scorpion.ScorpionTestSupport.longestPrefixOracle;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.acapengine.adapters.scorpion.ScorpionTestSupport.Field;
import org.acapengine.model.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random crawl files × random paths: the native first-match decision equals narrowest scope over
 * the converted fields, which for plain prefixes is longest prefix wins.
 */
class ScorpionConversionPropertyTest {

  private static final String[] NAMES = {"", "bot", "other", "<SEARCH>", "<MIRROR>"};
  private static final String[] PURPOSES = {null, "search", "mirror", "study", "ai-train"};

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void nativeFirstMatchEqualsLongestPrefixOverTheConvertedFields(long seed) {
    Random random = new Random(seed);
    Map<Verdict, Integer> crawlSeen = new EnumMap<>(Verdict.class);
    Map<Verdict, Integer> indexSeen = new EnumMap<>(Verdict.class);
    int notUnderstood = 0;
    int dropped = 0;
    for (int f = 0; f < 200; f++) {
      String alphabet = "ab/A*$% \u00E9";
      String text = randomFile(random, alphabet);
      ScorpionCrawlerPolicy policy = randomCrawler(random, text);
      String acap = ScorpionToAcap.convert(policy);
      List<Field> fields = fields(acap);
      notUnderstood += policy.notUnderstood().isPresent() ? 1 : 0;
      dropped += acap.contains("# Dropped") ? 1 : 0;
      assertNoTies(fields, acap);
      for (String path : paths(random, policy, alphabet)) {
        byte[] bytes = path.getBytes(StandardCharsets.ISO_8859_1);
        Verdict crawl = policy.decideCrawl(bytes).verdict();
        Verdict index = policy.decideIndex(bytes).verdict();
        assertThat(longestPrefixOracle(fields, "crawl", bytes)).as("crawl %s in\n%s\n->\n%s", path, text, acap).isEqualTo(crawl);
        assertThat(longestPrefixOracle(fields, "index", bytes)).as("index %s in\n%s\n->\n%s", path, text, acap).isEqualTo(index);
        crawlSeen.merge(crawl, 1, Integer::sum);
        indexSeen.merge(index, 1, Integer::sum);
      }
    }
    assertThat(crawlSeen).containsKeys(Verdict.ALLOWED, Verdict.PROHIBITED);
    assertThat(indexSeen).containsKeys(Verdict.ALLOWED, Verdict.PROHIBITED, Verdict.NO_OPINION);
    assertThat(notUnderstood).isPositive();
    assertThat(dropped).isPositive();
  }

  /**
   * With no upper-case letter in any prefix, an ACAP reading that folds case on both sides (2.8)
   * gives the native decision for the lower-cased path, and no warning is written.
   */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12, 13, 14})
  void withLowerCasePrefixesACaseInsensitiveReadingEqualsTheNativeDecisionOfTheLowerCasedPath(long seed) {
    Random random = new Random(seed);
    for (int f = 0; f < 200; f++) {
      String text = randomFile(random, "ab/*$");
      ScorpionCrawlerPolicy policy = randomCrawler(random, text);
      String acap = ScorpionToAcap.convert(policy);
      assertThat(acap).doesNotContain("WARNING");
      List<Field> folded = new ArrayList<>();
      for (Field field : fields(acap)) {
        folded.add(new Field(field.allow(), field.usage(), fold(field.prefix()), field.pattern()));
      }
      for (String path : paths(random, policy, "abAB/*$")) {
        byte[] lower = path.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.ISO_8859_1);
        byte[] foldedPath = fold(path.getBytes(StandardCharsets.ISO_8859_1));
        assertThat(longestPrefixOracle(folded, "crawl", foldedPath)).isEqualTo(policy.decideCrawl(lower).verdict());
        assertThat(longestPrefixOracle(folded, "index", foldedPath)).isEqualTo(policy.decideIndex(lower).verdict());
      }
    }
  }

  private static void assertNoTies(List<Field> fields, String acap) {
    Set<String> seen = new HashSet<>();
    for (Field f : fields) {
      assertThat(seen.add(f.usage() + " " + f.pattern())).as("two fields for one pattern in\n%s", acap).isTrue();
    }
  }

  static String randomFile(Random random, String alphabet) {
    StringBuilder b = new StringBuilder();
    int lines = random.nextInt(14);
    for (int i = 0; i < lines; i++) {
      int kind = random.nextInt(100);
      if (kind < 55) {
        b.append("cCivd".charAt(random.nextInt(5))).append(prefix(random, alphabet));
      } else if (kind < 67) {
        b.append('@').append(NAMES[random.nextInt(NAMES.length)]);
      } else if (kind < 75) {
        b.append("nNtPDRw".charAt(random.nextInt(7))).append(random.nextInt(1000));
      } else if (kind < 82) {
        b.append('`').append("comment");
      } else if (kind < 88) {
        b.append("cCiv".charAt(random.nextInt(4))).append("no-slash"); // not understood
      } else if (kind < 93) {
        b.append("xq!".charAt(random.nextInt(3))).append("skippable");
      } else if (kind < 95) {
        b.append("XQ".charAt(random.nextInt(2))).append("fatal");
      } else {
        b.append(""); // empty line
      }
      b.append(random.nextInt(5) == 0 ? "\r\n" : "\n");
    }
    return b.toString();
  }

  static ScorpionCrawlerPolicy randomCrawler(Random random, String text) {
    List<String> names = new ArrayList<>();
    for (String n : new String[] {"bot", "other"}) {
      if (random.nextBoolean()) {
        names.add(n);
      }
    }
    String purpose = PURPOSES[random.nextInt(PURPOSES.length)];
    ScorpionFile file = new ScorpionReader().read(text.getBytes(StandardCharsets.ISO_8859_1), "random.crawl").file();
    return ScorpionCrawlerPolicy.of(file, names, Optional.ofNullable(purpose));
  }

  /** Random paths, plus every rule prefix, one byte shorter and one byte longer. */
  static List<String> paths(Random random, ScorpionCrawlerPolicy policy, String alphabet) {
    List<String> paths = new ArrayList<>();
    List<ScorpionRule> rules = new ArrayList<>(policy.crawlRules());
    rules.addAll(policy.indexRules());
    for (ScorpionRule r : rules) {
      paths.add(r.prefix());
      paths.add(r.prefix() + alphabet.charAt(random.nextInt(alphabet.length())));
      if (r.prefix().length() > 1) {
        paths.add(r.prefix().substring(0, r.prefix().length() - 1));
      }
    }
    for (int i = 0; i < 20; i++) {
      paths.add(prefix(random, alphabet));
    }
    return paths;
  }

  private static String prefix(Random random, String alphabet) {
    StringBuilder b = new StringBuilder("/");
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      b.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return b.toString();
  }

  private static byte[] fold(byte[] bytes) {
    byte[] out = bytes.clone();
    for (int i = 0; i < out.length; i++) {
      if (out[i] >= 'A' && out[i] <= 'Z') {
        out[i] += 32;
      }
    }
    return out;
  }
}
