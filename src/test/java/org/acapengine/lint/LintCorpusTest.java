package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.model.Severity;
import org.acapengine.parse.ParseOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of the real-world corpus ({@code src/test/resources/corpus/real-robots}) lints
 * without an exception, every finding carries a registered code, and the largest file lints
 * quickly.
 */
class LintCorpusTest {

  static Path corpusDir() {
    return Path.of("src", "test", "resources", "corpus", "real-robots").toAbsolutePath().normalize();
  }

  static Stream<Path> corpusFiles() throws IOException {
    try (Stream<Path> files = Files.list(corpusDir())) {
      return files.filter(Files::isRegularFile).sorted().toList().stream();
    }
  }

  private static final Linter LINTER = new Linter(new LintOptions(LocalDate.of(2025, 6, 1), true, ParseOptions.defaults()));

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void lintsWithoutException(Path file) throws IOException {
    byte[] bytes = read(file);
    List<Finding> findings = LINTER.lint(file.getFileName().toString(), bytes, file.getParent());
    for (Finding f : findings) {
      assertThat(LintRules.byCode(f.diagnostic().code())).as(f.toString()).isPresent();
      assertThat(f.diagnostic().message()).doesNotContain("internal error");
      assertThat(f.diagnostic().message().lines().count()).as("one-line message").isEqualTo(1);
    }
  }

  @Test
  void theLargestFileLintsQuickly() throws IOException {
    Path largest = corpusFiles().max((a, b) -> Long.compare(size(a), size(b))).orElseThrow();
    byte[] bytes = read(largest);
    LINTER.lint("warm-up", bytes, largest.getParent());
    long start = System.nanoTime();
    List<Finding> findings = LINTER.lint(largest.getFileName().toString(), bytes, largest.getParent());
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(findings).isNotEmpty();
    assertThat(findings.stream().noneMatch(f -> f.diagnostic().severity() == Severity.ERROR)).isTrue();
    assertThat(millis).as("lint of %s (%d bytes) in ms", largest.getFileName(), size(largest)).isLessThan(3_000);
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      return 0;
    }
  }

  /** The first 500 KiB + 1 bytes, as acap lint reads a file. */
  private static byte[] read(Path p) throws IOException {
    try (var in = Files.newInputStream(p)) {
      return in.readNBytes((int) ParseOptions.DEFAULT_MAX_BYTES + 1);
    }
  }
}
