package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Span;
import org.junit.jupiter.api.Test;

/** The parts of the output formats the golden files do not reach. */
class ReportTest {

  @Test
  void githubEscapesMessagesAndPropertiesAsTheRunnerExpects() {
    assertThat(GithubReport.data("100% sure\r\nnext")).isEqualTo("100%25 sure%0D%0Anext");
    assertThat(GithubReport.property("dir,with:colon%/robots.txt")).isEqualTo("dir%2Cwith%3Acolon%25/robots.txt");
    Finding f = new Finding("a,b.txt", Diagnostic.info("extension-field", "x: y, 50%", "", Span.ofLine(2, 3, 4)));
    assertThat(new GithubReport().render(List.of(f), 1))
        .isEqualTo("::notice file=a%2Cb.txt,line=2,col=3,endLine=2,endColumn=6,title=extension-field::x: y, 50%25\n");
  }

  @Test
  void sarifUrisAreRelativeReferencesOrFileUris() {
    assertThat(SarifReport.uri("robots.txt")).isEqualTo("robots.txt");
    assertThat(SarifReport.uri("./public/robots.txt")).isEqualTo("public/robots.txt");
    assertThat(SarifReport.uri("my site/robots.txt")).isEqualTo("my%20site/robots.txt");
    assertThat(SarifReport.uri("a:b/robots.txt")).isEqualTo("./a:b/robots.txt");
    assertThat(SarifReport.uri("/srv/www/robots.txt")).isEqualTo("file:///srv/www/robots.txt");
    assertThat(SarifReport.uri("-")).isEqualTo("stdin");
  }

  @Test
  void theTextSummaryCountsEachSeverity() {
    assertThat(TextReport.summary(1, 1, 1, 1)).isEqualTo("1 file linted: 1 error, 1 warning, 1 info");
    assertThat(TextReport.summary(3, 0, 2, 0)).isEqualTo("3 files linted: 0 errors, 2 warnings, 0 info");
  }

  @Test
  void lintCodesAreDistinctFromTheParsersAndCarryHelp() {
    assertThat(LintRules.all()).extracting(Rule::code).doesNotHaveDuplicates();
    for (LintCode c : LintCode.values()) {
      assertThat(LintRules.byCode(c.code())).get().extracting(Rule::origin).isEqualTo("lint");
      assertThat(c.help()).isNotBlank();
      assertThat(c.title()).doesNotContain("\n");
    }
  }

  @Test
  void sarifMarkdownEscapesOurOwnMarkupCharacters() {
    assertThat(SarifReport.markdown("ALPHA *(ALPHA / '_')")).isEqualTo("ALPHA \\*(ALPHA / '\\_')");
    assertThat(SarifReport.markdown("ACAP-allow-<usage> | [x]")).isEqualTo("ACAP-allow-\\<usage\\> \\| \\[x\\]");
    assertThat(SarifReport.sentence("a line")).isEqualTo("A line.");
  }
}
