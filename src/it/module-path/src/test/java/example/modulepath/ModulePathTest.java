package example.modulepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.module.ModuleDescriptor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.lint.CodeSelection;
import org.acapengine.lint.LintConfig;
import org.acapengine.lint.LintOptions;
import org.acapengine.lint.Linter;
import org.acapengine.load.FetchOptions;
import org.acapengine.load.PolicyCache;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.render.ModelJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * acap-engine as a named module: its descriptor (not an automatic module's), the API exported and
 * the internals not, and the relocated Jackson and Caffeine working inside the module.
 */
class ModulePathTest {

  static final String ROBOTS = "User-agent: *\nDisallow: /private/\n\nACAP-crawler: named-crawler\nACAP-disallow-index: /public/drafts/\n";

  static final Module ACAP = CompiledPolicy.class.getModule();

  @Test
  void theLibraryIsANamedModuleWithItsOwnDescriptor() {
    assertTrue(getClass().getModule().isNamed(), "this test runs in the application module");
    assertEquals("org.acapengine", ACAP.getName());
    assertFalse(ACAP.getDescriptor().isAutomatic(), "a module descriptor, not Automatic-Module-Name");
    assertFalse(ACAP.getDescriptor().isOpen());
  }

  @Test
  void itExportsTheApiUnqualifiedAndNothingElse() {
    Set<String> exported = new TreeSet<>();
    for (ModuleDescriptor.Exports e : ACAP.getDescriptor().exports()) {
      assertFalse(e.isQualified(), e.toString());
      exported.add(e.source());
    }
    assertTrue(exported.containsAll(List.of("org.acapengine.model", "org.acapengine.parse", "org.acapengine.eval",
        "org.acapengine.load", "org.acapengine.site", "org.acapengine.lint", "org.acapengine.render",
        "org.acapengine.compat.crawlercommons")), exported.toString());
    for (String internal : List.of("org.acapengine.cli", "org.acapengine.parse.grammar", "org.acapengine.collections.io",
        "org.acapengine.internal.json", "org.acapengine.shaded.jackson.databind", "org.acapengine.shaded.caffeine.cache",
        "org.acapengine.shaded.antlr4.runtime")) {
      assertTrue(ACAP.getPackages().contains(internal), internal + " is in the module");
      assertFalse(ACAP.isExported(internal), internal + " is not exported");
    }
  }

  @Test
  void theCommandLineCannotBeReachedFromOutside() throws Exception {
    Class<?> main = Class.forName("org.acapengine.cli.Main", false, ACAP.getClassLoader());
    assertThrows(IllegalAccessException.class, () -> main.getMethod("main", String[].class).invoke(null, (Object) new String[] {"--version"}));
  }

  @Test
  void decidesAndExplains() {
    assertFalse(Embedding.decide(ROBOTS, "otherbot", "crawl", "/private/a").allowed());
    assertTrue(Embedding.decide(ROBOTS, "named-crawler", "index", "/public/a").allowed());
    assertFalse(Embedding.decide(ROBOTS, "named-crawler", "index", "/public/drafts/a").allowed());
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(ROBOTS.getBytes(StandardCharsets.UTF_8), "robots.txt"));
    Query q = Query.builder().crawler("named-crawler").usage("index").url("/public/drafts/a").build();
    assertEquals(policy.decide(q), policy.explain(q).decision());
  }

  /** Jackson, relocated into the module: JSON out, TOML in. */
  @Test
  void writesJsonAndReadsTheLintConfiguration(@TempDir Path site) throws IOException {
    assertTrue(ModelJson.document(new RobotsTxtParser().parse(ROBOTS.getBytes(StandardCharsets.UTF_8), "robots.txt")).contains("\"named-crawler\""));
    Files.writeString(site.resolve("acap-lint.toml"), "ignore = [\"unknown-acap-field\"]\nfail-on = \"warning\"\n");
    LintConfig config = assertInstanceOf(LintConfig.Loaded.class, LintConfig.read(LintConfig.find(site).orElseThrow())).config();
    Linter linter = new Linter(new LintOptions(LocalDate.now(), false, ParseOptions.defaults(), CodeSelection.all().then(config.select(), config.ignore())));
    byte[] robots = "ACAP-crawler: *\nACAP-dissallow-crawl: /private/\n".getBytes(StandardCharsets.UTF_8);
    assertTrue(linter.lint("robots.txt", robots, Path.of(".")).stream().noneMatch(f -> f.diagnostic().code().equals("unknown-acap-field")));
  }

  /** Caffeine, relocated into the module, loads its cache classes by name. */
  @Test
  void cachesPoliciesFetchedFromLoopback() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      byte[] body = ROBOTS.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      PolicyCache cache = PolicyCache.builder().fetchOptions(FetchOptions.defaults().withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5))).build();
      Query q = Query.builder().crawler("otherbot").usage("crawl").build();
      assertTrue(cache.decide(base + "/public/a", q).allowed());
      assertFalse(cache.decide(base + "/private/a", q).allowed());
      assertEquals(1, cache.stats().fetches());
    } finally {
      server.stop(0);
    }
  }
}
