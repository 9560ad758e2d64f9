package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

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
 * Every file of the real-world corpus ({@code src/test/resources/corpus/real-robots}, sources in
 * its README) parses without an exception, without the internal-error diagnostic, and with every
 * line accounted for. The corpus is part of the repository, so a missing folder is a failure.
 */
class CorpusTest {

  /** {@code src/test/resources/corpus/real-robots} from the repository root. */
  static Path corpusDir() {
    return Path.of("src", "test", "resources", "corpus", "real-robots").toAbsolutePath().normalize();
  }

  static Stream<Path> corpusFiles() throws IOException {
    Path dir = corpusDir();
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(Files::isRegularFile).sorted().toList().stream();
    }
  }

  @Test
  void theCorpusIsThere() throws IOException {
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
