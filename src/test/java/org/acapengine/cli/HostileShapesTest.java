package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.acapengine.internal.json.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hostile shapes of the second adversarial probe, each run by {@code acap check} in a child
 * JVM with a 128 MiB heap (as a user's {@code java -Xmx128m -jar acap.jar} would): whatever limit
 * a shape hits, the run ends with one escaped line on standard error and exit code 2, never a
 * stack trace; a shape that fits is answered, exit 0. In a {@code --requests} batch, a robots.txt
 * beyond the heap is its own lines' error answer and the batch goes on. One shape is far beyond
 * any heap of 128 MiB (a 60 MB file, allowed by {@code --max-bytes}), so the limit is surely hit
 * whatever later work makes the other shapes fit.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class HostileShapesTest {

  @TempDir
  static Path dir;

  static Path beyondTheHeap;

  @BeforeAll
  static void writeShapes() throws IOException {
    // One composite usage of 3 000 members over one resource set of 3 000 patterns, one permission.
    write("product.txt", "ACAP-composite-usage: big " + " crawl".repeat(3000).strip() + "\nACAP-resource-set: set "
        + IntStream.range(0, 3000).mapToObj(i -> "/p" + i).collect(Collectors.joining(" ")) + "\nACAP-crawler: *\nACAP-allow-(big): the-acap:resource-set:set\n");
    // The same with distinct qualifiers, so that nothing collapses.
    write("product-qualified.txt", IntStream.range(0, 3000).mapToObj(i -> "ACAP-qualified-usage: q" + i + " present-snippet max-length=" + i + "-chars\n")
        .collect(Collectors.joining()) + "ACAP-composite-usage: big " + IntStream.range(0, 3000).mapToObj(i -> "(q" + i + ")").collect(Collectors.joining(" "))
        + "\nACAP-resource-set: set " + IntStream.range(0, 3000).mapToObj(i -> "/p" + i).collect(Collectors.joining(" "))
        + "\nACAP-crawler: *\nACAP-allow-(big): the-acap:resource-set:set\n");
    write("x-lines.txt", "x\n".repeat(256_000));
    write("qualifier-ties.txt", "ACAP-crawler: *\n" + IntStream.range(0, 14_530).mapToObj(i -> "ACAP-allow-index: / max-length=" + i + "-chars\n")
        .collect(Collectors.joining()));
    write("content-usage.txt", "User-agent: *\n" + IntStream.range(0, 16_000).mapToObj(i -> "Content-Usage: /*R*" + i + " train-ai=n\n")
        .collect(Collectors.joining()));
    write("long-line.txt", "User-agent: *\nDisallow: /" + "a".repeat(500_000) + "\n");
    beyondTheHeap = dir.resolve("beyond-the-heap.txt");
    try (OutputStream out = Files.newOutputStream(beyondTheHeap)) {
      byte[] block = "Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n".repeat(1000).getBytes(StandardCharsets.US_ASCII);
      out.write("User-agent: *\n".getBytes(StandardCharsets.US_ASCII));
      for (long written = 0; written < 60_000_000L; written += block.length) {
        out.write(block);
      }
    }
  }

  private static void write(String name, String content) {
    try {
      Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What a child run gave. */
  record Run(int exitCode, String out, List<String> err) {}

  private static Run acap(String stdin, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(stdin.getBytes(StandardCharsets.UTF_8));
    }
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("acap " + String.join(" ", args) + " did not finish");
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readAllLines(err));
  }

  /**
   * A limit hit is one line and exit 2; a shape within the limits is answered, exit 0, and says on
   * standard error only that it was cut at the size limit, if it was (a shape over 500 KiB).
   */
  private static void oneLineOrAnswered(Run r, String shape) {
    if (r.exitCode() == 0) {
      assertThat(r.err()).as(shape).allSatisfy(l -> assertThat(l).startsWith(dir.resolve(shape) + ":").contains(":1: warning file-truncated the file is over the limit"));
      assertThat(r.out().lines()).as(shape).hasSize(3);
    } else {
      assertThat(r.exitCode()).as(shape + ": " + r.err()).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err()).as(shape).singleElement().asString().startsWith("acap: ").doesNotContain("\tat ").doesNotContain("Exception in");
      assertThat(r.out()).as(shape).isEmpty();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"product.txt", "product-qualified.txt", "x-lines.txt", "qualifier-ties.txt", "content-usage.txt", "long-line.txt"})
  void eachShapeIsAnsweredOrOneLine(String shape) throws Exception {
    Run r = acap("", "check", "--robots", dir.resolve(shape).toString(), "--crawler", "bot", "--usage", "crawl,index,present-snippet", "/p1/x");
    oneLineOrAnswered(r, shape);
  }

  @Test
  void aFileBeyondTheHeapIsOneLine() throws Exception {
    Run r = acap("", "check", "--max-bytes", "70000000", "--robots", beyondTheHeap.toString(), "--crawler", "bot", "/p1/x");
    assertThat(r.exitCode()).as(String.join("\n", r.err())).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).singleElement().asString().startsWith("acap: out of memory: the input needs more than the ");
  }

  /**
   * In a batch, a robots.txt beyond the heap is an error answer for each line that names it, with
   * the line's number, and every other line, before and after, is answered.
   */
  @Test
  void inABatchAFileBeyondTheHeapIsItsLinesError() throws Exception {
    String good = dir.resolve("long-line.txt").toString();
    String requests = request(good, "/a") + request(beyondTheHeap.toString(), "/b") + request(dir.resolve("product.txt").toString(), "/p1/x")
        + request(good, "/b") + request(beyondTheHeap.toString(), "/c");
    Run r = acap(requests, "check", "--max-bytes", "70000000", "--requests", "-");
    assertThat(r.exitCode()).as(String.join("\n", r.err())).isZero();
    assertThat(r.err()).isEmpty();
    List<JsonNode> answers = r.out().lines().map(HostileShapesTest::json).toList();
    assertThat(answers).hasSize(5);
    assertThat(answers.get(0).get("allowed").asBoolean()).isTrue();
    for (int i : new int[] {1, 4}) {
      assertThat(answers.get(i).get("request").asInt()).isEqualTo(i + 1);
      assertThat(answers.get(i).get("error").asText()).startsWith("cannot compile " + beyondTheHeap + ": it needs more memory than the heap allows");
    }
    assertThat(answers.get(2).has("allowed") || answers.get(2).get("error").asText().contains("more memory than the heap allows")).isTrue();
    assertThat(answers.get(3).get("allowed").asBoolean()).isTrue();
  }

  private static String request(String robots, String url) {
    return "{\"robots\": " + Json.MAPPER.valueToTree(robots) + ", \"crawler\": \"bot\", \"url\": \"" + url + "\"}\n";
  }

  private static JsonNode json(String line) {
    try {
      return Json.MAPPER.readTree(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
