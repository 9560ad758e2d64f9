package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * acap-lint.toml ({@link LintConfig}): what it accepts, where a bad one is wrong, how it is found,
 * and that the command line wins.
 */
class LintConfigTest {

  @TempDir
  Path dir;

  private static final Path FILE = Path.of("acap-lint.toml");

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "empty; ''; -; ; -; -",
    "all keys; select = ['undefined', 'divergence']|ignore = ['undefined-resource-set']|fail-on = 'warning'|format = 'github'; undefined,divergence; undefined-resource-set; warning; github",
    "comments and a select of none; # settings|select = []  # none; ''; ; -; -",
  })
  void goodFiles(String name, String toml, String select, String ignore, String failOn, String format) {
    LintConfig.Result r = LintConfig.parse(FILE, toml.replace('|', '\n'));
    assertThat(r).isInstanceOf(LintConfig.Loaded.class);
    LintConfig c = ((LintConfig.Loaded) r).config();
    assertThat(c.select()).isEqualTo(select.equals("-") ? Optional.empty() : Optional.of(select.isEmpty() ? List.of() : List.of(select.split(","))));
    assertThat(c.ignore()).isEqualTo(ignore == null ? List.of() : List.of(ignore.split(",")));
    assertThat(c.failOn()).isEqualTo(failOn.equals("-") ? Optional.empty() : Optional.of(failOn));
    assertThat(c.format()).isEqualTo(format.equals("-") ? Optional.empty() : Optional.of(format));
  }

  /** Rows: the file ({@code |} for line ends), and the one line that reports it. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "not TOML; select = ['a'|fail-on; acap-lint.toml:2:1: not TOML: ",
    "unknown key; fail-on = 'error'|selct = ['divergence']; acap-lint.toml:2:1: unknown key 'selct' (did you mean 'select'?); the keys are select, ignore, fail-on, format",
    "a table; [lint]|select = []; acap-lint.toml:1:1: unknown key 'lint'",
    "select not an array; select = 'divergence'; acap-lint.toml:1:1: 'select' must be an array of codes or prefixes",
    "a number in ignore; ignore = [1]; acap-lint.toml:1:1: 'ignore' must hold only strings",
    "an unknown code, where it stands; ignore = [|  'divergence',|  'extention-field',|]; acap-lint.toml:3:3: 'ignore': 'extention-field' is no finding code and no prefix of one (did you mean 'extension-field'?)",
    "fail-on info; '  fail-on = \"info\"'; acap-lint.toml:1:3: 'fail-on' must be one of error, warning, not \"info\"",
    "format xml; format = 'xml'; acap-lint.toml:1:1: 'format' must be one of github, json, sarif, text, not \"xml\"",
    "a duplicate key; format = 'json'|format = 'text'; acap-lint.toml:",
  })
  void badFilesSayWhereInOneLine(String name, String toml, String expected) {
    LintConfig.Result r = LintConfig.parse(FILE, toml.replace('|', '\n'));
    assertThat(r).isInstanceOf(LintConfig.Invalid.class);
    String line = ((LintConfig.Invalid) r).describe();
    assertThat(line).startsWith(expected).doesNotContain("\n");
  }

  // ---- on the command line ---------------------------------------------------------------------

  private Path write(String relative, String content) throws Exception {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  /** A duplicate rule (warning), a Crawl-delay (info) and an unknown ACAP field (error). */
  private static final String ROBOTS = "##ACAP version=1.0\nUser-agent: *\nDisallow: /a\nDisallow: /a\nCrawl-delay: 5\nACAP-crawlr: x\n";

  private static String codes(AcapRun.Result r) {
    return String.join(" ", r.out().lines().filter(l -> l.contains(": ")).map(l -> l.split(" ")[2]).filter(c -> !c.equals("linted:")).toList());
  }

  @Test
  void theNearestConfigAboveTheFileApplies() throws Exception {
    write(".git/HEAD", "");
    write("acap-lint.toml", "ignore = ['extension-field']\n");
    Path robots = write("site/public/robots.txt", ROBOTS);
    assertThat(codes(AcapRun.run("lint", robots.toString()))).isEqualTo("duplicate-field unknown-acap-field");
    write("site/acap-lint.toml", "select = ['duplicate']\nfail-on = 'warning'\nformat = 'github'\n");
    AcapRun.Result r = AcapRun.run("lint", robots.toString());
    assertThat(r.out()).startsWith("::warning ").contains("title=duplicate-field").doesNotContain("unknown-acap-field");
    assertThat(r.exitCode()).as("fail-on warning").isEqualTo(1);
  }

  @Test
  void theWalkStopsAtTheRepositoryRoot() throws Exception {
    write("acap-lint.toml", "ignore = ['all']\n");
    write("repo/.git/HEAD", "");
    Path robots = write("repo/robots.txt", ROBOTS);
    assertThat(codes(AcapRun.run("lint", robots.toString()))).isEqualTo("duplicate-field extension-field unknown-acap-field");
  }

  @Test
  void theCommandLineWins() throws Exception {
    write(".git/HEAD", "");
    write("acap-lint.toml", "ignore = ['extension-field', 'unknown-acap-field']\nfail-on = 'warning'\nformat = 'json'\n");
    String robots = write("robots.txt", ROBOTS).toString();
    AcapRun.Result r = AcapRun.run("lint", "--format", "text", "--fail-on", "error", "--ignore", "duplicate-field", robots);
    assertThat(codes(r)).as("--ignore adds to the file's").isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(codes(AcapRun.run("lint", "--format", "text", "--select", "extension-field,unknown", robots)))
        .as("--select starts afresh").isEqualTo("extension-field unknown-acap-field");
    assertThat(codes(AcapRun.run("lint", "--format", "text", "--select", "duplicate-field", "--select", "extension", robots)))
        .as("repeated").isEqualTo("duplicate-field extension-field");
    assertThat(codes(AcapRun.run("lint", "--format", "text", "--no-config", robots))).isEqualTo("duplicate-field extension-field unknown-acap-field");
    Path other = write("elsewhere/other.toml", "select = ['unknown']\n");
    assertThat(codes(AcapRun.run("lint", "--format", "text", "--config", other.toString(), robots))).isEqualTo("unknown-acap-field");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
    "a bad file; select = ['divergense']; ; acap-lint.toml:1:11: 'select': 'divergense' is no finding code and no prefix of one (did you mean 'divergence'?): acap lint --list-rules lists the codes",
    "a bad --select; ''; --select=divergense; --select: 'divergense' is no finding code and no prefix of one (did you mean 'divergence'?): acap lint --list-rules lists the codes",
    "a bad --ignore; ''; --ignore=x; --ignore: 'x' is no finding code and no prefix of one: acap lint --list-rules lists the codes",
    "both --config and --no-config; ''; --no-config --config=acap-lint.toml; --config and --no-config cannot be given together",
    "a missing --config; ''; --config=missing.toml; missing.toml: cannot read the configuration file: no such file",
  })
  void aBadConfigurationExitsTwoWithOneLine(String name, String toml, String args, String expected) throws Exception {
    write(".git/HEAD", "");
    Path config = write("acap-lint.toml", toml);
    String robots = write("robots.txt", ROBOTS).toString();
    List<String> all = new java.util.ArrayList<>(List.of("lint"));
    if (args != null) {
      for (String a : args.split(" ")) {
        all.add(a.replace("acap-lint.toml", config.toString()).replace("missing.toml", dir.resolve("missing.toml").toString()));
      }
    }
    all.add(robots);
    AcapRun.Result r = AcapRun.run(all.toArray(new String[0]));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).startsWith("acap: ").contains(expected.replace("acap-lint.toml", "").replace("missing.toml", ""));
  }

  @Test
  void filesUnderDifferentConfigsAreRefused() throws Exception {
    write(".git/HEAD", "");
    write("a/acap-lint.toml", "ignore = ['extension-field']\n");
    write("b/acap-lint.toml", "ignore = ['duplicate-field']\n");
    AcapRun.Result r = AcapRun.run("lint", write("a/robots.txt", ROBOTS).toString(), write("b/robots.txt", ROBOTS).toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("acap: the files named do not share one acap-lint.toml (");
  }
}
