package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Instant;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.model.Diagnostic;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SitePolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SiteLoader} given an http(s) URL: fetched by {@link RobotsFetcher} (RFC 9309 2.3.1),
 * against a local server. No assertion is about time taken.
 */
class SiteLoaderUrlTest {

  private static final String ROBOTS = "User-agent: *\nDisallow: /private/\n";

  private LocalServer server;
  private final SiteLoader loader = new SiteLoader(LoadOptions.defaults());

  @BeforeEach
  void start() throws IOException {
    server = new LocalServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.port() + path;
  }

  /** status, the source's class, the verdict on /private/a, its basis. */
  @ParameterizedTest(name = "HTTP {0}")
  @CsvSource({
      "200, RobotsSource,          prohibited, conventional-rule",
      "404, UnfetchedRobotsSource, allowed,    robots-unavailable",
      "403, UnfetchedRobotsSource, allowed,    robots-unavailable",
      "500, UnfetchedRobotsSource, prohibited, robots-unreachable",
      "429, UnfetchedRobotsSource, prohibited, robots-unreachable",
  })
  void eachAnswerIsASourceThatDecides(int status, String kind, String verdict, String basis) {
    server.on("/robots.txt", LocalServer.text(status, ROBOTS));
    Loaded<PolicySource> l = loader.robotsSource(url("/robots.txt"));
    assertThat(l.failure()).isEmpty();
    PolicySource s = l.value().orElseThrow();
    assertThat(s.getClass().getSimpleName()).isEqualTo(kind);
    assertThat(s.name()).isEqualTo(url("/robots.txt"));
    var v = s.decide(Query.builder().crawlers(java.util.List.of("ExampleBot")).url("/private/a").build(), Instant.EPOCH);
    assertThat(v.verdict().label()).isEqualTo(verdict);
    assertThat(v.basis()).contains(basis);
    assertThat(v.kind()).isEqualTo("robots.txt");
  }

  @Test
  void aFileAtAnotherPathIsFetchedAsNamed() {
    server.on("/mirror/site.txt", LocalServer.text(200, ROBOTS));
    PolicySource s = loader.robotsSource(url("/mirror/site.txt")).value().orElseThrow();
    assertThat(s).isInstanceOf(RobotsSource.class);
    assertThat(server.requests).containsExactly("/mirror/site.txt");
  }

  @Test
  void robotsGivesNoCompiledPolicyWithoutAFileAndSaysWhy() {
    Loaded<?> l = loader.robots(url("/robots.txt"));
    assertThat(l.value()).isEmpty();
    assertThat(l.failure()).contains("cannot read " + url("/robots.txt") + ": " + url("/robots.txt") + " answered HTTP 404 (unavailable: everything allowed)");
  }

  @Test
  void aBodyOverTheLimitIsParsedUpToItAndMarked() {
    server.on("/robots.txt", LocalServer.endless());
    Loaded<PolicySource> l = new SiteLoader(LoadOptions.defaults().withMaxBytes(4096)).robotsSource(url("/robots.txt"));
    assertThat(l.value().orElseThrow()).isInstanceOf(RobotsSource.class);
    assertThat(l.diagnostics()).extracting(Diagnostic::code).contains("file-truncated");
    SitePolicy site = SitePolicy.builder().robots(l.value().get()).build();
    assertThat(site.decide(Query.builder().crawlers(java.util.List.of("ExampleBot")).url("/x").build()).allowed()).isFalse();
  }

  @Test
  void aRefusedReferenceFetchNamesTheFailureNotNull() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ReferenceResolver.Result r = new HttpResolver(LoadOptions.DEFAULT_TIMEOUT, 1000).fetch(URI.create("http://127.0.0.1:" + port + "/perms.txt"));
    assertThat(((ReferenceResolver.Result.Failed) r).reason()).startsWith("cannot fetch http://127.0.0.1:" + port + "/perms.txt: ").doesNotContain("null");
  }

  /**
   * One loader, one HTTP client: the robots.txt and the permissions reference it names are
   * fetched over the same kept-alive connection, where a client per fetch opened one each.
   */
  @Test
  void aRobotsUrlAndItsReferenceShareOneClient() {
    server.on("/robots.txt", LocalServer.text(200, "ACAP-crawler: *\nACAP-permissions-reference: /perms.txt\n"));
    server.on("/perms.txt", LocalServer.text(200, "ACAP-crawler: *\nACAP-disallow-index: /secret/\n"));
    Loaded<CompiledPolicy> l = loader.robots(url("/robots.txt"));
    assertThat(l.diagnostics()).isEmpty();
    assertThat(l.value().orElseThrow().decide(Query.builder().crawler("bot").usage("index").url("/secret/a").build()).allowed()).isFalse();
    assertThat(server.requests).containsExactly("/robots.txt", "/perms.txt");
    assertThat(server.clientPorts).hasSize(2).as("one connection").containsOnly(server.clientPorts.get(0));
  }
}
