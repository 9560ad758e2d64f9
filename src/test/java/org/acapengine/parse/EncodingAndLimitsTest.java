package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.acapengine.internal.json.Json;
import org.acapengine.model.AcapField;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Span;
import org.acapengine.render.ModelJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Line endings, byte order marks, bad bytes, long lines and the size limit. */
class EncodingAndLimitsTest {

  private static final String[] LINES = {
    "User-agent: *", "Disallow: /private/", "", "ACAP-crawler: *", "ACAP-allow-index: /news/ time-limit=3-days"};

  private static PolicyDocument parse(byte[] bytes) {
    return new RobotsTxtParser().parse(bytes, "test.txt");
  }

  private static PolicyDocument parse(byte[] bytes, long maxBytes) {
    return new RobotsTxtParser(ParseOptions.defaults().withMaxBytes(maxBytes)).parse(bytes, "test.txt");
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The model without the source facts (byte counts differ between line endings). */
  private static String model(PolicyDocument doc) {
    try {
      var json = (ObjectNode) Json.MAPPER.readTree(ModelJson.document(doc));
      json.remove("source");
      return Json.compact(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A UTF-16 file with its byte order mark is read as UTF-16 — the model of the same file in
   * UTF-8 — with a warning, not as bytes with a NUL in every other one (which would hold no rule).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"UTF-16LE", "UTF-16BE"})
  void aUtf16FileWithItsByteOrderMarkIsReadAsUtf16(String charset) {
    String text = String.join("\n", LINES) + "\n";
    byte[] utf16 = ("\uFEFF" + text).getBytes(java.nio.charset.Charset.forName(charset));
    PolicyDocument doc = parse(utf16);
    assertThat(doc.conventionalGroups()).isEqualTo(parse(bytes(text)).conventionalGroups());
    assertThat(doc.acapRecords()).isEqualTo(parse(bytes(text)).acapRecords());
    assertThat(doc.source().lines()).containsExactly(LINES);
    assertThat(doc.source().validUtf8()).isFalse();
    assertThat(doc.diagnostics()).extracting(d -> d.code() + " " + d.span().line() + " " + d.message()).containsExactly(
        "invalid-utf8 1 the file is " + charset + " (it starts with a UTF-16 byte order mark): read as " + charset
            + ", though RFC 9309 2.2 asks for UTF-8 and crawlers that read it as UTF-8 find no rule in it");
  }

  // ---- line endings -----------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"LF", "CR", "CRLF", "mixed", "no final newline", "CRLF, no final newline"})
  void everyLineEndingGivesTheSameModel(String how) {
    String lf = String.join("\n", LINES) + "\n";
    String text = switch (how) {
      case "LF" -> lf;
      case "CR" -> lf.replace("\n", "\r");
      case "CRLF" -> lf.replace("\n", "\r\n");
      case "mixed" -> LINES[0] + "\r" + LINES[1] + "\r\n" + LINES[2] + "\n" + LINES[3] + "\r" + LINES[4] + "\r\n";
      case "no final newline" -> String.join("\n", LINES);
      default -> String.join("\r\n", LINES);
    };
    PolicyDocument doc = parse(bytes(text));
    assertThat(doc.source().lines()).containsExactly(LINES);
    assertThat(model(doc)).isEqualTo(model(parse(bytes(lf))));
    assertThat(doc.diagnostics()).isEmpty();
    assertThat(doc.acapRecords().get(0).fields().get(0).span().line()).isEqualTo(5);
  }

  @Test
  void crThenCrlfIsAnEmptyLineBetween() {
    PolicyDocument doc = parse(bytes("User-agent: a\r\r\nDisallow: /x\n\rAllow: /y"));
    assertThat(doc.source().lines()).containsExactly("User-agent: a", "", "Disallow: /x", "", "Allow: /y");
    assertThat(doc.conventionalGroups().get(0).rules()).extracting(r -> r.span().line()).containsExactly(3, 5);
  }

  @Test
  void emptyInputsHaveNoLines() {
    assertThat(parse(new byte[0]).source().lines()).isEmpty();
    assertThat(parse(bytes("\n")).source().lines()).containsExactly("");
    assertThat(parse(bytes("\r\n\r\n")).source().lines()).containsExactly("", "");
    assertThat(parse(new byte[0]).diagnostics()).isEmpty();
  }

  // ---- byte order mark ----------------------------------------------------------------------------

  @Test
  void aLeadingBomIsSkippedAndReported() {
    byte[] text = bytes("User-agent: *\nDisallow: /x\n");
    byte[] withBom = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, text);
    PolicyDocument doc = parse(withBom);
    assertThat(doc.source().hadByteOrderMark()).isTrue();
    assertThat(doc.source().byteLength()).isEqualTo(withBom.length);
    assertThat(doc.source().lines().get(0)).isEqualTo("User-agent: *");
    assertThat(doc.conventionalGroups().get(0).userAgents().get(0).value()).isEqualTo("*");
    assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly("byte-order-mark");
    assertThat(doc.diagnostics().get(0).span()).isEqualTo(Span.ofLine(1, 1, 1));
    assertThat(doc.conventionalGroups()).isEqualTo(parse(text).conventionalGroups());
  }

  @Test
  void aBomAloneIsAnEmptyFile() {
    PolicyDocument doc = parse(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    assertThat(doc.source().lines()).isEmpty();
    assertThat(doc.source().hadByteOrderMark()).isTrue();
  }

  @Test
  void aBomElsewhereIsPartOfTheText() {
    PolicyDocument doc = parse(bytes("# x\n\uFEFFUser-agent: *\n"));
    assertThat(doc.source().hadByteOrderMark()).isFalse();
    assertThat(doc.conventionalGroups()).isEmpty();
    assertThat(doc.fileFields()).extracting(f -> f.name()).containsExactly("\uFEFFUser-agent");
  }

  // ---- invalid UTF-8 ---------------------------------------------------------------------------

  @Test
  void invalidUtf8IsReadLenientlyAndReportedAtItsLineAndColumn() {
    byte[] input = concat(bytes("User-agent: *\nDisallow: /caf"), new byte[] {(byte) 0xE9}, bytes("/\n"),
        bytes("Allow: /\u00e9\ud83d\ude00"), new byte[] {(byte) 0x80}, bytes("x\n"));
    PolicyDocument doc = parse(input);
    assertThat(doc.source().validUtf8()).isFalse();
    assertThat(doc.conventionalGroups().get(0).rules()).extracting(r -> r.pattern())
        .containsExactly("/caf\ufffd/", "/\u00e9\ud83d\ude00\ufffdx");
    List<Diagnostic> bad = doc.diagnostics().stream().filter(d -> d.code().equals("invalid-utf8")).toList();
    assertThat(bad).hasSize(2);
    // "Disallow: /caf" is 14 characters: the bad byte is column 15
    assertThat(bad.get(0).span()).isEqualTo(Span.ofLine(2, 15, 1));
    // "Allow: /" 8, e-acute 1, the emoji 2 UTF-16 units: column 12
    assertThat(bad.get(1).span()).isEqualTo(Span.ofLine(3, 12, 1));
    assertThat(bad.get(0).message()).contains("line 2");
  }

  @Test
  void validUtf8IsNotReported() {
    PolicyDocument doc = parse(bytes("User-agent: *\nDisallow: /\u00e9t\u00e9/\u4e2d\ud83d\ude00\n"));
    assertThat(doc.source().validUtf8()).isTrue();
    assertThat(doc.diagnostics()).isEmpty();
  }

  @Test
  void manyBadLinesAreReportedTenTimesThenSummed() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < 25; i++) {
      out.writeBytes(bytes("Disallow: /"));
      out.write(0xFF);
      out.write('\n');
    }
    PolicyDocument doc = parse(out.toByteArray());
    List<Diagnostic> bad = doc.diagnostics().stream().filter(d -> d.code().equals("invalid-utf8")).toList();
    assertThat(bad).hasSize(11);
    assertThat(bad).anySatisfy(d -> assertThat(d.message()).startsWith("15 more lines"));
  }

