package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.model.Diagnostic;
import org.acapengine.site.PolicySource;
import org.acapengine.site.SitePolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SiteLoader}: every outcome is a value — content problems are diagnostics, an
 * unreadable file a failure — and nothing is printed to standard output or standard error.
 */
class SiteLoaderTest {

  @TempDir
  Path dir;

  private final PrintStream stdout = System.out;
  private final PrintStream stderr = System.err;
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  @BeforeEach
  void capture() {
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void nothingPrinted() {
    System.setOut(stdout);
    System.setErr(stderr);
    // Jazzer, once a fuzz test has run in this JVM, reports each class it instruments as it loads.
    assertThat(printed.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("INFO: Instrumented ")))
        .as("the loader prints nothing").isEmpty();
  }

  private static InputStream stdin(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  private Path write(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  private static List<String> codes(Loaded<?> l) {
    return l.diagnostics().stream().map(Diagnostic::code).toList();
  }

  @Test
  void aFileWithAReferenceLoadsItFromTheDocumentRoot() throws IOException {
    write("bots.txt", "ACAP-crawler: *\nACAP-disallow-index: /secret/\n");
    Path robots = write("robots.txt", "ACAP-crawler: *\nACAP-permissions-reference: /bots.txt\n");
    Loaded<CompiledPolicy> l = new SiteLoader(LoadOptions.defaults()).robots(robots.toString());
    assertThat(l.failure()).isEmpty();
    assertThat(l.source()).isEqualTo(robots.toString());
    CompiledPolicy p = l.value().orElseThrow();
    assertThat(p.references().values()).singleElement().satisfies(r -> assertThat(r.document()).isPresent());
    assertThat(p.decide(Query.builder().crawler("bot").usage("index").url("/secret/a").build()).allowed()).isFalse();
  }

  /** The JDK's HTTP client starts a selector thread when built; these are its names. */
  private static Set<String> httpClientThreads() {
    return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
        .filter(n -> n.startsWith("HttpClient-") && n.endsWith("-SelectorManager")).collect(java.util.stream.Collectors.toSet());
  }

  /**
   * A loader builds its HTTP client at its first fetch: each command run in process (a batch, a
   * fuzz target's run, a server's per-request loader) made one, and with it a thread, for local
   * files too.
   */
  @Test
  void aLoadOfLocalFilesStartsNoHttpClient() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /x/\n");
    Set<String> before = httpClientThreads();
    for (int i = 0; i < 3; i++) {
      SiteLoader loader = new SiteLoader(LoadOptions.defaults());
      assertThat(loader.robots(robots.toString()).value()).isPresent();
    }
    assertThat(httpClientThreads()).as("no HTTP client built").isSubsetOf(before);
    // The check can see a client: a fetch builds one (a closed port on loopback: refused at once).
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    RobotsFetch refused = new RobotsFetcher(FetchOptions.defaults()).fetch(Origin.parse("http://127.0.0.1:" + port + "/").orElseThrow());
    assertThat(refused).as("nothing answered").isNotInstanceOf(RobotsFetch.Fetched.class);
    assertThat(httpClientThreads()).as("the fetch built a client").isNotEqualTo(before);
  }

  @Test
  void standardInputIsTheStreamGiven() {
    Loaded<CompiledPolicy> l = new SiteLoader(LoadOptions.defaults(), stdin("User-agent: *\nDisallow: /x/\n")).robots("-");
    assertThat(l.source()).isEqualTo("-");
    assertThat(l.value().orElseThrow().decide(Query.builder().crawler("bot").url("/x/a").build()).allowed()).isFalse();
  }

  /** Unreadable files are failures with the message the command line prints, never exceptions. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "missing      | no-such-file.txt | : no such file",
      "directory    | .                | : it is a directory",
      "invalid path | a\u0000b          | : not a valid path",
  })
  void anUnreadableFileIsAFailure(String what, String name, String reason) {
    String source = name.equals(".") ? dir.toString() : dir + "/" + name;
    SiteLoader loader = new SiteLoader(LoadOptions.defaults());
    for (Loaded<?> l : List.of(loader.robots(source), loader.llmPolicy(source), loader.scorpion(source))) {
      assertThat(l.value()).as(what).isEmpty();
      assertThat(l.failure()).as(what).contains("cannot read " + source + reason);
      assertThat(l.diagnostics()).as(what).isEmpty();
    }
  }

  @Test
  void anOversizedRobotsTxtIsADiagnosticAndTheRestIsUsed() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /a/\n" + "# padding\n".repeat(20));
    Loaded<CompiledPolicy> l = new SiteLoader(LoadOptions.defaults().withMaxBytes(40)).robots(robots.toString());
    assertThat(l.failure()).isEmpty();
    assertThat(codes(l)).contains("file-truncated");
    assertThat(l.value().orElseThrow().decide(Query.builder().crawler("bot").url("/a/b").build()).allowed()).isFalse();
  }

  @Test
  void anOversizedScorpionFileIsADiagnostic() throws IOException {
    Path crawl = write("crawl", "c/" + "x".repeat(600 * 1024) + "\n");
    Loaded<?> l = new SiteLoader(LoadOptions.defaults()).scorpion(crawl.toString());
    assertThat(l.value()).isPresent();
    assertThat(l.diagnostics()).isNotEmpty();
  }

  @Test
  void aReferenceThatCannotBeLoadedIsADiagnosticAtItsLine() throws IOException {
    Path robots = write("site/robots.txt", "ACAP-crawler: *\nACAP-permissions-reference: /../outside.txt\n"
        + "ACAP-crawler: other\nACAP-permissions-reference: https://example.com/x.txt\n");
    Loaded<CompiledPolicy> l = new SiteLoader(LoadOptions.defaults()).robots(robots.toString());
    assertThat(l.value()).isPresent();
    assertThat(l.diagnostics()).extracting(d -> d.code() + "@" + d.span().line())
        .containsExactly("unresolved-permissions-reference@2", "unresolved-permissions-reference@4");
    assertThat(l.diagnostics().get(1).message()).contains("URLs are fetched only when network access is allowed");
  }

  @Test
  void aReferencedFileCutAtTheLimitIsADiagnosticAtItsLineAndANotice() throws IOException {
    write("more.txt", "ACAP-crawler: *\nACAP-disallow-crawl: /a\n" + "ACAP-disallow-crawl: /b\n".repeat(20));
    Path robots = write("robots.txt", "User-agent: *\nDisallow:\n\nACAP-crawler: *\nACAP-permissions-reference: /more.txt\n");
    SiteLoader loader = new SiteLoader(LoadOptions.defaults().withMaxBytes(200));
    Loaded<CompiledPolicy> l = loader.robots(robots.toString());
    assertThat(l.diagnostics()).extracting(d -> d.code() + "@" + d.span().line()).containsExactly("file-truncated@5");
    assertThat(l.diagnostics().get(0).message()).isEqualTo("'/more.txt' (" + dir.resolve("more.txt") + ") is over the size limit: its line 9 and all after it are not parsed");
    // what a command prints: the robots.txt's notices hold it, though its other findings are lint's
    assertThat(loader.load(SiteFiles.none().withRobots(robots.toString())).notices())
        .extracting(n -> n.source() + ":" + n.diagnostic().span().line() + " " + n.diagnostic().code())
        .containsExactly(robots + ":5 file-truncated");
  }

  @Test
  void aHeldRobotsSourceCutAtTheLimitIsANotice() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /a\n" + "Disallow: /b\n".repeat(20));
    SiteLoader loader = new SiteLoader(LoadOptions.defaults().withMaxBytes(100));
    CompiledPolicy cut = loader.robots(robots.toString()).value().orElseThrow();
    // a source the caller holds (the service's, from its cache) says it was cut as a file read does
    assertThat(loader.load(SiteFiles.none(), new org.acapengine.site.RobotsSource(cut)).notices())
        .extracting(n -> n.source() + " " + n.diagnostic().code()).containsExactly(robots + " file-truncated");
    CompiledPolicy whole = new SiteLoader(LoadOptions.defaults()).robots(robots.toString()).value().orElseThrow();
    assertThat(loader.load(SiteFiles.none(), new org.acapengine.site.RobotsSource(whole)).notices()).isEmpty();
  }

  @Test
  void aReferenceHoldingAReferenceIsADiagnostic() throws IOException {
    write("bots.txt", "ACAP-crawler: *\nACAP-permissions-reference: /more.txt\n");
    Path robots = write("robots.txt", "ACAP-crawler: *\nACAP-permissions-reference: /bots.txt\n");
    assertThat(codes(new SiteLoader(LoadOptions.defaults()).robots(robots.toString()))).containsExactly("nested-permissions-reference");
  }

  @Test
  void anLlmPolicyRejectedWholeHasNoValueAndSaysWhy() {
    Loaded<?> l = new SiteLoader(LoadOptions.defaults(), stdin("{\"profile\": tr")).llmPolicy("-");
    assertThat(l.value()).isEmpty();
    assertThat(l.failure()).isEmpty();
    assertThat(codes(l)).containsExactly("tct-not-json");
  }

  @Test
  void anUnusableUrlIsAFailure() {
    Loaded<CompiledPolicy> l = new SiteLoader(LoadOptions.defaults()).robots("http://exa mple.com/robots.txt");
    assertThat(l.failure()).contains("cannot read http://exa mple.com/robots.txt: not a valid URL");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"-,''", "robots.txt,''", "sub/robots.txt,sub"})
  void theDocumentRootIsTheFilesDirectory(String source, String expected) {
    Path cwd = Path.of("").toAbsolutePath();
    assertThat(SiteLoader.documentRoot(source)).isEqualTo(cwd.resolve(expected));
  }

  @Test
  void loadOptionsCarryTheConventionalUsagesToCompiling() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /x/\n");
    Query index = Query.builder().crawler("bot").usage("index").url("/x/a").build();
    assertThat(new SiteLoader(LoadOptions.defaults()).robots(robots.toString()).value().orElseThrow().decide(index).allowed()).isTrue();
    assertThat(new SiteLoader(LoadOptions.defaults().withConventionalAppliesTo(Set.of("crawl", "Index"))).robots(robots.toString())
        .value().orElseThrow().decide(index).allowed()).isFalse();
  }

  /** The whole site: every file made a source, in one order whatever the order named. */
  @Test
  void aSiteIsItsFilesInOneOrder() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nContent-Signal: ai-train=no\nDisallow: /x/\n");
    Path llm = write("llm-policy.json", Files.readString(Path.of("docs/examples/llm-policy.json")));
    Path crawl = write("crawl", "c/\n");
    Path tdm = write("tdmrep.json", "[{\"location\": \"/\", \"tdm-reservation\": 1}]");
    LoadedSite site = new SiteLoader(LoadOptions.defaults()).load(SiteFiles.none().withContentUsage("train-ai=n").withTdmRep(tdm.toString())
        .withScorpion(crawl.toString()).withLlmPolicy(llm.toString()).withRobots(robots.toString()));
    assertThat(site.failure()).isEmpty();
    assertThat(site.notices()).isEmpty();
    assertThat(site.policy().orElseThrow().sources()).extracting(s -> s.kind() + " " + s.name()).containsExactly(
        "robots.txt " + robots, "content-signal " + robots, "llm-policy.json " + llm, "scorpion " + crawl, "tdmrep " + tdm,
        "content-usage Content-Usage header");
    assertThat(site.files()).extracting(Loaded::source).containsExactly(robots.toString(), llm.toString(), crawl.toString(), tdm.toString(),
        "Content-Usage header");
  }

