package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.acapengine.render.Json;
import org.junit.jupiter.api.Test;

/** Rules of the design that a reader of the code relies on, checked on the sources themselves. */
class DesignRulesTest {

  @Test
  void onlyTreeToModelImportsAntlr() throws IOException {
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
      List<String> importers = files.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> read(p).contains("import org.antlr"))
          .map(p -> p.getFileName().toString())
          .toList();
      assertThat(importers).containsExactly("TreeToModel.java");
    }
  }

  @Test
  void theParseJsonDocNamesEveryKeyTheGoldensUse() throws IOException {
    String doc = read(Path.of("docs", "parse-json.md"));
    Set<String> keys = new TreeSet<>();
    try (Stream<Path> files = Files.list(GrammarSamplesTest.SAMPLES)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".expected.json")).toList()) {
        collectKeys(Json.MAPPER.readTree(read(p)), keys);
      }
    }
    assertThat(keys).isNotEmpty();
    assertThat(keys.stream().filter(k -> !doc.contains("`" + k + "`")).toList()).as("keys docs/parse-json.md does not name").isEmpty();
  }

  private static void collectKeys(JsonNode node, Set<String> keys) {
    if (node.isObject()) {
      for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
        String k = it.next();
        keys.add(k);
        collectKeys(node.get(k), keys);
      }
    } else if (node.isArray()) {
      node.forEach(n -> collectKeys(n, keys));
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
