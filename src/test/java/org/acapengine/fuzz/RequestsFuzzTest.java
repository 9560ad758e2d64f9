package org.acapengine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.acapengine.cli.AcapCommand;
import org.acapengine.cli.Io;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code check --requests -} on lines from the fuzzer: every non-blank line gets exactly one JSON
 * object in its place, a decision or {@code {"request": N, "error": …}}, and the command exits 0.
 * Only bundled robots files may be named (a fuzzed URL would reach the network, a fuzzed path
 * any file), so other inputs are skipped.
 *
 * <p>The command tree is built once and run again for every input, as a reused picocli
 * {@link CommandLine} resets its options before each parse: building it (picocli reads every
 * command's annotations) took 1.4 of the 1.7 ms an execution cost. What runs is what
 * {@code acap check --requests -} runs, through {@link AcapCommand#execute}.
 */
class RequestsFuzzTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Reused ACAP = new Reused();

  @FuzzTest
  void eachLineGetsOneAnswer(byte[] input) {
    // byte[], not String: Jazzer reads a String parameter's seed files in its own serialised form
    // (a null flag, then the text), so the committed JSON lines never reached a decision.
    String line = new String(input, StandardCharsets.UTF_8);
    if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0 || line.isBlank() || !namesOnlyTheBundledFile(line)) {
      return;
    }
    byte[] stdin = Arrays.copyOf(input, input.length + 1);
    stdin[input.length] = '\n';
    AcapRun.Result r = ACAP.run(stdin, "check", "--requests", "-");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.outLines()).hasSize(1);
    JsonNode answer;
    try {
      answer = JSON.readTree(r.outLines().get(0));
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + r.outLines().get(0), e);
    }
    assertThat(answer.has("error") || answer.has("allowed")).as(answer.toString()).isTrue();
    assertThat(answer.path("error").asText("")).as("a bug answered as an error").doesNotContain("internal error");
  }

  /** True unless the line is a JSON object whose "robots" is anything but a bundled file. */
  private static boolean namesOnlyTheBundledFile(String line) {
    try {
      // As the command reads it: stripped as String.strip strips (which takes U+001C..U+001F for
      // white space), then JSON. Reading the line unstripped once let "\u001F{\"robots\": \"http://…"
      // through as "not JSON", and the command fetched it.
      JsonNode n = JSON.readTree(line.strip());
      JsonNode robots = n == null ? null : n.get("robots");
      return robots == null || !robots.isTextual() || robots.asText().equals(AcapRun.ROBOTS) || robots.asText().equals("docs/examples/robots.txt");
    } catch (IOException | RuntimeException e) {
      return true; // not JSON: the command answers with an error object
    }
  }

  /** One {@code acap} command tree over streams that each run points somewhere new. */
  private static final class Reused {
    private final Input in = new Input();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final Io io = new Io(in, new PrintWriter(out), new PrintWriter(err), false);
    private final CommandLine acap = AcapCommand.commandLine(io);

    AcapRun.Result run(byte[] stdin, String... args) {
      in.from(stdin);
      out.getBuffer().setLength(0);
      err.getBuffer().setLength(0);
      int code = AcapCommand.execute(acap, io, args);
      return new AcapRun.Result(code, out.toString(), err.toString());
    }
  }

  /** Standard input that reads, for each run, that run's bytes. */
  private static final class Input extends FilterInputStream {
    Input() {
      super(new ByteArrayInputStream(new byte[0]));
    }

    void from(byte[] bytes) {
      in = new ByteArrayInputStream(bytes);
    }
  }

  /** The reuse the fuzz target relies on: a run after runs with other options answers as a fresh tree does. */
  @Test
  void aReusedTreeAnswersAsAFreshOne() {
    Reused reused = new Reused();
    byte[] line = ("{\"robots\":\"" + AcapRun.ROBOTS + "\",\"url\":\"https://example.com/private/x\",\"crawler\":\"Googlebot\",\"usage\":\"index\"}\n").getBytes(StandardCharsets.UTF_8);
    List<String[]> runs = List.of(
        new String[] {"check", "--requests", "-"},
        new String[] {"check", "--requests", "-", "--conventional-applies-to", "crawl,index"},
        new String[] {"check", "--requests", "-", "--no-such-option"},
        new String[] {"check", "--requests", "-"});
    List<AcapRun.Result> answers = new ArrayList<>();
    for (String[] args : runs) {
      AcapRun.Result fresh = AcapRun.runWithInput(line, args);
      assertThat(reused.run(line, args)).as(String.join(" ", args)).isEqualTo(fresh);
      answers.add(fresh);
    }
    // The option changes the answer, so a tree that kept it would have failed above.
    assertThat(answers.get(1).out()).isNotEqualTo(answers.get(0).out());
  }
}
