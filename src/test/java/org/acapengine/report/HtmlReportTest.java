package org.acapengine.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.testing.AcapRun;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code acap report FILE --format html}: the golden page, self-contained and script-free, every byte of input escaped. */
class HtmlReportTest {

  static final String FILE = "src/test/resources/report/robots.txt";
  static final Path GOLDEN = Path.of("src/test/resources/report/expected.html");

  @Test
  void thePageMatchesItsGoldenFile() throws IOException {
    AcapRun.Result r = AcapRun.run("report", FILE, "--format", "html", "--today", "2026-11-28");
    assertThat(r.exitCode()).as(r.err()).isZero();
    if (Goldens.UPDATE) {
      Files.writeString(GOLDEN, r.out(), StandardCharsets.UTF_8);
    }
    assertThat(r.out()).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
  }

  @Test
  void thePageIsSelfContainedAndNeedsNoScript() {
    String html = AcapRun.run("report", FILE, "--today", "2026-11-28").out();
    assertThat(html).startsWith("<!DOCTYPE html>").contains("<style>", "default-src 'none'; style-src 'unsafe-inline'")
        .doesNotContain("<script", "<link", "src=", "http://", "https://", "@import");
    assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;");
    // the findings, on their lines and in the list; the matrix with symbols and a legend
    assertThat(html).contains("<tr id=\"L10\" class=\"sev-error\">", "<code>unknown-acap-field</code>", "did you mean &#39;ACAP-disallow-index&#39;?");
    assertThat(html).contains("<td class=\"v v-prohibited\" title=\"" + FILE + ":7: Disallow: /\">✗ prohibited</td>", "<h3>Legend</h3>",
        "<code>Googlebot</code>", "<a href=\"#L7\">line 7</a>");
  }

  @Test
  void controlCharactersAndMarkupInTheFileNeverReachThePageRaw() {
    String hostile = "User-agent: *\nDisallow: /\u001b[2J<img src=x onerror=alert(1)>\n# </pre></td></tr></table><script>x()</script>\n";
    String html = AcapRun.runWithInput(hostile, "report", "-", "--today", "2026-11-28").out();
    assertThat(html).doesNotContain("\u001b", "<img", "<script", "</pre></td></tr></table><")
        .contains("\\u001B[2J&lt;img src=x onerror=alert(1)&gt;", "&lt;/pre&gt;&lt;/td&gt;");
  }

  @Test
  void badArgumentsExitTwo() {
    assertThat(AcapRun.run("report", "no/such/robots.txt").exitCode()).isEqualTo(2);
    assertThat(AcapRun.run("report", FILE, "--format", "pdf").exitCode()).isEqualTo(2);
    assertThat(AcapRun.run("report", FILE, "--today", "tomorrow").exitCode()).isEqualTo(2);
  }

  static Stream<Arguments> escapes() {
    return Stream.of(
        Arguments.of("<script>", "&lt;script&gt;"),
        Arguments.of("a & b", "a &amp; b"),
        Arguments.of("'\"", "&#39;&quot;"),
        Arguments.of("x\u0000y", "x\\u0000y"),
        Arguments.of("line\nbreak", "line\\u000Abreak"));
  }

  @ParameterizedTest
  @MethodSource
  void escapes(String in, String out) {
    assertThat(Html.escape(in)).isEqualTo(out);
  }
}
