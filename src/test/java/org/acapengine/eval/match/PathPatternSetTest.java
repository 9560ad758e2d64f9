package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The pattern set every source beside robots.txt rules matches through (Content-Usage paths,
 * TDMRep locations, RSL content URLs, Scorpion prefixes) picks what a naive scan of every pattern
 * picks: {@link PathPatternSet#first} the first match in order, {@link PathPatternSet#longest} the
 * matches of the greatest RFC 9309 length, {@link PathPatternSet#literalPrefixes} byte prefixes
 * with nothing special in them. Generated patterns and paths, sets small and large, paths short and
 * long enough that the decision's searches go to the path's index.
 */
class PathPatternSetTest {

  @ParameterizedTest(name = "case-insensitive {0}, long paths {1}")
  @CsvSource({"false, false", "true, false", "false, true", "true, true"})
  void firstAndLongestAreTheNaiveScansChoice(boolean fold, boolean longPaths) {
    Random random = new Random((fold ? 1 : 2) + (longPaths ? 10 : 20));
    String[] pieces = {"a", "b", "ab", "aab", "A", "%61", "%2A", "*", "*", "/", "$", "x", "aaaaaaaab", "?q="};
    int pairs = 0;
    int matched = 0;
    for (int round = 0; round < (longPaths ? 60 : 400); round++) {
      List<String> patterns = new ArrayList<>();
      // Duplicates and shared runs, so that ties and crowded index keys occur.
      String shared = "/*" + "a".repeat(7 + random.nextInt(3)) + "b";
      for (int i = 0, n = random.nextInt(longPaths ? 300 : 60); i < n; i++) {
        if (i > 0 && random.nextInt(8) == 0) {
          patterns.add(patterns.get(random.nextInt(i)));
          continue;
        }
        StringBuilder sb = new StringBuilder(random.nextInt(5) == 0 ? shared : random.nextInt(6) == 0 ? "" : "/");
        for (int k = 0, m = random.nextInt(5); k < m; k++) {
          sb.append(pieces[random.nextInt(pieces.length)]);
        }
        patterns.add(sb.toString());
      }
      PathPatternSet set = PathPatternSet.compile(patterns, fold);
      List<PathPattern> naive = patterns.stream().map(p -> PathPattern.compile(p, fold)).toList();
      for (int q = 0; q < 10; q++) {
        String path = RequestPath.of(path(random, longPaths ? 2000 + random.nextInt(3000) : random.nextInt(30)));
        int first = -1;
        List<Integer> longest = new ArrayList<>();
        int best = -1;
        for (int i = 0; i < naive.size(); i++) {
          PathPattern p = naive.get(i);
          pairs++;
          if (!p.matches(path)) {
            continue;
          }
          matched++;
          first = first < 0 ? i : first;
          if (p.length() > best) {
            best = p.length();
            longest.clear();
          }
          if (p.length() == best) {
            longest.add(i);
          }
        }
        assertThat(set.first(path)).as("first of %s on %s", patterns, path).isEqualTo(first);
        assertThat(Arrays.stream(set.longest(path)).boxed().toList()).as("longest of %s on %s", patterns, path).isEqualTo(longest);
        // the groups of the longest match, each once, stand for exactly the longest matches
        List<Integer> expanded = new ArrayList<>();
        for (int g : set.longestGroups(path)) {
          assertThat(set.groupLength(g)).isEqualTo(best);
          for (int k = 0; k < set.memberCount(g); k++) {
            expanded.add(set.member(g, k));
          }
        }
        expanded.sort(null);
        assertThat(expanded).as("longest groups of %s on %s", patterns, path).isEqualTo(longest);
      }
      // identical patterns (once normalised) share a group, numbered in order of their first pattern
      assertThat(set.groups()).isEqualTo((int) patterns.stream().map(PercentEncoding::normalise).distinct().count());
      for (int g = 1; g < set.groups(); g++) {
        assertThat(set.member(g, 0)).isGreaterThan(set.member(g - 1, 0));
      }
    }
    assertThat(matched).as("pattern and path pairs that match").isGreaterThan(pairs / 20).isLessThan(pairs / 2);
  }

  @Test
  void literalPrefixesAreBytePrefixes() {
    Random random = new Random(26);
    // Bytes as ISO-8859-1 characters: * and $ are nothing special, nor is % or a byte above 127.
    String alphabet = "ab/*$%\u00e9\u00ff";
    int matched = 0;
    for (int round = 0; round < 400; round++) {
      List<String> prefixes = new ArrayList<>();
      for (int i = 0, n = random.nextInt(80); i < n; i++) {
        prefixes.add(word(random, alphabet, random.nextInt(6)));
      }
      PathPatternSet set = PathPatternSet.literalPrefixes(prefixes);
      for (int q = 0; q < 10; q++) {
        String path = word(random, alphabet, random.nextInt(12));
        int first = -1;
        for (int i = 0; i < prefixes.size() && first < 0; i++) {
          first = path.startsWith(prefixes.get(i)) ? i : -1;
        }
        assertThat(set.first(path)).as("first of %s on %s", prefixes, path).isEqualTo(first);
        matched += first < 0 ? 0 : 1;
      }
    }
    assertThat(matched).isGreaterThan(400);
  }

  private static String path(Random random, int length) {
    String alphabet = "aaab/AxQ=?";
    StringBuilder sb = new StringBuilder("/");
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }

  private static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