  @Test
  void columnsAfterSupplementaryCharactersCountUtf16Units() {
    String line = "ACAP-allow-index: /\ud83d\ude00\ud83d\ude00/ time-limit=soon";
    PolicyDocument doc = parse(bytes("ACAP-crawler: bot\n" + line + "\n"));
    Diagnostic d = doc.diagnostics().get(0);
    assertThat(d.code()).isEqualTo("invalid-qualifier-value");
    assertThat(d.span().column()).isEqualTo(line.indexOf("time-limit") + 1);
    assertThat(d.span().endColumn()).isEqualTo(line.length());
  }

  // ---- NUL bytes -----------------------------------------------------------------------------------

  @Test
  void nulBytesAreOrdinaryCharacters() {
    PolicyDocument doc = parse(bytes("User-agent: a\u0000b\nDisallow: /x\u0000y\n\u0000\n"));
    assertThat(doc.conventionalGroups().get(0).userAgents().get(0).value()).isEqualTo("a\u0000b");
    assertThat(doc.conventionalGroups().get(0).rules().get(0).pattern()).isEqualTo("/x\u0000y");
    assertThat(doc.unparsedLines()).extracting(u -> u.span().line()).containsExactly(3);
  }

  // ---- long lines and the size limit --------------------------------------------------------------

