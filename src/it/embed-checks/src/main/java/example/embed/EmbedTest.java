package example.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tct.TctPolicyResult;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.lint.CodeSelection;
import org.acapengine.lint.LintConfig;
import org.acapengine.lint.LintOptions;
import org.acapengine.lint.Linter;
import org.acapengine.load.FetchOptions;
import org.acapengine.load.Origin;
import org.acapengine.load.PolicyCache;
import org.acapengine.load.RobotsFetch;
import org.acapengine.load.RobotsFetcher;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.render.ExplanationText;
import org.acapengine.render.ModelJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What an application that embeds acap-engine does, run from the installed (shaded) jar whatever
 * the host put beside it: parse, decide, explain, lint with an {@code acap-lint.toml} (TOML through
 * the relocated Jackson), read JSON (llm-policy.json, model JSON) and fetch robots.txt from a real
 * HTTP server on 127.0.0.1 through {@link PolicyCache} (the relocated Caffeine, whose cache classes
 * are loaded by name).
 */
class EmbedTest {

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

  static HttpServer server;
  static String base;

  @BeforeAll
  static void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      byte[] body = ROBOTS.getBytes(StandardCharsets.UTF_8);
      boolean found = exchange.getRequestHeaders().getFirst("Host").startsWith("127.0.0.1");
      exchange.getResponseHeaders().add("Content-Type", "text/plain");
      exchange.sendResponseHeaders(found ? 200 : 404, found ? body.length : -1);
      try (OutputStream out = exchange.getResponseBody()) {
        if (found) {
          out.write(body);
        }
      }
    });
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  @Test
  void theLibraryIsTheShadedJar() throws ClassNotFoundException {
    String where = CompiledPolicy.class.getProtectionDomain().getCodeSource().getLocation().getPath();
    assertTrue(where.matches(".*/acap-engine-[^/]*\\.jar"), where);
    for (String relocated : List.of("org.acapengine.shaded.caffeine.cache.Caffeine",
        "org.acapengine.shaded.jackson.databind.ObjectMapper", "org.acapengine.shaded.guava.collect.ImmutableMap")) {
      assertEquals(where, Class.forName(relocated).getProtectionDomain().getCodeSource().getLocation().getPath());
    }
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
    Explanation why = policy.explain(query);
    assertEquals(d, why.decision());
    assertFalse(ExplanationText.of(why).isBlank());
    assertTrue(ExplanationText.of(why).contains(path), ExplanationText.of(why));
  }

  @Test
  void writesTheModelAsJson() {
    String json = ModelJson.document(new RobotsTxtParser().parse(ROBOTS.getBytes(StandardCharsets.UTF_8), "robots.txt"));
    assertTrue(json.contains("\"named-crawler\""), json);
  }

  @Test
  void readsLlmPolicyJson() {
    String json = "{\"profile\": \"tct-policy-1\", \"version\": 3, \"purposes\": {\"allow_ai_train\": false}}";
    TctPolicyResult r = new TctPolicyReader().read(json.getBytes(StandardCharsets.UTF_8), "llm-policy.json");
    assertTrue(r.policy().isPresent(), r.diagnostics().toString());
    assertTrue(r.policy().get().decide("index", Optional.of("ai-train"), Instant.now()).prohibited());
  }

  @Test
  void lintsWithItsTomlConfiguration(@TempDir Path site) throws IOException {
    Files.writeString(site.resolve("acap-lint.toml"), "ignore = [\"unknown-acap-field\"]\nfail-on = \"warning\"\n");
    byte[] robots = "ACAP-crawler: *\nACAP-dissallow-crawl: /private/\n".getBytes(StandardCharsets.UTF_8);
    assertTrue(codes(robots, CodeSelection.all()).contains("unknown-acap-field"));

    LintConfig.Result read = LintConfig.read(LintConfig.find(site).orElseThrow());
    LintConfig config = assertInstanceOf(LintConfig.Loaded.class, read).config();
    assertEquals(Optional.of("warning"), config.failOn());
    assertFalse(codes(robots, CodeSelection.all().then(config.select(), config.ignore())).contains("unknown-acap-field"));

    Files.writeString(site.resolve("acap-lint.toml"), "ignore = [\"unknown-acap-field\"\n");
    LintConfig.Invalid bad = assertInstanceOf(LintConfig.Invalid.class, LintConfig.read(site.resolve("acap-lint.toml")));
    assertTrue(bad.line() >= 1 && bad.column() >= 1, bad.describe());
  }

  private static List<String> codes(byte[] robots, CodeSelection selection) {
    Linter linter = new Linter(new LintOptions(LocalDate.now(), false, ParseOptions.defaults(), selection));
    return linter.lint("robots.txt", robots, Path.of(".")).stream().map(f -> f.diagnostic().code()).toList();
  }

  @Test
  void fetchesFromAServerOnLoopback() {
    FetchOptions options = FetchOptions.defaults().withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5));
    RobotsFetch f = new RobotsFetcher(options).fetch(Origin.parse(base + "/any").orElseThrow());
    RobotsFetch.Fetched ok = assertInstanceOf(RobotsFetch.Fetched.class, f, f.describe());
    Query q = Query.builder().crawler("named-crawler").usage("index").url(base + "/public/a").build();
    assertTrue(CompiledPolicy.compile(ok.document()).decide(q).allowed());

    String localhost = "http://localhost:" + server.getAddress().getPort();
    RobotsFetch missing = new RobotsFetcher(options).fetch(Origin.parse(localhost + "/any").orElseThrow());
    assertInstanceOf(RobotsFetch.Unavailable.class, missing, missing.describe());
  }

  @Test
  void cachesPoliciesPerOrigin() {
    PolicyCache cache = PolicyCache.builder()
        .fetchOptions(FetchOptions.defaults().withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5)))
        .build();
    Query q = Query.builder().crawler("named-crawler").usage("index").build();
    assertTrue(cache.decide(base + "/public/a", q).allowed());
    assertFalse(cache.decide(base + "/public/drafts/b", q).allowed());
    PolicyCache.Stats s = cache.stats();
    assertEquals(1, s.fetches());
    assertEquals(1, s.hits());
  }
}
