package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A pattern matched through an indexed {@link PathSearch} answers as it does searching the path
 * directly, and a decision's searches switch to the index only once they have read the path
 * {@value PathSearch#BUDGET_FACTOR} times over, and {@value PathSearch#BUDGET_BASE} characters
 * more.
 */
class PathSearchTest {

  @ParameterizedTest(name = "pattern alphabet {0}, path alphabet {1}")
  @CsvSource({"aab*, aAab", "ab**$, ab", "a*b*c$, abcC", "a%*b/, a%b/2F", "z*aaaaaaaaab*, zab"})
  void indexedMatchingAgreesWithDirectMatching(String patternAlphabet, String pathAlphabet) {
    Random random = new Random(patternAlphabet.hashCode() ^ pathAlphabet.hashCode());
    int wildcardPatterns = 0;
    for (int round = 0; round < 20_000; round++) {
      String pattern = "/" + random(random, patternAlphabet, random.nextInt(30)) + (random.nextInt(4) == 0 ? "$" : "");
      String path = "/" + random(random, pathAlphabet, random.nextInt(120));
      boolean caseInsensitive = random.nextBoolean();
      PathPattern p = PathPattern.compile(pattern, caseInsensitive);
      PathSearch indexed = PathSearch.indexedFromTheStart(path);
      assertThat(p.matches(path, indexed)).as("pattern %s path %s ci %s", pattern, path, caseInsensitive)
          .isEqualTo(p.matches(path));
      int start = random.nextInt(path.length() + 2) - 1;
      assertThat(p.headFitsBefore(path, start, indexed)).as("head of %s before %d in %s ci %s", pattern, start, path, caseInsensitive)
          .isEqualTo(p.headFitsBefore(path, start, null));
      if (p.hasWildcard()) {
        wildcardPatterns++;
      }
    }
    assertThat(wildcardPatterns).isGreaterThan(5_000);
  }

  @Test
  void searchesGoToTheIndexOnlyOnceTheyHaveReadThePathOftenEnough() {
    String path = "/" + "a".repeat(999);
    PathSearch search = new PathSearch().reset(path);
    PathPattern missing = PathPattern.compile("/*aaaa*b", false);
    int budget = PathSearch.BUDGET_FACTOR * path.length() + PathSearch.BUDGET_BASE;
    int matched = 0;
    while (search.index(false) == null) {
      assertThat(missing.matches(path, search)).isFalse();
      matched++;
    }
    // Each match reads the whole path once (the 'b' is never found).
    assertThat(matched).isBetween(budget / path.length(), budget / path.length() + 1);
    assertThat(missing.matches(path, search)).isFalse();
    assertThat(PathPattern.compile("/*aaaa*a$", false).matches(path, search)).isTrue();
    assertThat(search.index(true)).as("the case-insensitive index is built when first asked for").isNotNull();

    search.reset("/b");
    assertThat(search.index(false)).as("a new path starts with direct searches").isNull();
  }

  @Test
  void aSearchResetForAnotherPathIsNotUsed() {
    PathSearch other = PathSearch.indexedFromTheStart("/zzzz");
    String path = "/aaab";
    assertThat(PathPattern.compile("/*b", false).matches(path, other)).isTrue();
    assertThat(PathPattern.compile("/*a*z", false).matches(path, other)).isFalse();
    assertThat(PathPattern.compile("/*a*b", false).headFitsBefore(path, 4, other)).isTrue();
  }

  /** The one literal-search entry point answers as String.indexOf does, directly and through the index, with limits and case folding. */
  @Test
  void findAnswersAsASearchOfTheString() {
    Random random = new Random(7);
    for (int round = 0; round < 5_000; round++) {
      String path = "/" + random(random, "abAB", random.nextInt(80));
      String text = "x" + random(random, "abAB", 1 + random.nextInt(12)) + "y";
      int start = 1;
      int end = text.length() - 1;
      int from = random.nextInt(path.length() + 1);
      int limit = from + random.nextInt(path.length() - from + 1);
      boolean fold = random.nextBoolean();
      String hay = fold ? path.toLowerCase(java.util.Locale.ROOT) : path;
      String needle = fold ? text.substring(start, end).toLowerCase(java.util.Locale.ROOT) : text.substring(start, end);
      int expected = hay.indexOf(needle, from);
      expected = expected >= 0 && expected + needle.length() <= limit ? expected : -1;
      assertThat(new PathSearch().reset(path).find(text, start, end, from, limit, fold)).as("%s in %s from %d to %d", needle, path, from, limit)
          .isEqualTo(expected);
      assertThat(PathSearch.indexedFromTheStart(path).find(text, start, end, from, limit, fold)).as("indexed: %s in %s", needle, path)
          .isEqualTo(expected);
    }
  }

  @Test
  void aSearchIndexesThePathOnceItsBudgetIsSpent() {
    String path = "/" + "ab".repeat(50);
    PathSearch search = new PathSearch().reset(path);
    assertThat(search.find("ba", 0, 2, 0, path.length(), false)).isEqualTo(2);
    assertThat(search.indexed()).isFalse();
    search.spend(PathSearch.BUDGET_FACTOR * path.length() + PathSearch.BUDGET_BASE);
    assertThat(search.find("ba", 0, 2, 0, path.length(), false)).isEqualTo(2);
    assertThat(search.find("ba", 0, 2, 98, path.length(), false)).isEqualTo(98);
    assertThat(search.find("ba", 0, 2, 99, path.length(), false)).isEqualTo(-1);
    assertThat(search.find("bb", 0, 2, 0, path.length(), false)).isEqualTo(-1);
    search.finish();
    assertThat(search.indexed()).as("the decision did use an index").isTrue();
  }

  private static String random(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
