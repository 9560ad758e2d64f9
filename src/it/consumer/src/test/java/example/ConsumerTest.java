package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.collections.io.Compression;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * What a project that depends on org.acapengine:acap-engine and nothing else receives: the
 * dependency tree and class path carry no picocli, zstd-jni, antlr4-runtime, Guava, Jackson or
 * Caffeine (the last four are relocated inside the jar), and the library
 * still parses, decides and explains, and reads gzip collections without zstd-jni.
 */
class ConsumerTest {

  static final String ROBOTS = String.join("\n",
      "User-agent: *",
      "Disallow: /",
      "",
      "ACAP-crawler: *",
      "ACAP-disallow-crawl: /",
      "ACAP-crawler: named-crawler",
      "ACAP-allow-crawl: /public/",
      "ACAP-allow-index: /public/",
      "ACAP-disallow-index: /public/drafts/",
      "");

  @ParameterizedTest
  @ValueSource(strings = {"info.picocli:picocli", "com.github.luben:zstd-jni", "org.antlr:antlr4-runtime",
      "com.google.guava:guava", "com.google.guava:failureaccess", "com.fasterxml.jackson.core:jackson-databind",
      "com.fasterxml.jackson.core:jackson-core", "com.fasterxml.jackson.core:jackson-annotations",
      "com.fasterxml.jackson.dataformat:jackson-dataformat-toml", "com.github.ben-manes.caffeine:caffeine",
      "com.github.crawler-commons:crawler-commons"})
  void theDependencyTreeLeavesOut(String coordinates) throws IOException {
    String tree = Files.readString(Path.of("target", "dependency-tree.txt"));
    assertTrue(tree.contains("org.acapengine:acap-engine:jar:"), tree);
    assertFalse(tree.contains(coordinates + ":"), tree);
  }

  @ParameterizedTest
  @ValueSource(strings = {"picocli.CommandLine", "com.github.luben.zstd.ZstdInputStream", "org.antlr.v4.runtime.Parser",
      "com.google.common.collect.ImmutableMap", "com.fasterxml.jackson.databind.ObjectMapper",
      "com.fasterxml.jackson.core.JsonFactory", "com.github.benmanes.caffeine.cache.Caffeine"})
  void theClassPathLeavesOut(String className) {
    assertThrows(ClassNotFoundException.class, () -> Class.forName(className));
  }

  @ParameterizedTest
  @CsvSource({
      "named-crawler, index, /public/a,        true,  ACAP_FIELD",
      "named-crawler, index, /public/drafts/x, false, ACAP_FIELD",
      "otherbot,      crawl, /public/a,        false, ACAP_FIELD"})
  void parsesDecidesAndExplains(String crawler, String usage, String path, boolean allowed, Basis basis) {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(ROBOTS.getBytes(StandardCharsets.UTF_8), "robots.txt"));
    Query query = Query.builder().crawler(crawler).usage(usage).url(path).build();
    Decision d = policy.decide(query);
    assertEquals(allowed, d.allowed());
    assertEquals(basis, d.basis());
    assertEquals(d, policy.explain(query).decision());
  }

  @Test
  void gzipWorksWithoutZstdJni() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = Compression.GZIP.encoder(bytes)) {
      out.write("page".getBytes(StandardCharsets.UTF_8));
    }
    try (InputStream in = Compression.GZIP.decoder(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals("page", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void zstdWithoutZstdJniIsAOneLineError() {
    IOException e = assertThrows(IOException.class, () -> Compression.ZSTD.decoder(new ByteArrayInputStream(new byte[8])));
    assertTrue(e.getMessage().contains("com.github.luben:zstd-jni"), e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }
}
