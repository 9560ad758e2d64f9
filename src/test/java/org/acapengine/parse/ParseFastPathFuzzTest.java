package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.acapengine.model.PolicyDocument;

/**
 * robots.txt from the fuzzer, parsed both ways: the document {@link RobotsTxtParser#parse} gives
 * (through {@link ConventionalLines} when every line is conventional) equals the one the grammar
 * alone gives, diagnostics and spans included. The fuzzing counterpart of {@code
 * ConventionalFastPathTest}; committed inputs under {@code ParseFastPathFuzzTestInputs/} replay in
 * every test run.
 */
class ParseFastPathFuzzTest {

  private static final RobotsTxtParser PARSER = new RobotsTxtParser(new ParseOptions(16 * 1024));

  @FuzzTest
  void agreesWithTheGrammar(byte[] content) {
    PolicyDocument fast = PARSER.parse(content, "fuzz.txt");
    PolicyDocument grammar = PARSER.parseWithGrammar(content, "fuzz.txt");
    assertThat(fast).as(() -> new String(content, StandardCharsets.UTF_8)).isEqualTo(grammar);
  }
}
