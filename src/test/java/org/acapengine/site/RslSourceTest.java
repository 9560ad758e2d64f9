package org.acapengine.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.rsl.RslReader;
import org.acapengine.eval.Query;
import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * RSL licences decided: the content that matches longest, licences as alternative offers,
 * permits and prohibits read through the one purpose vocabulary, user and country answered when
 * stated and noted otherwise, payments, licence servers and terms as obligations.
 */
class RslSourceTest {

  static final Path DIR = Path.of("src/test/resources/adapters/rsl");

  @ParameterizedTest(name = "[{index}] {0} {1} {2} {3} user={4} country={5}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # file                     | path               | usage  | purpose  | user           | country | verdict    | line | obligations
      field-notes-example        | /a                 | index  | search   | -              | -       | ALLOWED    | 4    | payment
      field-notes-example        | /a                 | index  | ai-train | -              | -       | PROHIBITED | 5    |
      field-notes-example        | /a                 | index  | train-ai | -              | -       | PROHIBITED | 5    |
      field-notes-example        | /a                 | index  | ai-input | -              | -       | PROHIBITED | 4    |
      field-notes-example        | /a                 | crawl  | ai-train | -              | -       | NO_OPINION | 0    | payment
      guide-prohibit-ai-training | /x                 | index  | ai-train | -              | -       | PROHIBITED | 4    |
      guide-prohibit-ai-training | /x                 | index  | search   | -              | -       | ALLOWED    | 3    |
      guide-ai-preferences       | /x                 | other  | ai-train | -              | -       | ALLOWED    | 4    | payment
      collective-attribution     | /x                 | other  | train-ai | -              | -       | ALLOWED    | 4    | attribution license
      collective-royalty         | /x                 | other  | ai-all   | -              | -       | PROHIBITED | 4    |
      sections                   | /articles/a        | index  | ai-input | commercial     | -       | ALLOWED    | 9    | payment terms
      sections                   | /articles/a        | index  | ai-input | education      | -       | ALLOWED    | 16   | terms
      sections                   | /articles/a        | index  | ai-train | commercial     | -       | PROHIBITED | 9    |
      sections                   | /articles/a        | index  | ai-input | personal       | -       | PROHIBITED | 10   |
      sections                   | /articles/a        | index  | ai-input | commercial     | XX      | PROHIBITED | 11   |
      sections                   | /articles/a        | index  | ai-input | commercial     | de      | ALLOWED    | 9    | payment terms
      sections                   | /photos/cat.jpg    | index  | ai-input | -              | -       | PROHIBITED | 23   |
      sections                   | /photos/cat.jpg?x  | index  | ai-input | -              | -       | NO_OPINION | 0    |
      sections                   | /photos/cat.jpg    | index  | search   | -              | -       | ALLOWED    | 22   |
      sections                   | /archive/2019      | index  | search   | -              | -       | ALLOWED    | 28   | license
      sections                   | /archive/2019      | index  | all      | -              | -       | PROHIBITED | 28   |
      sections                   | /other             | index  | ai-input | -              | -       | NO_OPINION | 0    |
      feed                       | /articles/a        | index  | ai-train | -              | -       | PROHIBITED | 10   |
      """)
  void decides(String file, String path, String usage, String purpose, String user, String country, Verdict verdict, int line, String obligations)
      throws IOException {
    RslDocument doc = new RslReader().read(Files.readAllBytes(DIR.resolve(file + ".xml")), file + ".xml");
    RslSource s = new RslSource(doc, new RslSource.Licensee(Optional.ofNullable(user), Optional.ofNullable(country)), "--rsl");
    SourceVerdict v = s.decide(Query.builder().crawler("anybot").usage(usage).purpose(purpose).url(path).build(), Instant.EPOCH);
    assertThat(v.verdict()).as(v.reason()).isEqualTo(verdict);
    assertThat(v.evidence().isEmpty() ? 0 : v.evidence().get(0).line()).as(v.reason()).isEqualTo(line);
    assertThat(v.obligations()).as(v.reason()).containsExactlyInAnyOrderElementsOf(obligations == null ? List.of()
        : java.util.Arrays.stream(obligations.split(" ")).map(o -> Obligation.valueOf(o.toUpperCase(java.util.Locale.ROOT))).toList());
  }

  @org.junit.jupiter.api.Test
  void equallyLongContentsAreATieTheMostRestrictiveDecidesAndTheReasonSaysSo() throws IOException {
    RslDocument doc = new RslReader().read(Files.readAllBytes(DIR.resolve("sections.xml")), "sections.xml");
    RslSource s = new RslSource(doc, new RslSource.Licensee(Optional.of("commercial"), Optional.empty()), "--rsl");
    SourceVerdict v = s.decide(Query.builder().crawler("anybot").usage("index").purpose("ai-train").url("/articles/a").build(), Instant.EPOCH);
    assertThat(v.reason()).contains("2 <content> match as long (lines 5, 31)");
  }

  @org.junit.jupiter.api.Test
  void unstatedUserAndCountryTermsAreNotedNotApplied() throws IOException {
    RslDocument doc = new RslReader().read(Files.readAllBytes(DIR.resolve("sections.xml")), "sections.xml");
    RslSource s = new RslSource(doc, RslSource.Licensee.UNSTATED, "--rsl");
    SourceVerdict v = s.decide(Query.builder().crawler("anybot").usage("index").purpose("search").url("/articles/a").build(), Instant.EPOCH);
    assertThat(v.verdict()).isEqualTo(Verdict.ALLOWED);
    assertThat(v.notes()).extracting(DecisionNote::code).contains(DecisionNote.USER_TYPE_UNSTATED, DecisionNote.COUNTRY_UNSTATED, DecisionNote.OBLIGATION);
    assertThat(v.notes()).filteredOn(n -> n.code().equals(DecisionNote.USER_TYPE_UNSTATED)).first().satisfies(n -> {
      // the library's words: a caller with no command line (a scheduler, the service) has no --user-type
      assertThat(n.text()).contains("commercial, non-commercial only").endsWith("and the crawler states no user type");
      assertThat(n.lines().get(0).line()).isEqualTo(10);
    });
    assertThat(v.notes()).filteredOn(n -> n.code().equals(DecisionNote.OBLIGATION)).extracting(DecisionNote::text)
        .contains("payment (use) 0.002 EUR", "the licence's terms: https://example.com/ai-terms");
  }
}
