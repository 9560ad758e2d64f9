package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The {@code ./acap lint} examples of docs/lint.md run as written, from the repository root, on
 * the files under docs/examples/lint: each {@code sh} block made only of such commands runs
 * without a usage error, and when a {@code text} block follows it, that block is exactly what the
 * commands print.
 */
class LintDocExamplesTest {

  private record Example(String commands, String expected) {}

  private static List<Example> examples() throws Exception {
    List<String> lines = Files.readAllLines(Path.of("docs", "lint.md"), StandardCharsets.UTF_8);
    List<Example> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).equals("```sh")) {
        continue;
      }
      StringBuilder commands = new StringBuilder();
      boolean onlyLint = true;
      int j = i + 1;
      for (; !lines.get(j).equals("```"); j++) {
        onlyLint &= lines.get(j).startsWith("./acap lint ") && !lines.get(j).contains("|") && !lines.get(j).contains(">");
        commands.append(lines.get(j)).append('\n');
      }
      int k = j + 1;
      while (k < lines.size() && lines.get(k).isBlank()) {
        k++;
      }
      String expected = null;
      if (k < lines.size() && lines.get(k).equals("```text")) {
        StringBuilder sb = new StringBuilder();
        for (k++; !lines.get(k).equals("```"); k++) {
          sb.append(lines.get(k)).append('\n');
        }
        expected = sb.toString();
      }
      if (onlyLint) {
        out.add(new Example(commands.toString(), expected));
      }
      i = j;
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> examplesPrintWhatTheDocShows() throws Exception {
    List<Example> examples = examples();
    assertThat(examples).hasSizeGreaterThanOrEqualTo(5);
    return examples.stream().map(e -> DynamicTest.dynamicTest(e.commands().strip(), () -> {
      StringBuilder printed = new StringBuilder();
      for (String command : e.commands().split("\n")) {
        int comment = command.indexOf(" #");
        String[] words = (comment < 0 ? command : command.substring(0, comment)).substring("./acap ".length()).strip().split(" +");
        AcapRun.Result r = AcapRun.run(words);
        assertThat(r.exitCode()).as(command + ": " + r.err()).isLessThan(2);
        printed.append(r.out());
      }
      if (e.expected() != null) {
        assertThat(printed.toString()).isEqualTo(e.expected());
      }
    }));
  }
}
