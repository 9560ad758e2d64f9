package org.acapengine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.acapengine.testing.AcapRun;

/**
 * {@code check --requests -} on lines from the fuzzer: every non-blank line gets exactly one JSON
 * object in its place, a decision or {@code {"request": N, "error": …}}, and the command exits 0.
 * Only bundled robots files may be named (a fuzzed URL would reach the network, a fuzzed path
 * any file), so other inputs are skipped.
 */
class RequestsFuzzTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @FuzzTest
  void eachLineGetsOneAnswer(String line) {
    if (line == null || line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0 || line.isBlank() || !namesOnlyTheBundledFile(line)) {
      return;
    }
    AcapRun.Result r = AcapRun.runWithInput((line + "\n").getBytes(StandardCharsets.UTF_8), "check", "--requests", "-");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.outLines()).hasSize(1);
    JsonNode answer;
    try {
      answer = JSON.readTree(r.outLines().get(0));
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + r.outLines().get(0), e);
    }
    assertThat(answer.has("error") || answer.has("allowed")).as(answer.toString()).isTrue();
  }

  /** True unless the line is a JSON object whose "robots" is anything but a bundled file. */
  private static boolean namesOnlyTheBundledFile(String line) {
    try {
      JsonNode n = JSON.readTree(line);
      JsonNode robots = n == null ? null : n.get("robots");
      return robots == null || !robots.isTextual() || robots.asText().equals(AcapRun.ROBOTS) || robots.asText().equals("docs/examples/robots.txt");
    } catch (IOException | RuntimeException e) {
      return true; // not JSON: the command answers with an error object
    }
  }
}
