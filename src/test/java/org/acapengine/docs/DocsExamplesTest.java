package org.acapengine.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs every {@code ./acap} command in the fenced code blocks of README.md and docs/*.md
 * in-process, from the repository root, as a reader would paste it.
 *
 * <ul>
 *   <li>In a {@code console} block a command is a {@code $ ./acap ...} line, and its output is
 *       compared with the lines that follow it up to the next {@code $} line or the end of the
 *       block; a trailing {@code 2>&1} compares standard error followed by standard output, and
 *       without it standard error must be empty.
 *   <li>In any other block a command is a line that starts with {@code ./acap}; only its exit code
 *       is checked.
 * </ul>
 *
 * A line ending in {@code \} continues on the next. A trailing {@code # comment} is dropped; one
 * that says {@code exit N} (or {@code exits N}) sets the expected exit code, which is otherwise 0.
 * {@code > FILE} captures standard output instead of writing FILE, {@code < FILE} feeds standard
 * input. Files a command writes into the repository (such as {@code -o kept.scp.gz}) are deleted
 * after it. Pipes, lists and substitutions are refused, so a doc cannot show a command this test
 * does not run. Commands are read from the markdown, never listed here.
 */
class DocsExamplesTest {

  record Example(String doc, int line, String command, Optional<String> expected) {}

  /** A command line split as a POSIX shell would, with its redirections taken out. */
  record Parsed(List<String> args, Optional<String> stdoutFile, Optional<String> stdinFile, boolean errToOut, int exitCode) {}

