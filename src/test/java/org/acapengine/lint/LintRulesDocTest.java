package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/lint-rules.md is generated from the rule registry ({@link LintRules}) and the lint sample
 * set (each rule's trigger sample and what acap lint says about it), so that it cannot drift:
 * this test fails when the file differs from what it would generate. Regenerate with {@code mvn
 * test -Dtest=LintRulesDocTest -Dacap.updateGoldens=true}.
 */
class LintRulesDocTest {

  static final Path DOC = Path.of("docs", "lint-rules.md");
  private static final int MAX_SAMPLE_LINES = 30;
  private static final int MAX_SAMPLE_LINE = 100;

  @Test
  void docsLintRulesIsUpToDate() throws IOException {
    String generated = generate();
    if (LintGoldenTest.regenerate()) {
      Files.writeString(DOC, generated, StandardCharsets.UTF_8);
    }
    assertThat(DOC).as("docs/lint-rules.md (regenerate with -Dacap.updateGoldens=true)").exists();
    assertThat(Files.readString(DOC, StandardCharsets.UTF_8)).isEqualTo(generated);
  }

  static String generate() throws IOException {
    List<Rule> rules = LintRules.all();
    StringBuilder sb = new StringBuilder();
    sb.append("# acap lint: the finding codes\n\n")
        .append("Generated from the rule registry (`org.acapengine.model.DiagnosticCode` and `org.acapengine.lint.LintCode`) and the lint\n")
        .append("sample set (`src/test/resources/lint/rules/CODE/`) by `LintRulesDocTest`, which fails when this file is stale.\n")
        .append("Regenerate it with `mvn test -Dtest=LintRulesDocTest -Dacap.updateGoldens=true`. `acap lint --list-rules` prints the\n")
        .append("same codes. How to run lint and read its output: [lint.md](lint.md).\n\n")
        .append("Every finding has a stable code, a severity and a one-line message naming the offending text. The severity says how\n")
        .append("sure the problem is: **error** — an ACAP-aware crawler would misread the file or ignore what was written; **warning** —\n")
        .append("legal, but probably not what was meant; **info** — worth knowing, nothing to fix. *Reported by* says which part of\n")
        .append("acap-engine finds it: the parser (also shown by `acap parse`), the evaluator (loading permissions references, with\n")
        .append("`--resolve-references`) or lint itself. Each example is the rule's trigger sample, linted with `--today 2025-06-01\n")
        .append("--resolve-references`; its near-miss, a similar file that must not trigger the rule, stands beside it.\n\n");
    sb.append("| code | severity | reported by | what triggers it |\n| --- | --- | --- | --- |\n");
    for (Rule r : rules) {
      sb.append("| [`").append(r.code()).append("`](#").append(r.code()).append(") | ").append(r.severity().label()).append(" | ")
          .append(r.origin()).append(" | ").append(r.title().replace("|", "\\|")).append(" |\n");
    }
    for (Rule r : rules) {
      sb.append("\n## ").append(r.code()).append("\n\n");
      sb.append("**").append(r.severity().label()).append("**, reported by ").append(r.origin().equals("lint") ? "lint" : "the " + r.origin());
      if (r.origin().equals("evaluator")) {
        sb.append(" (with `--resolve-references`)");
      }
      sb.append(".\n\nWhat triggers it: ").append(r.title()).append(".\n\n");
      Path dir = LintGoldenTest.RULES.resolve(r.code());
      Path args = dir.resolve("trigger.args");
      sb.append("Example (`").append(dir.resolve("trigger.txt").toString().replace('\\', '/')).append("`");
      if (Files.exists(args)) {
        sb.append(", linted with `").append(Files.readString(args).strip()).append("`");
      }
      sb.append("):\n\n```text\n").append(sample(Files.readAllBytes(dir.resolve("trigger.txt")))).append("```\n\n");
      sb.append("gives\n\n```text\n");
      for (String line : Files.readAllLines(dir.resolve("trigger.out.text"), StandardCharsets.UTF_8)) {
        if (line.contains(": " + r.severity().label() + " " + r.code() + " ")) {
          sb.append(line).append('\n');
        }
      }
      sb.append("```\n\n");
      sb.append("How to fix: ").append(r.help()).append('\n');
    }
    return sb.toString();
  }

  /** The sample as readable text: bytes that are not UTF-8 as \xNN, a BOM as <U+FEFF>, long lines and files cut. */
  static String sample(byte[] bytes) {
    String text = readable(bytes);
    List<String> lines = new ArrayList<>(text.lines().toList());
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < lines.size() && i < MAX_SAMPLE_LINES; i++) {
      String line = lines.get(i);
      if (line.length() > MAX_SAMPLE_LINE) {
        line = line.substring(0, MAX_SAMPLE_LINE) + "... (" + (line.length() - MAX_SAMPLE_LINE) + " more characters)";
      }
      sb.append(line).append('\n');
    }
    if (lines.size() > MAX_SAMPLE_LINES) {
      sb.append("... (").append(lines.size() - MAX_SAMPLE_LINES).append(" more lines)\n");
    }
    return sb.toString();
  }

  private static String readable(byte[] bytes) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length * 4 + 16);
    while (true) {
      CoderResult r = decoder.decode(in, out, true);
      if (r.isError()) {
        for (int i = 0; i < r.length(); i++) {
          out.put(String.format("\\x%02X", in.get() & 0xFF));
        }
      } else {
        break;
      }
    }
    decoder.flush(out);
    out.flip();
    return out.toString().replace("\uFEFF", "<U+FEFF>");
  }
}
