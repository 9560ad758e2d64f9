package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The linted file and its name are untrusted: a control character in either must not reach the
 * reader's terminal or the Actions log through the text and github formats (a robots.txt line
 * {@code bogus<ESC>[2Jline} used to clear the screen), and JSON and SARIF stay valid JSON that
 * carries the text as it was. Each row puts the character in a robots.txt line and in the file's
 * name.
 */
class LintControlCharactersTest {

  @TempDir
  Path dir;

  private Path robots(char c) throws Exception {
    Path p = dir.resolve("x" + c + "y.txt");
    Files.writeString(p, "User-agent: *\nbogus" + c + "[2Jline\nDisallow: /\n", StandardCharsets.UTF_8);
    return p;
  }

  @ParameterizedTest(name = "{0} in text and github output")
  @CsvSource({
    "ESC, 001B, true",
    "CR, 000D, false", // a line end in the file: only the file name carries it
    "LINE SEPARATOR, 2028, true",
    "DEL, 007F, true",
    "C1 CSI, 009B, true",
    "LF, 000A, false", // a line end in the file; in the name it must not start an output line
  })
  void lineFormatsEscapeIt(String name, String hex, boolean inLine) throws Exception {
    char c = (char) Integer.parseInt(hex, 16);
    String escaped = "\\u" + hex;
    Path file = robots(c);
    for (String format : new String[] {"text", "github"}) {
      AcapRun.Result r = AcapRun.run("lint", "--format", format, file.toString());
      assertThat(r.err()).as(format).isEmpty();
      assertThat(r.out()).as(format).doesNotContain(String.valueOf(c) + (c == '\n' ? "y" : ""))
          .contains("x" + escaped + "y.txt");
      String finding = r.out().lines().filter(l -> l.contains("unrecognised-line")).findFirst().orElseThrow();
      assertThat(finding).as(format).contains("bogus" + (inLine ? escaped + "[2Jline" : ""));
      assertThat(r.out().lines().count()).as(format + ": one line per finding").isEqualTo(format.equals("text") ? 2 + (inLine ? 0 : 1) : 1 + (inLine ? 0 : 1));
    }
  }

  @ParameterizedTest(name = "{0} in json and sarif output")
  @CsvSource({"ESC, 001B", "CR, 000D", "LINE SEPARATOR, 2028", "DEL, 007F", "C1 CSI, 009B", "LF, 000A"})
  void jsonFormatsKeepItEscapedAsJsonDoes(String name, String hex) throws Exception {
    char c = (char) Integer.parseInt(hex, 16);
    Path file = robots(c);
    JsonNode json = Json.MAPPER.readTree(AcapRun.run("lint", "--format", "json", file.toString()).out());
    assertThat(json.get(0).get("file").asText()).isEqualTo(file.toString());
    JsonNode sarif = Json.MAPPER.readTree(AcapRun.run("lint", "--format", "sarif", file.toString()).out());
    assertThat(sarif.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri").asText()).doesNotContain(String.valueOf(c));
    if (c != '\r' && c != '\n') {
      assertThat(json.get(0).get("message").asText()).contains("bogus" + c + "[2Jline");
      assertThat(sarif.at("/runs/0/results/0/message/text").asText()).contains("bogus" + c + "[2Jline");
    }
  }
}
