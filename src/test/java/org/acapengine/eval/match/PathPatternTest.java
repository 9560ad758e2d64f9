package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PathPatternTest {

  @ParameterizedTest(name = "[{index}] {0} ~ {1} -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          # plain prefixes (RFC 9309 2.2.2: match starts at the first octet, prefix match)
          /fish           | /fish                     | true
          /fish           | /fish.html                | true
          /fish           | /fish/salmon.html         | true
          /fish           | /fishheads                | true
          /fish           | /fish.html?id=anything    | true
          /fish           | /Fish.asp                 | false
          /fish           | /catfish                  | false
          /fish           | /?id=fish                 | false
          /fish           | /fis                      | false
          /fish/          | /fish                     | false
          /               | /                         | true
          /               | /anything                 | true
          /a              | ''                        | false
          # '*' = any run, including none and including '/'
          /fish*          | /fish                     | true
          /fish*          | /fishheads/yummy.html     | true
          /*.php          | /filename.php             | true
          /*.php          | /folder/filename.php?x    | true
          /*.php          | //folder/any.php.file.html | true
          /*.php          | /index?f=filename.php/    | true
          /*.php          | /php/                     | false
          /*.php          | /windows.PHP              | false
          /fish*.php      | /fish.php                 | true
          /fish*.php      | /fishheads/catfish.php?p  | true
          /fish*.php      | /Fish.PHP                 | false
          /foo/*/qux      | /foo/bar/qux              | true
          /foo/*/qux      | /foo//qux                 | true
          /foo/*/qux      | /foo/qux                  | false
          *.gif$          | /images/a.gif             | true
          *.gif$          | /a.gif?x                  | false
          /a**b           | /ab                       | true
          /a**b           | /axxb                     | true
          *               | ''                        | true
          *               | /x                        | true
          /a*b*c          | /abc                      | true
          /a*b*c          | /a_c_b_c                  | true
          /a*b*c          | /acb                      | false
          /*aa            | /aXaa                     | true
          /*aba           | /ababa                    | true
          # '$' at the end anchors at the end of the path
          /*.php$         | /filename.php             | true
          /*.php$         | /folder/filename.php      | true
          /*.php$         | /filename.php?parameters  | false
          /*.php$         | /filename.php/            | false
          /*.php$         | /filename.php5            | false
          /*.php$         | /aaaphpaaa                | false
          /*.php$         | /a.php.php                | true
          /$              | /                         | true
          /$              | /page.html                | false
          /foo/bar$       | /foo/bar                  | true
          /foo/bar$       | /foo/bar/                 | false
          $               | ''                        | true
          $               | /                         | false
          /a*$            | /a                        | true
          /a*$            | /abc                      | true
          *$              | /anything                 | true
          /a*b$           | /ab                       | true
          /a*b$           | /abb                      | true
          /a*b$           | /abc                      | false
          /ab*b$          | /ab                       | false
          /ab*b$          | /abb                      | true
          # '$' anywhere else is an ordinary character, matched as its canonical %24
          /a$b            | /a%24b                    | true
          /a$b            | /a%24bc                   | true
          /a$b            | /ab                       | false
          /a%24b          | /a%24b                    | true
          /a$$            | /a%24                     | true
          /a$$            | /a%24x                    | false
          /a$*$           | /a%24xyz                  | true
          /$*             | /%24                      | true
          # '%2A' is a literal star (RFC 9309 2.2.3), not a wildcard
          /a%2Ab          | /a%2Ab                    | true
          /a%2Ab          | /axb                      | false
          # the pattern is percent-normalised (RFC 9309 2.2.2)
          /foo/bar/ツ     | /foo/bar/%E3%83%84        | true
          /foo/bar/%e3%83%84 | /foo/bar/%E3%83%84     | true
          /foo/bar/%62%61%7A | /foo/bar/baz           | true
          # the empty pattern matches every path
          ''              | /                         | true
          ''              | ''                        | true
          ''              | /anything?at=all          | true
          # case-sensitive by default (RFC 9309 2.2.2)
          /x/             | /X/y                      | false
          /X/             | /x/y                      | false
          """)
  void matchesCaseSensitively(String pattern, String path, boolean expected) {
    assertThat(PathPattern.compile(pattern, false).matches(path)).isEqualTo(expected);
    // Same answer through the generic CharSequence code path.
    assertThat(PathPattern.compile(pattern, false).matches(new StringBuilder(path)))
        .isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0} ~ {1} -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          # ACAP 1.0 part 1, 2.8: pattern matching in ACAP fields is case-insensitive
          /X/             | /x/y                      | true
          /x/             | /X/Y                      | true
          /Fish*.PHP$     | /fishheads/CATFISH.php    | true
          /Fish*.PHP$     | /fishheads/CATFISH.php5   | false
          *.GIF           | /a/b.gif                  | true
          /aBc*DeF        | /ABCxdef                  | true
          # only ASCII letters fold; percent-encoded non-ASCII is compared octet by octet
          /É              | /%C3%89                   | true
          /É              | /%C3%A9                   | false
          /é              | /%c3%a9                   | true
          # hex digits fold too, harmlessly: both sides are normalised upper-case already
          /a%2fb          | /A%2Fb                    | true
          """)
  void matchesCaseInsensitively(String pattern, String path, boolean expected) {
    assertThat(PathPattern.compile(pattern, true).matches(path)).isEqualTo(expected);
    assertThat(PathPattern.compile(pattern, true).matches(new StringBuilder(path)))
        .isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          # pattern           | normalised         | length | wildcard | anchored
          ''                  | ''                 | 0      | false    | false
          /                   | /                  | 1      | false    | false
          /fish               | /fish              | 5      | false    | false
          /fish*              | /fish*             | 6      | true     | false
          /*.php$             | /*.php$            | 7      | true     | true
          $                   | $                  | 1      | false    | true
          /a$b                | /a$b               | 4      | false    | false
          /a$$                | /a$$               | 4      | false    | true
          /foo/bar/ツ         | /foo/bar/%E3%83%84 | 18     | false    | false
          /foo/bar/%62%61%7A  | /foo/bar/baz       | 12     | false    | false
          /a%2fb              | /a%2Fb             | 6      | false    | false
          /a b                | /a%20b             | 6      | false    | false
          """)
  void exposesNormalisedPatternAndRfcMatchLength(
      String pattern, String normalised, int length, boolean wildcard, boolean anchored) {
    PathPattern compiled = PathPattern.compile(pattern, false);
    assertThat(compiled.pattern()).isEqualTo(normalised);
    assertThat(compiled.length()).isEqualTo(length);
    assertThat(compiled.hasWildcard()).isEqualTo(wildcard);
    assertThat(compiled.isEndAnchored()).isEqualTo(anchored);
    assertThat(compiled.isCaseInsensitive()).isFalse();
  }

  @Test
  void equalityIsByNormalisedPatternAndCaseMode() {
    assertThat(PathPattern.compile("/a%2fb", false))
        .isEqualTo(PathPattern.compile("/a%2Fb", false));
    assertThat(PathPattern.compile("/a%2fb", false).hashCode())
        .isEqualTo(PathPattern.compile("/a%2Fb", false).hashCode());
    assertThat(PathPattern.compile("/a", false)).isNotEqualTo(PathPattern.compile("/a", true));
    assertThat(PathPattern.compile("/a", true)).hasToString("/a (case-insensitive)");
  }

  @Test
  void rejectsNull() {
    assertThatNullPointerException().isThrownBy(() -> PathPattern.compile(null, false));
  }

  @Test
  void pathologicalPatternOnLongRunCompletesWithTheRightAnswer() {
    String run = "/" + "a".repeat(100_000);
    PathPattern pathological = PathPattern.compile("/*a*a*a*a*a*a*b", false);
    assertThat(pathological.matches(run)).isFalse();
    assertThat(pathological.matches(run + "b")).isTrue();
    assertThat(pathological.matches(new StringBuilder(run))).isFalse();
    PathPattern anchored = PathPattern.compile("/*a*a*a*a*a*a*b$", true);
    assertThat(anchored.matches(run)).isFalse();
    assertThat(anchored.matches(run + "B")).isTrue();
    assertThat(anchored.matches(run + "bA")).isFalse();
    // Long segments that almost match everywhere: O(path x pattern) still.
    String aaab = "a".repeat(1_000) + "b";
    PathPattern longSegment = PathPattern.compile("/*" + aaab + "*" + aaab + "$", false);
    assertThat(longSegment.matches(run)).isFalse();
    assertThat(longSegment.matches(run + "b" + aaab)).isTrue();
    assertThat(longSegment.matches(run + "b" + "a".repeat(999) + "b")).isFalse();
  }

  @Test
  void longPatternAgainstLongPath() {
    String path = "/" + "ab".repeat(50_000);
    assertThat(PathPattern.compile(path, false).matches(path)).isTrue();
    assertThat(PathPattern.compile(path + "$", false).matches(path)).isTrue();
    assertThat(PathPattern.compile(path + "a", false).matches(path)).isFalse();
    assertThat(PathPattern.compile("/*" + "ab".repeat(25_000) + "$", false).matches(path))
        .isTrue();
  }

  /**
   * Cross-checks the greedy segment scan against a straightforward set-of-positions matcher (the
   * textbook NFA simulation of prefix matching with '*' and a final '$') on many small random
   * patterns and paths over a tiny alphabet, where every overlap case shows up.
   */
  @Test
  void agreesWithPositionSetMatcherOnRandomInputs() {
    Random random = new Random(9309);
    String patternAlphabet = "ab*$";
    String pathAlphabet = "abAB";
    for (int round = 0; round < 200_000; round++) {
      String pattern = randomString(random, patternAlphabet, 7);
      String path = randomString(random, pathAlphabet, 9);
      boolean caseInsensitive = random.nextBoolean();
      boolean expected = referenceMatches(pattern, path, caseInsensitive);
      assertThat(PathPattern.compile(pattern, caseInsensitive).matches(path))
          .as("pattern %s path %s ci %s", pattern, path, caseInsensitive)
          .isEqualTo(expected);
    }
  }

  @Test
  void matchesAllocatesNothing() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(bean instanceof com.sun.management.ThreadMXBean);
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    assumeTrue(threads.isThreadAllocatedMemorySupported());
    threads.setThreadAllocatedMemoryEnabled(true);
    PathPattern sensitive = PathPattern.compile("/*a*b/c*.html$", false);
    PathPattern insensitive = PathPattern.compile("/*A*B/c*.HTML$", true);
    String path = "/xxaxxbxx/b/c/d/e.html";
    StringBuilder builder = new StringBuilder(path);
    int hits = 0;
    long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    for (int i = 0; i < 200_000; i++) {
      hits += sensitive.matches(path) ? 1 : 0;
      hits += insensitive.matches(path) ? 1 : 0;
      hits += sensitive.matches(builder) ? 1 : 0;
    }
    long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    assertThat(hits).isEqualTo(600_000);
    // 600,000 calls: one 16-byte object per call would be ~9.6 MB. Allow for measuring noise.
    assertThat(allocated).isLessThan(64 * 1024);
  }

  private static String randomString(Random random, String alphabet, int maxLength) {
    int length = random.nextInt(maxLength + 1);
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }

  /**
   * Position-set matcher over raw characters; '$' is the anchor when last and the three
   * characters %24 otherwise (as PathPattern documents), so paths here never contain '$'.
   */
  private static boolean referenceMatches(String pattern, String path, boolean ci) {
    boolean anchored = pattern.endsWith("$");
    String body = anchored ? pattern.substring(0, pattern.length() - 1) : pattern;
    body = body.replace("$", "%24");
    String p = ci ? path.toLowerCase(java.util.Locale.ROOT) : path;
    String b = ci ? body.toLowerCase(java.util.Locale.ROOT) : body;
    boolean[] reachable = new boolean[p.length() + 1];
    reachable[0] = true;
    for (int k = 0; k < b.length(); k++) {
      char c = b.charAt(k);
      boolean[] next = new boolean[p.length() + 1];
      if (c == '*') {
        boolean any = false;
        for (int i = 0; i <= p.length(); i++) {
          any |= reachable[i];
          next[i] = any;
        }
      } else {
        for (int i = 0; i < p.length(); i++) {
          if (reachable[i] && p.charAt(i) == c) {
            next[i + 1] = true;
          }
        }
      }
      reachable = next;
    }
    if (anchored) {
      return reachable[p.length()];
    }
    for (boolean r : reachable) {
      if (r) {
        return true;
      }
    }
    return false;
  }
}
