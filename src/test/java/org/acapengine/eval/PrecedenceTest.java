package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.acapengine.eval.Precedence.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The two precedence methods, table-driven: {@link Precedence#NARROWEST_SCOPE} (ACAP 1.0 2.4.5, row by row of
 * its method) and {@link Precedence#LONGEST_MATCH} (RFC 9309 2.2.2). Every row is also checked the other way
 * round: compare(b, a) must be the inverse of compare(a, b).
 */
class PrecedenceTest {

  @ParameterizedTest(name = "narrowest scope: ''{0}'' is {2} ''{1}'' ({3})")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      # a          | b            | order     | row of the method
      /a/          | /a/b/        | BROADER   | one pattern has run out: the other is narrower
      /a/b/        | /a/          | NARROWER  | one pattern has run out: the other is narrower
      /f/*         | /f/          | NARROWER  | run out, even where the rest is only '*'
      /g$          | /g           | NARROWER  | run out, even where the rest is only '$'
      ""           | /            | BROADER   | the empty pattern runs out first
      /d/x$        | /d/x*        | BROADER   | '$' against '*': the '*' is narrower
      /d/x*        | /d/x$        | NARROWER  | '$' against '*': the '*' is narrower
      /e$          | /e/          | BROADER   | '$' against a literal: the literal is narrower
      /e/          | /e$          | NARROWER  | '$' against a literal: the literal is narrower
      /s/*         | /s/x         | BROADER   | '*' against a literal: the literal is narrower
      /s/x         | /s/*         | NARROWER  | '*' against a literal: the literal is narrower
      *.gif        | /a.gif       | BROADER   | '*' against a literal at the first character
      /u/*/one     | /u/two*      | BROADER   | the first difference decides, whatever follows
      /v/*a        | /v/*b        | UNORDERED | two different literals
      /a/          | /b/          | UNORDERED | two different literals at once
      /x/abc/zzzz  | /x/abd       | UNORDERED | two different literals, lengths do not matter
      /same/       | /same/       | SAME      | identical
      /same/       | /SAME/       | SAME      | identical up to case
      /Agree*$     | /aGREE*$     | SAME      | identical up to case, with wildcards
      /A/b         | /a/B/c       | BROADER   | case is ignored before the run-out
      /A*          | /aB          | BROADER   | case is ignored before the '*'
      /%C3%A9/     | /%c3%a9/     | SAME      | case of percent-escapes is ignored too
      """)
  void narrowestScope(String a, String b, Order expected, String row) {
    assertThat(Precedence.NARROWEST_SCOPE.compare(a, b)).as(row).isEqualTo(expected);
    assertThat(Precedence.NARROWEST_SCOPE.compare(b, a)).as("reversed: " + row).isEqualTo(inverse(expected));
  }

  @ParameterizedTest(name = "longest match: ''{0}'' is {2} ''{1}''")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      # a            | b            | order    | why
      /a/b/          | /a/          | NARROWER | more octets
      /a/            | /a/b/        | BROADER  | fewer octets
      /page$         | /page        | NARROWER | '$' counts as an octet
      /long/*        | /long/a      | SAME     | '*' counts as an octet
      /t             | /t           | SAME     | identical
      /abc           | /xyz         | SAME     | different, equally long: RFC 9309 ranks by length only
      /ABC           | /abcd        | BROADER  | case plays no part in the length
      /%C3%A9        | /abcdef      | SAME     | percent-escapes count as their three octets
      ""             | /            | BROADER  | the empty pattern is shortest
      """)
  void longestMatch(String a, String b, Order expected, String why) {
    assertThat(Precedence.LONGEST_MATCH.compare(a, b)).as(why).isEqualTo(expected);
    assertThat(Precedence.LONGEST_MATCH.compare(b, a)).as("reversed: " + why).isEqualTo(inverse(expected));
  }

  /**
   * Precedence.winners: each candidate is written {@code allow/disallow} + {@code
   * :usage} (other or a standard usage); the result lists the winners' indexes, or "none" when
   * the usage is prohibited as unresolved.
   */
  @ParameterizedTest(name = "narrowest scope, disagreeing {0} -> {1}")
  @CsvSource(delimiter = '|', textBlock = """
      # candidates                                   | winners | why
      allow:index disallow:index                     | none    | 2.4.5: cannot determine, prohibited
      allow:index disallow:other                     | 0       | 2.5.6: disallow-other never defeats an explicit permission
      disallow:other allow:index allow:index         | 1 2     | every explicit permission wins together
      allow:other disallow:other                     | none    | allow-other is no explicit permission
      allow:other disallow:other allow:index         | 0 2     | with an explicit permission, allow-other joins it
      allow:present disallow:other disallow:present  | none    | the rest must then agree
      disallow:other disallow:crawl allow:crawl      | none    | the rest must then agree
      """)
  void narrowestScopeDisagreement(String candidates, String winners, String why) {
    assertThat(winners(Precedence.NARROWEST_SCOPE, candidates)).as(why).isEqualTo(winners);
  }

  @ParameterizedTest(name = "longest match, disagreeing {0} -> {1}")
  @CsvSource(delimiter = '|', textBlock = """
      # candidates                    | winners | why
      allow:crawl disallow:crawl      | 0       | RFC 9309 2.2.2: Allow on equal length
      disallow:crawl allow:crawl      | 1       | whatever the order
      disallow:crawl allow:crawl allow:crawl | 1 2 | every Allow
      """)
  void longestMatchDisagreement(String candidates, String winners, String why) {
    assertThat(winners(Precedence.LONGEST_MATCH, candidates)).as(why).isEqualTo(winners);
  }

  private static String winners(Precedence p, String spec) {
    String[] parts = spec.trim().split("\\s+");
    int[] kinds = new int[parts.length];
    int all = 0;
    for (int i = 0; i < parts.length; i++) {
      String[] kv = parts[i].split(":");
      boolean allows = kv[0].equals("allow");
      boolean other = kv[1].equals("other");
      kinds[i] = allows ? (other ? Precedence.ALLOWS_OTHER : Precedence.ALLOWS_USAGE) : (other ? Precedence.PROHIBITS_OTHER : Precedence.PROHIBITS_USAGE);
      all |= kinds[i];
    }
    int winning = p.winners(all);
    List<String> w = new java.util.ArrayList<>();
    for (int i = 0; i < parts.length; i++) {
      if ((kinds[i] & winning) != 0) {
        w.add(Integer.toString(i));
      }
    }
    return w.isEmpty() ? "none" : String.join(" ", w);
  }

  private static Order inverse(Order o) {
    switch (o) {
      case NARROWER:
        return Order.BROADER;
      case BROADER:
        return Order.NARROWER;
      default:
        return o;
    }
  }
}
