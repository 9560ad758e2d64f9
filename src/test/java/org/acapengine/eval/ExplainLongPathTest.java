package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.render.ExplanationText;

import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A rule's "does not match" note quotes the path in full up to 200 characters and shortened
 * beyond (docs/matching.md), so that thousands of notes about an 8 KB path do not make an
 * explanation megabytes long; the query itself keeps the whole path.
 */
class ExplainLongPathTest {

  @ParameterizedTest
  @CsvSource({
    // path length | note ends with
    "10,   '/' does not match /aaaaaaaaa",
    "200,  'aaaaaaaaaa'",
    "201,  '… (201 characters)'",
    "8000, '… (8000 characters)'",
  })
  void theNoteQuotesALongPathShortened(int length, String ending) {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse("ACAP-crawler: *\nACAP-disallow-crawl: /b\n", "robots.txt"));
    String path = "/" + "a".repeat(length - 1);
    Explanation x = policy.explain(Query.of("bot", "crawl", path));
    assertThat(x.query().path()).isEqualTo(path);
    String note = ExplanationText.note(x, x.rules().get(0));
    assertThat(note).startsWith("'/b' does not match /").endsWith(ending.replace("'/' does not match ", ""));
    assertThat(note.length()).isLessThanOrEqualTo("'/b' does not match ".length() + 200 + "… (8000 characters)".length());
  }
}
