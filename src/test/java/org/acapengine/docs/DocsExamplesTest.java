package org.acapengine.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every {@code console} block of docs/formats.md: each {@code $ ./acap ...} line in-process,
 * its output compared with the lines that follow it up to the next {@code $} line or the end of
 * the block. A trailing {@code 2>&1} compares standard error followed by standard output.
 */
class DocsExamplesTest {

  static final List<String> DOCS = List.of("docs/formats.md");

  record Example(String doc, int line, String command, String expected) {}

  @TestFactory
  Stream<DynamicTest> everyConsoleExamplePrintsWhatTheDocsShow() throws IOException {
    List<Example> examples = new ArrayList<>();
    for (String doc : DOCS) {
      examples.addAll(examples(doc, Files.readAllLines(Path.of(doc))));
    }
    assertThat(examples).isNotEmpty();
    return examples.stream().map(e -> DynamicTest.dynamicTest(e.doc() + ":" + e.line() + " " + e.command(), () -> {
      List<String> args = new ArrayList<>(List.of(e.command().split(" +")));
      assertThat(args.remove(0)).isEqualTo("./acap");
      boolean withErr = args.get(args.size() - 1).equals("2>&1");
      if (withErr) {
        args.remove(args.size() - 1);
      }
      AcapRun.Result r = AcapRun.run(args.toArray(String[]::new));
      assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isZero();
      if (!withErr) {
        assertThat(r.err()).as("stderr").isEmpty();
      }
      assertThat((withErr ? r.err() : "") + r.out()).isEqualTo(e.expected());
    }));
  }

  static List<Example> examples(String doc, List<String> lines) {
    List<Example> out = new ArrayList<>();
    boolean inConsole = false;
    String command = null;
    int commandLine = 0;
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (!inConsole) {
        inConsole = l.equals("```console");
        continue;
      }
      if (l.equals("```") || l.startsWith("$ ")) {
        if (command != null) {
          out.add(new Example(doc, commandLine, command, expected.toString()));
        }
        command = null;
        expected.setLength(0);
        if (l.equals("```")) {
          inConsole = false;
          continue;
        }
        command = l.substring(2).strip();
        commandLine = i + 1;
        continue;
      }
      expected.append(l).append('\n');
    }
    return out;
  }
}
