package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * Keeps {@link PolicySize}'s estimate within a factor of two of the heap a compiled policy
 * retains as JOL measures it, after one crawler's crawl decisions (as a scheduler uses it), for small,
 * ACAP and large files.
 */
class PolicySizeTest {

  static {
    // JOL 0.17 reads field offsets of records only this way on JDK 17, and needs no agent for it.
    System.setProperty("jol.magicFieldOffset", "true");
  }

  static Stream<Arguments> files() throws IOException {
    List<Arguments> all = new ArrayList<>();
    try (Stream<Path> samples = Files.list(Path.of("grammars-samples"))) {
      samples.filter(p -> p.toString().endsWith(".txt")).sorted().forEach(p -> all.add(Arguments.of(p.toString(), read(p))));
    }
    StringBuilder big = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 5000; i++) {
      big.append("Disallow: /section-").append(i).append("/private/*.pdf\n");
    }
    all.add(Arguments.of("5000 conventional rules", big.toString().getBytes(StandardCharsets.UTF_8)));
    StringBuilder acap = new StringBuilder("ACAP-crawler: *\n");
    for (int i = 0; i < 2000; i++) {
      acap.append("ACAP-disallow-index: /archive/").append(i).append("/\nACAP-allow-crawl: /archive/").append(i).append("/\n");
    }
    all.add(Arguments.of("4000 ACAP fields", acap.toString().getBytes(StandardCharsets.UTF_8)));
    return all.stream();
  }

  private static byte[] read(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void theEstimateIsWithinAFactorOfTwoOfTheMeasuredSize(String name, byte[] content) {
    PolicyDocument doc = new RobotsTxtParser().parse(content, name);
    CompiledPolicy policy = CompiledPolicy.compile(doc);
    policy.decide(Query.of("named-crawler", "crawl", "/some/path"));
    long measured = GraphLayout.parseInstance(policy).totalSize();
    long estimate = PolicySize.estimate(doc);
    assertThat((double) estimate / measured).as("%s: estimate %d, measured %d", name, estimate, measured).isBetween(0.5, 2.0);
  }
}