  /**
   * A file rejected whole is left out, as if the site had none, and its rejection is a notice;
   * the robots.txt's own findings are not notices (they are lint's).
   */
  @Test
  void aRejectedFileIsLeftOutAndNoted() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisalow: /x/\n");
    Path llm = write("llm-policy.json", "{\"profile\": tr");
    LoadedSite site = new SiteLoader(LoadOptions.defaults()).load(SiteFiles.none().withRobots(robots.toString()).withLlmPolicy(llm.toString()));
    assertThat(site.failure()).isEmpty();
    assertThat(site.policy().orElseThrow().sources()).extracting(PolicySource::kind).containsExactly("robots.txt");
    assertThat(site.notices()).extracting(n -> n.source() + " " + n.diagnostic().code()).containsExactly(llm + " tct-not-json");
    assertThat(site.files().get(0).diagnostics()).isNotEmpty();
  }

  /** A file that cannot be read fails the site, naming it; the others are still loaded, and reported. */
  @Test
  void anUnreadableFileFailsTheSite() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /x/\n");
    LoadedSite site = new SiteLoader(LoadOptions.defaults()).load(SiteFiles.none().withRobots(robots.toString()).withScorpion(dir + "/nope"));
    assertThat(site.policy()).isEmpty();
    assertThat(site.failure()).contains("cannot read " + dir + "/nope: no such file");
    assertThat(site.files()).hasSize(2);
  }

  /** Which Scorpion lines a crawler does not understand is a notice when the site is read for a crawler. */
  @Test
  void scorpionNoticesDependOnTheCrawler() throws IOException {
    Path crawl = write("crawl", "c/\nQignored\n");
    SiteFiles files = SiteFiles.none().withScorpion(crawl.toString());
    SiteLoader loader = new SiteLoader(LoadOptions.defaults());
    assertThat(loader.load(files).notices()).isEmpty();
    assertThat(loader.load(files.readFor(List.of("bot"), null)).notices()).extracting(n -> n.diagnostic().code())
        .containsExactly("scorpion-not-understood");
  }

  /** A URL for a file other than the robots.txt is fetched only when the network is allowed. */
  @Test
  void anotherFilesUrlNeedsTheNetworkAllowed() {
    SiteLoader loader = new SiteLoader(LoadOptions.defaults());
    for (Loaded<?> l : List.of(loader.llmPolicy("https://example.com/llm-policy.json"), loader.scorpion("https://example.com/.special/crawl"),
        loader.tdmRep("https://example.com/.well-known/tdmrep.json"))) {
      assertThat(l.failure()).hasValueSatisfying(f -> assertThat(f).startsWith("cannot read https://example.com/")
          .endsWith(": a URL is fetched only when network access is allowed").doesNotContain("--"));
    }
  }

  /** Size errors say "more than" the limit, and name the file: the loader reads one byte past the limit, not the whole file. */
  @Test
  void sizeErrorsNameTheFileAndNeverGiveTheReadCapAsItsSize() throws IOException {
    Path tdm = write("tdmrep.json", " ".repeat(3 * 1024 * 1024) + "[]");
    Path llm = write("llm.json", "{\"a\": \"" + "x".repeat(200 * 1024) + "\"}");
    Path crawl = write("crawl", "c/" + "x".repeat(600 * 1024) + "\n");
    SiteLoader loader = new SiteLoader(LoadOptions.defaults());
    assertThat(loader.tdmRep(tdm.toString()).failure()).contains("cannot read " + tdm + ": more than the 1048576-byte limit of a tdmrep.json");
    assertThat(loader.llmPolicy(llm.toString()).diagnostics()).singleElement()
        .satisfies(d -> assertThat(d.message()).startsWith("policy descriptor is larger than the limit of 65536 bytes"));
    assertThat(loader.scorpion(crawl.toString()).diagnostics()).singleElement()
        .satisfies(d -> assertThat(d.message()).startsWith("crawl policy file is larger than the limit of 524288 bytes"));
  }

  /** A tdmrep.json in UTF-16 is refused with its basis, not read as bytes. */
  @Test
  void aUtf16TdmRepIsRefusedWithItsBasis() throws IOException {
    Path tdm = dir.resolve("tdmrep.json");
    Files.write(tdm, "\uFEFF[{\"location\": \"/\", \"tdm-reservation\": 1}]".getBytes(StandardCharsets.UTF_16LE));
    Loaded<?> l = new SiteLoader(LoadOptions.defaults()).tdmRep(tdm.toString());
    assertThat(l.diagnostics()).singleElement().satisfies(d -> assertThat(d.message()).contains("UTF-16").contains("RFC 8259 section 8.1"));
  }

  /**
   * The batch's cache: the shared sources loaded once, each robots.txt once while it is held (it
   * may be deleted after the first request), a failure as a value.
   */
  @Test
  void theCacheLoadsEachRobotsTxtOnceAndSharesTheOtherSources() throws Exception {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /x/\n");
    Path crawl = write("crawl", "c/\n");
    try (SitePolicyCache cache = new SiteLoader(LoadOptions.defaults()).cache(SiteFiles.none().withScorpion(crawl.toString()), 1 << 20, 2)) {
      assertThat(cache.shared().failure()).isEmpty();
      Loaded<SitePolicy> first = cache.get(robots.toString()).get();
      Files.delete(robots);
      Loaded<SitePolicy> again = cache.get(robots.toString()).get();
      assertThat(again.value()).isPresent();
      assertThat(again.value().get()).isSameAs(first.value().get());
      assertThat(again.value().get().sources()).extracting(PolicySource::kind).containsExactly("robots.txt", "scorpion");
      Loaded<SitePolicy> missing = cache.get(dir + "/none.txt").get();
      assertThat(missing.failure()).contains("cannot read " + dir + "/none.txt: no such file");
      cache.fail(robots.toString(), "it ran the heap out");
      assertThat(cache.get(robots.toString()).get().failure()).contains("it ran the heap out");
    }
  }
}
