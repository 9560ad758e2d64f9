package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The lint sample set: for every finding code, {@code src/test/resources/lint/rules/CODE/} holds
 * {@code trigger.txt} (which must report the code) and {@code near-miss.txt} (a similar file that
 * must not), each with its expected output in all four formats ({@code trigger.out.text},
 * {@code .json}, {@code .sarif}, {@code .github}). A {@code trigger.args} / {@code
 * near-miss.args} file adds command-line options; every sample is linted with {@code --today
 * 2025-06-01 --resolve-references} (other files in the folder are what references load).
 *
 * <p>Absolute paths of the working directory are cut from the output before it is compared
 * (messages about loaded references name files by absolute path).
 *
 * <p>After an intended change of output, regenerate the expected files with {@code mvn test
 * -Dtest=LintGoldenTest -Dacap.updateGoldens=true} and review the diff.
 */
class LintGoldenTest {

  static final Path RULES = Path.of("src", "test", "resources", "lint", "rules");
  static final String TODAY = "2025-06-01";
  static final List<String> FORMATS = List.of("text", "json", "sarif", "github");
  static final List<String> SAMPLES = List.of("trigger", "near-miss");

  static boolean regenerate() {
    return Goldens.UPDATE;
  }

  static List<String> codes() {
    try (Stream<Path> dirs = Files.list(RULES)) {
      return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path sample(String code, String sample) {
    return RULES.resolve(code).resolve(sample + ".txt");
  }

  /** Runs acap lint on a sample as the golden files record it. */
  static AcapRun.Result lint(String code, String sample, String format) {
    List<String> args = new ArrayList<>(List.of("lint", "--format", format, "--today", TODAY, "--resolve-references"));
    Path extra = RULES.resolve(code).resolve(sample + ".args");
    if (Files.exists(extra)) {
      args.addAll(Arrays.asList(read(extra).strip().split("\\s+")));
    }
    args.add(sample(code, sample).toString().replace('\\', '/'));
    return AcapRun.run(args.toArray(new String[0]));
  }

  static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The output with the working directory taken out of absolute paths: messages about loaded
   * permissions references name the files they read by absolute path.
   */
  static String machineIndependent(String output) {
    String cwd = Path.of("").toAbsolutePath().toString().replace('\\', '/');
    return output.replace(cwd + "/", "");
  }

  @Test
  void everyCodeHasATriggerAndANearMiss() {
    Set<String> registered = LintRules.all().stream().map(Rule::code).collect(Collectors.toCollection(TreeSet::new));
    assertThat(new TreeSet<>(codes())).isEqualTo(registered);
    for (String code : codes()) {
      for (String s : SAMPLES) {
        assertThat(sample(code, s)).as(code + " " + s).exists();
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> triggerReportsItsCodeAndNearMissDoesNot() {
    return codes().stream().flatMap(code -> SAMPLES.stream().map(s -> DynamicTest.dynamicTest(code + " " + s, () -> {
      AcapRun.Result r = lint(code, s, "json");
      assertThat(r.err()).isEmpty();
      JsonNode findings = Json.MAPPER.readTree(r.out());
      List<String> reported = new ArrayList<>();
      findings.forEach(f -> reported.add(f.get("code").asText()));
      if (s.equals("trigger")) {
        assertThat(reported).as("codes reported for " + sample(code, s)).contains(code);
      } else {
        assertThat(reported).as("codes reported for " + sample(code, s)).doesNotContain(code);
      }
      boolean failing = false;
      for (JsonNode f : findings) {
        failing |= f.get("severity").asText().equals("error");
      }
      assertThat(r.exitCode()).isEqualTo(failing ? 1 : 0);
    })));
  }

  @TestFactory
  Stream<DynamicTest> outputMatchesTheGoldenFiles() {
    return codes().stream().flatMap(code -> SAMPLES.stream().flatMap(s -> FORMATS.stream().map(format ->
        DynamicTest.dynamicTest(code + " " + s + " " + format, () -> {
          Path expected = RULES.resolve(code).resolve(s + ".out." + format);
          String actual = machineIndependent(lint(code, s, format).out());
          if (regenerate()) {
            Files.writeString(expected, actual, StandardCharsets.UTF_8);
          }
          assertThat(expected).as("golden file (regenerate with -Dacap.updateGoldens=true)").exists();
          assertThat(actual).isEqualTo(read(expected));
        }))));
  }
}