  @Test
  void aOneMegabyteLineIsParsedWhenTheLimitAllowsIt() {
    String pattern = "/" + "a".repeat(1024 * 1024);
    byte[] input = bytes("User-agent: *\nDisallow: " + pattern + "\nAllow: /b\n");
    PolicyDocument doc = parse(input, 4L * 1024 * 1024);
    assertThat(doc.source().truncated()).isFalse();
    assertThat(doc.conventionalGroups().get(0).rules()).extracting(r -> r.pattern()).containsExactly(pattern, "/b");
    assertThat(doc.diagnostics()).isEmpty();
  }

  @Test
  void aOneMegabyteLineIsCutByTheDefaultLimit() {
    String pattern = "/" + "a".repeat(1024 * 1024);
    PolicyDocument doc = parse(bytes("User-agent: *\nDisallow: /x\nDisallow: " + pattern + "\nAllow: /b\n"));
    assertThat(doc.source().truncated()).isTrue();
    assertThat(doc.source().lines()).containsExactly("User-agent: *", "Disallow: /x");
    assertThat(doc.conventionalGroups().get(0).rules()).extracting(r -> r.pattern()).containsExactly("/x");
    assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly("file-truncated");
    Diagnostic d = doc.diagnostics().get(0);
    assertThat(d.span().line()).isEqualTo(3);
    assertThat(d.message()).contains("512000 bytes").contains("line 3");
  }

  @Test
  void theDefaultLimitIs500KiB() {
    assertThat(ParseOptions.defaults().maxBytes()).isEqualTo(500L * 1024);
    assertThat(new RobotsTxtParser().options()).isEqualTo(ParseOptions.defaults());
  }

