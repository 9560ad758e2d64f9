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
import org.acapengine.internal.json.Json;
import org.junit.jupiter.api.Test;

/** Rules of the design that a reader of the code relies on, checked on the sources themselves. */
class DesignRulesTest {

  /**
   * The grammar is quarantined in {@code org.acapengine.parse} (as Trino's is in its parser
   * package): no class elsewhere imports ANTLR or the generated parser, and inside the package the
   * ACAP rules, the assembly and the conventional fast path ({@code FieldChecks}, {@code
   * AcapChecks}, {@code DocumentAssembler}, {@code ConventionalLines}) do not either, so they can be
   * read and tested without a parse tree.
   */
  @Test
  void onlyTheParsePackageImportsAntlr() throws IOException {
    Path parsePackage = Path.of("src", "main", "java", "org", "acapengine", "parse");
    try (Stream<Path> files = Files.walk(Path.of("src", "main", "java"))) {
      List<Path> importers = files.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> read(p).contains("import org.antlr") || read(p).contains("import org.acapengine.parse.grammar"))
          .toList();
      assertThat(importers).as("classes that import ANTLR or the generated parser").isNotEmpty()
          .allSatisfy(p -> assertThat(p.getParent()).as(p.toString()).isEqualTo(parsePackage));
      assertThat(importers.stream().map(p -> p.getFileName().toString()))
          .doesNotContain("FieldChecks.java", "AcapChecks.java", "DocumentAssembler.java", "ConventionalLines.java");
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

  /**
   * The grammar header's claim: SLL prediction never needs the full-LL fallback and no decision
   * looks past the end of a line, on every sample and corpus file.
   */
  @Test
  void sllPredictionSufficesAndNoDecisionLooksPastItsLine() throws IOException {
    List<Path> files = new java.util.ArrayList<>(GrammarSamplesTest.samples().toList());
    files.addAll(CorpusTest.corpusFiles().toList());
    for (Path f : files) {
      SourceDecoder.Decoded decoded = SourceDecoder.decode(Files.readAllBytes(f), ParseOptions.defaults());
      String text = decoded.lines().isEmpty() ? "" : String.join("\n", decoded.lines()) + "\n";
      org.acapengine.parse.grammar.RobotsLexer lexer = new org.acapengine.parse.grammar.RobotsLexer(
          org.antlr.v4.runtime.CharStreams.fromString(text));
      lexer.removeErrorListeners();
      org.antlr.v4.runtime.CommonTokenStream tokens = new org.antlr.v4.runtime.CommonTokenStream(lexer);
      org.acapengine.parse.grammar.RobotsParser parser = new org.acapengine.parse.grammar.RobotsParser(tokens);
      parser.removeErrorListeners();
      parser.setErrorHandler(new org.antlr.v4.runtime.BailErrorStrategy());
      parser.getInterpreter().setPredictionMode(org.antlr.v4.runtime.atn.PredictionMode.SLL);
      parser.setProfile(true);
      parser.robotsTxt(); // throws ParseCancellationException if SLL cannot parse the file
      for (org.antlr.v4.runtime.atn.DecisionInfo d : parser.getParseInfo().getDecisionInfo()) {
        assertThat(d.LL_Fallback).as("%s: full-LL fallbacks at decision %d", f.getFileName(), d.decision).isZero();
        if (d.SLL_MaxLookEvent != null) {
          org.antlr.v4.runtime.atn.LookaheadEventInfo e = d.SLL_MaxLookEvent;
          int startLine = tokens.get(e.startIndex).getLine();
          int stopLine = tokens.get(e.stopIndex).getLine();
          // the furthest token any decision looks at stands on the line the decision starts on
          assertThat(stopLine).as("%s: decision %d at line %d looked ahead to line %d", f.getFileName(), d.decision, startLine, stopLine)
              .isEqualTo(startLine);
        }
      }
    }
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