  static List<Path> docs() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> files = Files.list(Path.of("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  @TestFactory
  Stream<DynamicTest> everyAcapCommandInTheDocsRuns() throws IOException {
    List<Example> examples = new ArrayList<>();
    for (Path doc : docs()) {
      examples.addAll(examples(doc.toString(), Files.readAllLines(doc)));
    }
    assertThat(examples).as("./acap commands in README.md and docs/*.md").hasSizeGreaterThan(10);
    assertThat(examples).as("README.md has commands").anyMatch(e -> e.doc().equals("README.md"));
    return examples.stream().map(e -> DynamicTest.dynamicTest(e.doc() + ":" + e.line() + " " + e.command(), () -> run(e)));
  }

  private static void run(Example e) throws IOException {
    Parsed p = parse(e.command());
    assertThat(p.args().get(0)).isEqualTo("./acap");
    List<String> args = p.args().subList(1, p.args().size());
    List<Path> created = args.stream().filter(DocsExamplesTest::mayBeAnOutputFile).map(Path::of).filter(f -> !Files.exists(f)).toList();
    AcapRun.Result r;
    try {
      byte[] in = p.stdinFile().isPresent() ? Files.readAllBytes(Path.of(p.stdinFile().get())) : new byte[0];
      r = AcapRun.runWithInput(in, args.toArray(String[]::new));
    } finally {
      for (Path f : created) {
        Files.deleteIfExists(f);
      }
    }
    assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isEqualTo(p.exitCode());
    if (e.expected().isPresent()) {
      if (!p.errToOut()) {
        assertThat(r.err()).as("stderr").isEmpty();
      }
      assertThat((p.errToOut() ? r.err() : "") + r.out()).isEqualTo(e.expected().get());
    }
  }

  /** A relative path that does not exist yet may be one the command writes; it is removed after. */
  private static boolean mayBeAnOutputFile(String arg) {
    return !arg.startsWith("-") && !arg.startsWith("/") && !arg.contains("://") && !arg.contains("..") && arg.matches("[A-Za-z0-9_./-]+\\.[a-z0-9]+");
  }

  /** Every {@code ./acap} command of one markdown file, with its line number. */
  static List<Example> examples(String doc, List<String> lines) {
    List<Example> out = new ArrayList<>();
    String fence = null;
    boolean console = false;
    String command = null;
    int commandLine = 0;
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      String stripped = l.strip();
      if (fence == null) {
        if (stripped.startsWith("```") || stripped.startsWith("~~~")) {
          fence = stripped.substring(0, 3);
          console = stripped.substring(3).strip().equals("console");
        }
        continue;
      }
      boolean end = stripped.equals(fence);
      if (console && (end || l.startsWith("$ ")) && command != null) {
        out.add(new Example(doc, commandLine, command, Optional.of(expected.toString())));
        command = null;
        expected.setLength(0);
      }
      if (end) {
        fence = null;
        continue;
      }
      String candidate = console ? (l.startsWith("$ ") ? l.substring(2).strip() : null) : stripped;
      if (candidate != null && (candidate.equals("./acap") || candidate.startsWith("./acap "))) {
        int first = i;
        StringBuilder joined = new StringBuilder();
        while (candidate.endsWith("\\") && i + 1 < lines.size()) {
          joined.append(candidate, 0, candidate.length() - 1).append(' ');
          candidate = lines.get(++i).strip();
        }
        joined.append(candidate);
        if (console) {
          command = joined.toString();
          commandLine = first + 1;
        } else {
          out.add(new Example(doc, first + 1, joined.toString(), Optional.empty()));
        }
      } else if (console && command != null) {
        expected.append(l).append('\n');
      }
    }
    return out;
  }

  /** Splits a command line into words (quotes, backslashes, comments) and takes out redirections. */
  static Parsed parse(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder w = null;
    String comment = "";
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (Character.isWhitespace(c)) {
        if (w != null) {
          words.add(w.toString());
          w = null;
        }
        continue;
      }
      if (w == null && c == '#') {
        comment = line.substring(i + 1);
        break;
      }
      if ("|;&`".indexOf(c) >= 0 && !(c == '&' && line.startsWith("&1", i) && w != null && w.toString().equals("2>"))) {
        throw new IllegalArgumentException("shell syntax this test does not run: '" + c + "' in " + line);
      }
      if (c == '$' && i + 1 < line.length() && "({".indexOf(line.charAt(i + 1)) >= 0) {
        throw new IllegalArgumentException("a substitution this test does not run in " + line);
      }
      if (w == null) {
        w = new StringBuilder();
      }
      if (c == '\'') {
        int close = line.indexOf('\'', i + 1);
        if (close < 0) {
          throw new IllegalArgumentException("unclosed quote in " + line);
        }
        w.append(line, i + 1, close);
        i = close;
      } else if (c == '"') {
        int j = i + 1;
        while (j < line.length() && line.charAt(j) != '"') {
          if (line.charAt(j) == '\\' && j + 1 < line.length() && "\"\\$`".indexOf(line.charAt(j + 1)) >= 0) {
            j++;
          } else if (line.charAt(j) == '$' || line.charAt(j) == '`') {
            throw new IllegalArgumentException("a substitution this test does not run in " + line);
          }
          w.append(line.charAt(j++));
        }
        if (j >= line.length()) {
          throw new IllegalArgumentException("unclosed quote in " + line);
        }
        i = j;
      } else if (c == '\\' && i + 1 < line.length()) {
        w.append(line.charAt(++i));
      } else {
        w.append(c);
      }
    }
    if (w != null) {
      words.add(w.toString());
    }
    List<String> args = new ArrayList<>();
    Optional<String> stdout = Optional.empty();
    Optional<String> stdin = Optional.empty();
    boolean errToOut = false;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("2>&1")) {
        errToOut = true;
      } else if (word.equals(">") || word.equals("<")) {
        if (i + 1 >= words.size()) {
          throw new IllegalArgumentException("a redirection without a file in " + line);
        }
        if (word.equals(">")) {
          stdout = Optional.of(words.get(++i));
        } else {
          stdin = Optional.of(words.get(++i));
        }
      } else if (word.startsWith(">") || word.startsWith("<") || word.startsWith("2>") || word.startsWith(">>")) {
        throw new IllegalArgumentException("a redirection this test does not run: " + word + " in " + line);
      } else {
        args.add(word);
      }
    }
    var exit = java.util.regex.Pattern.compile("\\bexits? (\\d+)\\b").matcher(comment);
    int code = exit.find() ? Integer.parseInt(exit.group(1)) : 0;
    return new Parsed(List.copyOf(args), stdout, stdin, errToOut, code);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "./acap parse docs/examples/robots.txt   # the model                | ./acap,parse,docs/examples/robots.txt | - | - | false | 0",
      "./acap lint 'a b.txt' \"c\\\"d\" e\\ f                                | ./acap,lint,a b.txt,c\"d,e f            | - | - | false | 0",
      "./acap lint --format sarif x.txt > out.sarif   # exits 1 on findings | ./acap,lint,--format,sarif,x.txt        | out.sarif | - | false | 1",
      "./acap check --urls - < urls.txt 2>&1                             | ./acap,check,--urls,-                   | - | urls.txt | true | 0",
      "./acap check /search?q=a#frag                                     | ./acap,check,/search?q=a#frag           | - | - | false | 0"})
  void splitsACommandAsAShellWould(String line, String args, String stdout, String stdin, boolean errToOut, int exit) {
    Parsed p = parse(line.strip());
    assertThat(p.args()).containsExactly(args.split(","));
    assertThat(p.stdoutFile()).isEqualTo(stdout.equals("-") ? Optional.empty() : Optional.of(stdout));
    assertThat(p.stdinFile()).isEqualTo(stdin.equals("-") ? Optional.empty() : Optional.of(stdin));
    assertThat(p.errToOut()).isEqualTo(errToOut);
    assertThat(p.exitCode()).isEqualTo(exit);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "./acap lint x.txt | tee out",
      "./acap lint x.txt; echo done",
      "./acap lint x.txt && echo done",
      "./acap lint $(cat files)",
      "./acap lint \"$HOME/x\"",
      "./acap lint x.txt 2> err.txt"})
  void refusesShellSyntaxItDoesNotRun(String line) {
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> parse(line));
  }

  @Test
  void findsCommandsInEveryKindOfBlockWithContinuationsAndConsoleOutput() {
    List<String> md = List.of(
        "Text ./acap not in a block",
        "```sh",
        "./acap check --robots r.txt \\",
        "             --crawler x /a   # comment",
        "mvn -B verify",
        "```",
        "```console",
        "$ ./acap hints --robots r.txt",
        "delay 1s",
        "$ ./acap --help",
        "```",
        "```yaml",
        "  run: .acap-engine/acap lint x",
        "```");
    assertThat(examples("d.md", md)).containsExactly(
        new Example("d.md", 3, "./acap check --robots r.txt  --crawler x /a   # comment", Optional.empty()),
        new Example("d.md", 8, "./acap hints --robots r.txt", Optional.of("delay 1s\n")),
        new Example("d.md", 10, "./acap --help", Optional.of("")));
  }
}
