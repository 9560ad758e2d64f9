package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.acapengine.testing.HostileShapes;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hostile definition shapes (issue 26, item 1) as a user meets them: {@code acap explain
 * --format json} and a {@code check --requests} batch over every usage, each in a child JVM with
 * a 128 MiB heap, where a 35 KB file of this kind used to exhaust 1 GiB. Each completes with exit
 * 0 and nothing on standard error, and the explanation stays bounded (the first steps listed, the
 * rest counted). Were a
 * limit hit instead, the command would have to exit 2 with one line on standard error; the test
 * accepts that answer and no other failure.
 */
class HostileShapesChildJvmTest {

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # shape                   | usage           | path
      composite-x-set           | present-snippet | /p2999/x
      composite-x-set-qualified | present-snippet | /p1234/x
      composite-x-set-local     | u2999           | /p17/x
      qualifier-ties            | index           | /any/path
      """)
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void completesWithin128MiB(String shape, String usage, String path) throws Exception {
    Path robots = dir.resolve(shape + ".txt");
    Files.writeString(robots, HostileShapes.of(shape), StandardCharsets.UTF_8);
    // JSON, the larger of the two formats (the text is held in-process: HostileDefinitionsTest, ExplainMaxRulesTest)
    Child explain = run("explain", "--robots", robots.toString(), "--crawler", "bot", "--usage", usage, "--format", "json", path);
    explain.assertCompletedOrRefusedInOneLine();
    if (explain.exit == 0) {
      // at most a thousand steps for the usage and a thousand for others, whatever the product (about 600 bytes a step)
      assertThat(explain.out.length()).isLessThan(2 << 20);
      assertThat(explain.out).contains("\"allowed\" : true");
    }
    // a batch over every usage of the dictionary and the shape's own
    Path requests = dir.resolve(shape + ".jsonl");
    List<String> lines = new ArrayList<>();
    for (String u : List.of("crawl", "index", "follow", "preserve", "present", "other", "present-snippet", "present-thumbnail", usage)) {
      lines.add("{\"robots\": \"" + robots.toString().replace("\\", "\\\\") + "\", \"crawler\": \"bot\", \"usage\": \"" + u + "\", \"url\": \"" + path
          + "\"}");
    }
    Files.write(requests, lines, StandardCharsets.UTF_8);
    Child batch = run("check", "--requests", requests.toString());
    batch.assertCompletedOrRefusedInOneLine();
    if (batch.exit == 0) {
      assertThat(batch.out.lines()).hasSize(lines.size());
      assertThat(batch.out.lines().toList().get(lines.size() - 1)).contains("\"allowed\":true");
    }
  }

  /** A child JVM's exit code and output. */
  private record Child(int exit, String out, String err) {
    void assertCompletedOrRefusedInOneLine() {
      if (exit == 2) {
        assertThat(err.lines()).as("a limit is one line on standard error").hasSize(1);
        return;
      }
      assertThat(exit).as("exit code; stderr: %s", err).isZero();
      assertThat(err).isEmpty();
    }
  }

  private Child run(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
        "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "org.acapengine.cli.Main"));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(p.waitFor(150, TimeUnit.SECONDS)).as("the child finished").isTrue();
    return new Child(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }
}
