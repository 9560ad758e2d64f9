package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.acapengine.model.AcapField;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** ACAP 2.6 / docs/semantics.md rule 11: action requests are exposed per crawler. */
class ActionRequestsTest {

  private static final String ROBOTS = String.join("\n",
      "ACAP-crawler: *",
      "ACAP-request-take-down: /news/bad-story.htm",
      "ACAP-crawler: searchbot",
      "ACAP-crawler: otherbot",
      "ACAP-request-re-crawl: /news/corrected.htm",
      "ACAP-allow-crawl: /",
      "ACAP-crawler: searchbot",
      "ACAP-request-take-down: /old/page.htm",
      "ACAP-usage-purpose: news",
      "ACAP-allow-index: /",
      "");

  static Stream<Arguments> rows() {
    return Stream.of(
        // crawler names, expected "action path" in file order: the records naming the crawler and
        // the records for any crawler (a request is no permission: "named beats any" has nothing to resolve)
        Arguments.of(List.of("searchbot"), List.of("take-down /news/bad-story.htm", "re-crawl /news/corrected.htm", "take-down /old/page.htm")),
        Arguments.of(List.of("OtherBot/2.1"), List.of("take-down /news/bad-story.htm", "re-crawl /news/corrected.htm")),
        Arguments.of(List.of("randombot"), List.of("take-down /news/bad-story.htm")),
        Arguments.of(List.of("randombot", "searchbot"), List.of("take-down /news/bad-story.htm", "re-crawl /news/corrected.htm", "take-down /old/page.htm")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void actionRequestsOfTheRecordsThatApply(List<String> crawlers, List<String> expected) {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(ROBOTS, "robots.txt"));
    List<String> names = Query.builder().crawlers(crawlers).build().crawlers();
    List<String> actual = policy.actionRequests(names).stream().map(ActionRequestsTest::describe).toList();
    assertThat(actual).isEqualTo(expected);
  }

  private static String describe(AcapField.ActionRequest a) {
    return a.action().token() + " " + a.path();
  }
}
