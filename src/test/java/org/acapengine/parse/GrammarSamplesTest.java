package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.internal.json.Json;
import org.acapengine.model.PolicyDocument;
import org.acapengine.render.ModelJson;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code grammars-samples/NAME.robots.txt} parses to the JSON in {@code NAME.expected.json}
 * beside it: the output of {@code acap parse --format json NAME.robots.txt} run inside that
 * folder. Run with {@code -Dacap.updateGoldens=true} to rewrite the goldens from the current
 * parser (then review every changed line before committing; see docs/grammar.md).
 */
class GrammarSamplesTest {

  static final Path SAMPLES = Path.of("grammars-samples");
  static final String SUFFIX = ".robots.txt";
  private static final boolean UPDATE = Goldens.UPDATE;

  static Stream<Path> samples() throws IOException {
    try (Stream<Path> files = Files.list(SAMPLES)) {
      return files.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).sorted().toList().stream();
    }
  }

  static Path goldenOf(Path sample) {
    String name = sample.getFileName().toString();
    return sample.resolveSibling(name.substring(0, name.length() - SUFFIX.length()) + ".expected.json");
  }

  /** The JSON text acap parse --format json prints for the sample, read under its file name. */
  static String jsonOf(Path sample) throws IOException {
    PolicyDocument doc = new RobotsTxtParser().parse(Files.readAllBytes(sample), sample.getFileName().toString());
    return ModelJson.document(doc) + "\n";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void sampleParsesToItsGolden(Path sample) throws IOException {
    String actual = jsonOf(sample);
    Path golden = goldenOf(sample);
    if (UPDATE) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
      return;
    }
    assertThat(golden).as("golden for %s (create it with -Dacap.updateGoldens=true, then review it)", sample).exists();
    JsonNode expected = Json.MAPPER.readTree(Files.readString(golden, StandardCharsets.UTF_8));
    List<String> diffs = JsonDiff.diff(expected, Json.MAPPER.readTree(actual));
    if (!diffs.isEmpty()) {
      fail(sample.getFileName() + " does not parse to " + golden.getFileName() + " (-Dacap.updateGoldens=true rewrites it):\n"
          + JsonDiff.describe(diffs));
    }
  }

  @Test
  void everyGoldenHasItsSample() throws IOException {
    try (Stream<Path> files = Files.list(SAMPLES)) {
      List<Path> orphans = files.filter(p -> p.getFileName().toString().endsWith(".expected.json"))
          .filter(p -> {
            String n = p.getFileName().toString();
            return !Files.exists(p.resolveSibling(n.substring(0, n.length() - ".expected.json".length()) + SUFFIX));
          })
          .toList();
      assertThat(orphans).as("goldens without a sample").isEmpty();
    }
  }

  @Test
  void thereAreEnoughSamples() throws IOException {
    assertThat(samples().count()).isGreaterThanOrEqualTo(15);
  }
}