  @Test
  void contentBeyondTheLimitIsNotParsedNorTheLineItCuts() {
    String line = "Disallow: /p0123456789\n"; // 23 bytes
    String text = "User-agent: *\n" + line.repeat(10); // 14 + 230 bytes
    // the limit falls inside the 5th Disallow line (line 6): lines 1-5 are parsed
    long limit = 14 + 4 * 23 + 10;
    PolicyDocument doc = parse(bytes(text), limit);
    assertThat(doc.source().truncated()).isTrue();
    assertThat(doc.source().lines()).hasSize(5);
    assertThat(doc.source().byteLength()).isEqualTo(text.length());
    assertThat(doc.conventionalGroups().get(0).rules()).hasSize(4);
    assertThat(doc.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo("file-truncated");
      assertThat(d.span().line()).isEqualTo(6);
      assertThat(d.message()).contains(limit + " bytes").contains("line 6");
    });
  }

  @Test
  void aLineThatEndsExactlyAtTheLimitIsParsed() {
    String text = "User-agent: *\nDisallow: /a\nDisallow: /b\n"; // 14 + 13 + 13 = 40 bytes
    assertThat(parse(bytes(text), 40).source().truncated()).isFalse();
    assertThat(parse(bytes(text), 40).source().lines()).hasSize(3);
    // the terminator of a line belongs to it: one byte short, and the last line is not parsed
    PolicyDocument cut = parse(bytes(text), 39);
    assertThat(cut.source().truncated()).isTrue();
    assertThat(cut.source().lines()).hasSize(2);
    // with CRLF, the limit between CR and LF cuts the line too
    String crlf = "User-agent: *\r\nDisallow: /a\r\n"; // 15 + 14
    assertThat(parse(bytes(crlf), 28).source().lines()).hasSize(1);
    assertThat(parse(bytes(crlf), 29).source().lines()).hasSize(2);
    // no final newline: the last line ends with the file
    assertThat(parse(bytes("User-agent: *\nDisallow: /a"), 26).source().truncated()).isFalse();
  }

  @Test
  void aLimitInsideTheFirstLineLeavesNothing() {
    PolicyDocument doc = parse(bytes("User-agent: *\nDisallow: /\n"), 5);
    assertThat(doc.source().lines()).isEmpty();
    assertThat(doc.conventionalGroups()).isEmpty();
    assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly("file-truncated");
    assertThat(doc.diagnostics().get(0).span().line()).isEqualTo(1);
  }

  @Test
  void theLimitCountsBytesNotCharacters() {
    // "Disallow: /" + 10 two-byte characters + "\n": 32 bytes, 22 characters
    String text = "Disallow: /" + "\u00e9".repeat(10) + "\n";
    RobotsTxtParser parser = new RobotsTxtParser(new ParseOptions(31));
    assertThat(parser.parse(text, "t").source().truncated()).isTrue();
    assertThat(new RobotsTxtParser(new ParseOptions(32)).parse(text, "t").source().truncated()).isFalse();
  }

  @Test
  void theLimitMustBePositive() {
    assertThatThrownBy(() -> new ParseOptions(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ParseOptions.defaults().withMaxBytes(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theModelIsImmutable() {
    PolicyDocument doc = parse(bytes(String.join("\n", LINES)));
    assertThatThrownBy(() -> doc.diagnostics().add(doc.diagnostics().isEmpty() ? null : doc.diagnostics().get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> doc.acapRecords().get(0).fields().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> doc.conventionalGroups().get(0).rules().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> doc.source().lines().clear()).isInstanceOf(UnsupportedOperationException.class);
    Map<Integer, List<String>> nodes = ModelLines.nodesByLine(doc);
    assertThat(nodes).containsKeys(1, 2, 4, 5);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  @Test
  void diagnosticsOfOneCodeAreCappedWithASummary() {
    StringBuilder line = new StringBuilder("ACAP-crawler: *\nACAP-allow-index: /x");
    for (int i = 0; i < 2500; i++) {
      line.append(" q").append(i).append("=v");
    }
    PolicyDocument doc = new RobotsTxtParser().parse(line + "\n", "robots.txt");
    List<Diagnostic> unknown = doc.diagnostics().stream().filter(d -> d.code().equals("unknown-qualifier")).toList();
    assertThat(unknown).hasSize(1001);
    assertThat(unknown).filteredOn(d -> d.message().startsWith("1500 more 'unknown-qualifier' diagnostics"))
        .singleElement().satisfies(d -> assertThat(d.span().line()).isEqualTo(2));
    // Nothing is lost from the model: the field keeps all its qualifiers.
    AcapField.Permission p = (AcapField.Permission) doc.acapRecords().get(0).fields().get(0);
    assertThat(p.qualifiers()).hasSize(2500);
  }
}
