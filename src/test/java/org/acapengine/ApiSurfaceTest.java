package org.acapengine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.Test;

/**
 * The exported API, type by type and member by member, as a golden file ({@code
 * api/surface.txt}): a change to it shows in review as a diff of this file. Rewrite it with
 * {@code -Dacap.updateGoldens=true}. Whether a change is compatible is {@code
 * ApiCompatibilityTest}'s business; this test also checks that the API names nothing a caller
 * cannot use (a type of an internal package, a relocated library).
 */
class ApiSurfaceTest {

  static final Path GOLDEN = Path.of("src", "test", "resources", "api", "surface.txt");

  @Test
  void theExportedSurfaceIsTheReviewedOne() throws IOException {
    String actual = String.join("\n", ApiSurface.lines()) + "\n";
    if (Goldens.UPDATE) {
      Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
    }
    assertThat(Files.exists(GOLDEN)).as("%s exists (run with -D%s=true to write it)", GOLDEN, Goldens.PROPERTY).isTrue();
    assertThat(actual).as("the API changed: review the diff, then run with -D%s=true", Goldens.PROPERTY)
        .isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
  }

  @Test
  void theApiNamesOnlyTheJdkAndExportedTypes() {
    assertThat(ApiSurface.foreignTypes()).as("types of internal packages or other libraries in the API").isEmpty();
  }

  @Test
  void theSurfaceIsNotEmptyAndLeavesOutTheInternals() {
    List<String> lines = ApiSurface.lines();
    assertThat(lines).contains("package org.acapengine.eval", "package org.acapengine.compat.crawlercommons")
        .noneMatch(l -> l.startsWith("package org.acapengine.cli") || l.startsWith("package org.acapengine.parse.grammar")
            || l.startsWith("package org.acapengine.collections"));
    assertThat(lines).anyMatch(l -> l.contains("public final class org.acapengine.eval.CompiledPolicy"));
  }
}
