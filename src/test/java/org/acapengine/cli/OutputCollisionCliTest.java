package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every command that writes files refuses outputs that collide — with each other, or with an
 * input — before it reads or writes anything: one line, exit 2, every file as it was.
 */
class OutputCollisionCliTest {

  @TempDir
  Path dir;

  private Path robots;
  private Path collection;
  private Path sitemap;

  @BeforeEach
  void copyInputs() throws IOException {
    robots = Files.copy(Path.of("docs/examples/robots.txt"), dir.resolve("robots.txt"));
    collection = Files.copy(Path.of("docs/examples/collection.scp.gz"), dir.resolve("in.scp.gz"));
    sitemap = Files.copy(Path.of("docs/examples/llm-sitemap.json"), dir.resolve("llm-sitemap.json"));
  }

  private AcapRun.Result scp(String out, String report) {
    List<String> args = new ArrayList<>(List.of("scp", "filter", "--robots", robots.toString(), "--site", "https://example.com",
        "--crawler", "examplebot", "--usage", "index", collection.toString(), "-o", out));
    if (report != null) {
      args.addAll(List.of("--report", "json", report));
    }
    return AcapRun.run(args.toArray(String[]::new));
  }

  /** -o, --report: which file each names, and the one line that refuses them. */
  @ParameterizedTest(name = "[{index}] -o {0} --report {1}")
  @CsvSource(delimiter = '|', value = {
      "out.scp.gz       | out.scp.gz          | -o and --report name the same file (DIR/out.scp.gz): give each its own",
      "out.scp.gz       | sub/../out.scp.gz   | -o and --report name the same file (DIR/sub/../out.scp.gz): give each its own",
      "in.scp.gz        |                     | -o DIR/in.scp.gz is the input collection, which it would replace: write the output elsewhere",
      "./in.scp.gz      |                     | -o DIR/./in.scp.gz is the input collection, which it would replace: write the output elsewhere",
      "out.scp.gz       | robots.txt          | --report DIR/robots.txt is the --robots file, which it would replace: write the output elsewhere",
      "link-to-input.gz |                     | -o DIR/link-to-input.gz is the input collection, which it would replace: write the output elsewhere",
  })
  void scpFilterRefusesCollidingOutputs(String out, String report, String message) throws IOException {
    Files.createDirectories(dir.resolve("sub"));
    Files.createSymbolicLink(dir.resolve("link-to-input.gz"), collection);
    byte[] before = Files.readAllBytes(collection);
    byte[] robotsBefore = Files.readAllBytes(robots);
    AcapRun.Result r = scp(dir.resolve(out).toString(), report == null ? null : dir + "/" + report);
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).containsExactly("acap: " + message.strip().replace("DIR", dir.toString()));
    assertThat(Files.readAllBytes(collection)).isEqualTo(before);
    assertThat(Files.readAllBytes(robots)).isEqualTo(robotsBefore);
    assertThat(dir.resolve("out.scp.gz")).doesNotExist();
  }

  @Test
  void distinctOutputsAreWritten() {
    AcapRun.Result r = scp(dir.resolve("out.scp.gz").toString(), dir.resolve("report.json").toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(dir.resolve("out.scp.gz")).exists();
    assertThat(dir.resolve("report.json")).exists();
  }

  @ParameterizedTest(name = "[{index}] --dropped {0}")
  @CsvSource(delimiter = '|', value = {
      "llm-sitemap.json | --dropped DIR/llm-sitemap.json is the input sitemap, which it would replace: write the output elsewhere",
      "robots.txt       | --dropped DIR/robots.txt is the --robots file, which it would replace: write the output elsewhere",
  })
  void tctSitemapRefusesADroppedFileThatIsAnInput(String dropped, String message) throws IOException {
    byte[] before = Files.readAllBytes(dir.resolve(dropped.strip()));
    AcapRun.Result r = AcapRun.run("tct", "sitemap", "--robots", robots.toString(), "--site", "https://example.com", "--crawler", "examplebot",
        "--usage", "index", sitemap.toString(), "--dropped", dir.resolve(dropped.strip()).toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).containsExactly("acap: " + message.strip().replace("DIR", dir.toString()));
    assertThat(Files.readAllBytes(dir.resolve(dropped.strip()))).isEqualTo(before);
  }
}
