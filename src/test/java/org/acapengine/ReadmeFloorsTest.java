package org.acapengine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's "How it is built" table gives every package the floor {@link LayeringTest} enforces:
 * the map a contributor reads is the plan the build checks.
 */
class ReadmeFloorsTest {

  /** Package (top-level area) to floor, as the README's table gives them. */
  static Map<String, Integer> readmeFloors(String readme) {
    int start = readme.indexOf("\n## How it is built\n");
    assertThat(start).as("README has a How it is built section").isNotNegative();
    int end = readme.indexOf("\n## ", start + 1);
    String section = readme.substring(start, end < 0 ? readme.length() : end);
    Map<String, Integer> floors = new TreeMap<>();
    Matcher row = Pattern.compile("(?m)^\\| (\\d+) \\| ([^|]+) \\|").matcher(section);
    while (row.find()) {
      int floor = Integer.parseInt(row.group(1));
      Matcher pkg = Pattern.compile("`([a-z][a-z.*]*)`").matcher(row.group(2));
      while (pkg.find()) {
        String area = pkg.group(1).split("\\.")[0];
        Integer before = floors.put(area, floor);
        assertThat(before).as("%s on one floor", area).isIn(null, floor);
      }
    }
    return floors;
  }

  @Test
  void theReadmeTableHasLayeringTestsFloors() throws IOException {
    Map<String, Integer> readme = readmeFloors(Files.readString(Path.of("README.md"), StandardCharsets.UTF_8));
    assertThat(readme).isEqualTo(new TreeMap<>(LayeringTest.FLOORS));
  }

  @Test
  void readsPackagesAndFloorsFromTheTable() {
    String md = "x\n## How it is built\n\n| floor | packages | what |\n| --- | --- | --- |\n| 0 | `model` | the `Verdict` |\n"
        + "| 2 | `eval`, `eval.match`, `adapters.*` | `CompiledPolicy` |\n\n## Next\n| 9 | `cli` | x |\n";
    assertThat(readmeFloors(md)).containsExactly(Map.entry("adapters", 2), Map.entry("eval", 2), Map.entry("model", 0));
  }
}
