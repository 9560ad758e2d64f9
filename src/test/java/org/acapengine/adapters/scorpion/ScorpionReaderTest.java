package org.acapengine.adapters.scorpion;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;
import org.acapengine.model.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScorpionReaderTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(emptyValue = "", delimiter = '|', value = {
      "LF|C/a\\nc/\\n|C/a,c/",
      "CRLF|C/a\\r\\nc/\\r\\n|C/a,c/",
      "no final LF|C/a\\nc/|C/a,c/",
      "CR at the very end|C/a\\nc/\\r|C/a,c/",
      "bare CR is a byte|C/a\\rc/\\n|C/a\\rc/",
      "CR CR LF keeps one CR|C/a\\r\\r\\n|C/a\\r",
      "empty lines are lines|\\n\\nC/\\n|,,C/",
      "empty file||-",
      "one LF|\\n|''",
  })
  void splitsLinesOnLfAndCrLf(String name, String text, String expected) {
    ScorpionFile file = new ScorpionReader().read(bytes(unescape(text)), "t").file();
    List<String> lines = file.lines().stream().map(ScorpionLine::text).collect(Collectors.toList());
    List<String> want = expected.equals("-") ? List.of() : List.of(unescape(expected).split(",", -1));
    assertThat(lines).isEqualTo(want);
    for (int i = 0; i < file.lines().size(); i++) {
      assertThat(file.lines().get(i).number()).isEqualTo(i + 1);
    }
  }

  @Test
  void crlfAndLfFilesReadTheSame() {
    ScorpionFile crlf = new ScorpionReader().read(ScorpionTestSupport.resource("crlf.crawl"), "crlf.crawl").file();
    ScorpionFile lf = ScorpionTestSupport.file("C/private/\nc/\n@bot\nC/\n");
    assertThat(crlf.lines()).isEqualTo(lf.lines());
  }

  @Test
  void bytesAreKeptOneCharPerByte() {
    ScorpionFile file = new ScorpionReader().read(new byte[] {'c', '/', (byte) 0xC3, (byte) 0xA9, 0, (byte) 0xFF}, "t").file();
    ScorpionLine line = file.lines().get(0);
    assertThat(line.parameterBytes()).containsExactly('/', 0xC3, 0xA9, 0, 0xFF);
    assertThat(line.text()).hasSize(6);
  }

  @Test
  void filesOverTheLimitAreNotReadAndNotUnderstood() {
    byte[] bytes = bytes("c/\n");
    assertThat(new ScorpionReader(3).read(bytes, "t").file().lines()).hasSize(1);
    ScorpionReadResult over = new ScorpionReader(2).read(bytes, "t");
    assertThat(over.file().sizeLimitExceeded()).isTrue();
    assertThat(over.file().lines()).isEmpty();
    assertThat(over.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo("scorpion-too-large");
      assertThat(d.severity()).isEqualTo(Severity.ERROR);
    });
    ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(over.file(), List.of("bot"), java.util.Optional.empty());
    assertThat(policy.decideCrawl("/").verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(policy.decideCrawl("/").reason()).contains("size limit");
    assertThat(ScorpionReader.DEFAULT_MAX_BYTES).isEqualTo(512 * 1024);
  }

  @Test
  void theReaderItselfReportsNothingButTheSizeLimit() {
    ScorpionReadResult r = new ScorpionReader().read(bytes("Xbad\n\nC\nN1x\n"), "t");
    assertThat(r.diagnostics()).extracting(Diagnostic::code).isEmpty();
    assertThat(r.file().lines()).hasSize(4);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String unescape(String s) {
    return s == null ? "" : s.replace("\\r", "\r").replace("\\n", "\n");
  }
}
