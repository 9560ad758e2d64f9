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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link PolicyLoader}: every outcome is a value — content problems are diagnostics, an
 * unreadable file a failure — and nothing is printed to standard output or standard error.
 */
class PolicyLoaderTest {

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
    assertThat(printed.toString(StandardCharsets.UTF_8)).as("the loader prints nothing").isEmpty();
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
    Loaded<CompiledPolicy> l = new PolicyLoader(LoadOptions.defaults()).robots(robots.toString());
    assertThat(l.failure()).isEmpty();
    assertThat(l.source()).isEqualTo(robots.toString());
    CompiledPolicy p = l.value().orElseThrow();
    assertThat(p.references().values()).singleElement().satisfies(r -> assertThat(r.document()).isPresent());
    assertThat(p.decide(Query.builder().crawler("bot").usage("index").url("/secret/a").build()).allowed()).isFalse();
  }

  @Test
  void standardInputIsTheStreamGiven() {
    Loaded<CompiledPolicy> l = new PolicyLoader(LoadOptions.defaults(), stdin("User-agent: *\nDisallow: /x/\n")).robots("-");
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
    PolicyLoader loader = new PolicyLoader(LoadOptions.defaults());
    for (Loaded<?> l : List.of(loader.robots(source), loader.llmPolicy(source), loader.scorpion(source))) {
      assertThat(l.value()).as(what).isEmpty();
      assertThat(l.failure()).as(what).contains("cannot read " + source + reason);
      assertThat(l.diagnostics()).as(what).isEmpty();
    }
  }

  @Test
  void anOversizedRobotsTxtIsADiagnosticAndTheRestIsUsed() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /a/\n" + "# padding\n".repeat(20));
    Loaded<CompiledPolicy> l = new PolicyLoader(LoadOptions.defaults().withMaxBytes(40)).robots(robots.toString());
    assertThat(l.failure()).isEmpty();
    assertThat(codes(l)).contains("file-truncated");
    assertThat(l.value().orElseThrow().decide(Query.builder().crawler("bot").url("/a/b").build()).allowed()).isFalse();
  }

  @Test
  void anOversizedScorpionFileIsADiagnostic() throws IOException {
    Path crawl = write("crawl", "c/" + "x".repeat(600 * 1024) + "\n");
    Loaded<?> l = new PolicyLoader(LoadOptions.defaults()).scorpion(crawl.toString());
    assertThat(l.value()).isPresent();
    assertThat(l.diagnostics()).isNotEmpty();
  }

  @Test
  void aReferenceThatCannotBeLoadedIsADiagnosticAtItsLine() throws IOException {
    Path robots = write("site/robots.txt", "ACAP-crawler: *\nACAP-permissions-reference: /../outside.txt\n"
        + "ACAP-crawler: other\nACAP-permissions-reference: https://example.com/x.txt\n");
    Loaded<CompiledPolicy> l = new PolicyLoader(LoadOptions.defaults()).robots(robots.toString());
    assertThat(l.value()).isPresent();
    assertThat(l.diagnostics()).extracting(d -> d.code() + "@" + d.span().line())
        .containsExactly("unresolved-permissions-reference@2", "unresolved-permissions-reference@4");
    assertThat(l.diagnostics().get(1).message()).contains("URLs are fetched only when network access is allowed");
  }

  @Test
  void aReferenceHoldingAReferenceIsADiagnostic() throws IOException {
    write("bots.txt", "ACAP-crawler: *\nACAP-permissions-reference: /more.txt\n");
    Path robots = write("robots.txt", "ACAP-crawler: *\nACAP-permissions-reference: /bots.txt\n");
    assertThat(codes(new PolicyLoader(LoadOptions.defaults()).robots(robots.toString()))).containsExactly("nested-permissions-reference");
  }

  @Test
  void anLlmPolicyRejectedWholeHasNoValueAndSaysWhy() {
    Loaded<?> l = new PolicyLoader(LoadOptions.defaults(), stdin("{\"profile\": tr")).llmPolicy("-");
    assertThat(l.value()).isEmpty();
    assertThat(l.failure()).isEmpty();
    assertThat(codes(l)).containsExactly("tct-not-json");
  }

  @Test
  void anUnusableUrlIsAFailure() {
    Loaded<CompiledPolicy> l = new PolicyLoader(LoadOptions.defaults()).robots("http://exa mple.com/robots.txt");
    assertThat(l.failure()).contains("cannot read http://exa mple.com/robots.txt: not a valid URL");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"-,''", "robots.txt,''", "sub/robots.txt,sub"})
  void theDocumentRootIsTheFilesDirectory(String source, String expected) {
    Path cwd = Path.of("").toAbsolutePath();
    assertThat(PolicyLoader.documentRoot(source)).isEqualTo(cwd.resolve(expected));
  }

  @Test
  void loadOptionsCarryTheConventionalUsagesToCompiling() throws IOException {
    Path robots = write("robots.txt", "User-agent: *\nDisallow: /x/\n");
    Query index = Query.builder().crawler("bot").usage("index").url("/x/a").build();
    assertThat(new PolicyLoader(LoadOptions.defaults()).robots(robots.toString()).value().orElseThrow().decide(index).allowed()).isTrue();
    assertThat(new PolicyLoader(LoadOptions.defaults().withConventionalAppliesTo(Set.of("crawl", "Index"))).robots(robots.toString())
        .value().orElseThrow().decide(index).allowed()).isFalse();
  }
}
