package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.model.PolicyDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of the real-world corpus ({@code shared/corpus/real-robots}, beside the repository)
 * parses without an exception, without the internal-error diagnostic, and with every line
 * accounted for. Skipped, by assumption, only when the corpus folder is absent.
 */
class CorpusTest {

  /** {@code ../shared/corpus/real-robots} from the repository root (CI clones with shared/ beside it). */
  static Path corpusDir() {
    return Path.of("..", "shared", "corpus", "real-robots").toAbsolutePath().normalize();
  }

  static Stream<Path> corpusFiles() throws IOException {
    Path dir = corpusDir();
    if (!Files.isDirectory(dir)) {
      return Stream.empty();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(Files::isRegularFile).sorted().toList().stream();
    }
  }

  @Test
  void theCorpusIsThere() throws IOException {
    assumeTrue(Files.isDirectory(corpusDir()), "no corpus at " + corpusDir());
    assertThat(corpusFiles().count()).isGreaterThanOrEqualTo(100);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void parsesWithoutInternalError(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    PolicyDocument doc = new RobotsTxtParser().parse(bytes, file.getFileName().toString());
    assertThat(doc).isNotNull();
    List<String> problems = ParserPropertyTest.problems(bytes, ParseOptions.defaults());
    assertThat(problems).as(file.getFileName().toString()).isEmpty();
  }
}
