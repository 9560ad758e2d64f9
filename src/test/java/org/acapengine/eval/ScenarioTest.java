package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.acapengine.load.LocalFileResolver;
import org.acapengine.load.ReferenceLoader;
import org.acapengine.load.ReferenceResolver;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.SourceLine;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every golden scenario in {@code src/test/resources/scenarios/*.scenario}: one test per
 * query row.
 *
 * <h2>The scenario format</h2>
 *
 * A scenario file is UTF-8 text made of sections. Each section starts with a line beginning
 * {@code == } at column 0; lines before the first section are free comments (say which rule of
 * {@code docs/semantics.md} the file covers). Sections:
 *
 * <dl>
 *   <dt>{@code == robots.txt}
 *   <dd>The robots.txt body, verbatim, up to the next section line. Its first line is line 1:
 *       expected deciding lines count from there. Required, once.
 *   <dt>{@code == file NAME}
 *   <dd>Another file, written to {@code NAME} relative to the directory holding the robots.txt,
 *       which is the document root {@link LocalFileResolver} resolves permissions references
 *       against ({@code NAME} may be {@code ../x.txt}: outside the root). Optional, repeatable.
 *   <dt>{@code == options}
 *   <dd>{@code key: value} lines: {@code conventional-applies-to: crawl,index} (default {@code
 *       crawl}); {@code resolver: local} (default) or {@code none}.
 *   <dt>{@code == queries}
 *   <dd>One query per line, {@code |}-separated, blank lines and {@code #} comments ignored:
 *       <pre>
 * crawler(s) | usage | purpose | path | verdict | basis | line(s) | qualifiers [| honour]
 * </pre>
 *       <ul>
 *         <li><b>crawler(s)</b>: one name, or several separated by {@code ,} (one crawler with
 *             several names).
 *         <li><b>usage</b>: a usage name ({@code crawl}, {@code present-snippet}, ...), or {@code
 *             legacy:crawl} for {@link CompiledPolicy#decideConventionalOnly} (a crawler that reads
 *             only conventional records).
 *         <li><b>purpose</b>: the usage purpose the crawler states, or {@code -} for none.
 *         <li><b>path</b>: a path (with query) or URL, canonicalised as the CLI does.
 *         <li><b>verdict</b>: {@code allowed} or {@code prohibited}.
 *         <li><b>basis</b>: {@code acap-field}, {@code conventional-rule}, {@code
 *             unresolved-conflict}, {@code default}, {@code robots-txt} or {@code
 *             unresolved-reference}.
 *         <li><b>line(s)</b>: every deciding line, {@code ,}-separated, in the order the decision
 *             gives them; a line of another file is written {@code FILE:N} (the file's name
 *             without directories); {@code -} for none.
 *         <li><b>qualifiers</b>: the decision's qualifiers as written, {@code type=value},
 *             space-separated, in the decision's order; {@code -} for none.
 *         <li><b>honour</b> (optional): the qualifier types the crawler can honour, {@code
 *             ,}-separated, or {@code none}; left out, the crawler honours all.
 *       </ul>
 * </dl>
 *
 * <p>Every row also checks that {@link CompiledPolicy#explain} gives the same decision.
 */
class ScenarioTest {

  static final String DIRECTORY = "/scenarios";

  @TempDir
  Path temp;

  static Stream<Arguments> rows() throws IOException {
    List<Arguments> out = new ArrayList<>();
    for (Path file : scenarioFiles()) {
      Scenario s = Scenario.read(file);
      for (Row r : s.rows) {
        out.add(Arguments.of(file.getFileName() + ":" + r.line + "  " + r.text, s, r));
      }
    }
    return out.stream();
  }

  static List<Path> scenarioFiles() throws IOException {
    URL dir = ScenarioTest.class.getResource(DIRECTORY);
    if (dir == null) {
      throw new IllegalStateException(DIRECTORY + " is missing from the test resources");
    }
    try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
      return files.filter(p -> p.toString().endsWith(".scenario")).sorted().collect(Collectors.toList());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void decidesAsTheScenarioSays(String name, Scenario scenario, Row row) throws IOException {
    CompiledPolicy policy = scenario.compile(temp);
    Decision d;
    if (row.legacy) {
      d = policy.decideConventionalOnly(row.query.crawlers(), row.query.path());
    } else {
      d = policy.decide(row.query);
      assertThat(policy.explain(row.query).decision()).as("explain agrees with decide").isEqualTo(d);
    }
    String actual = Row.describe(d, scenario.mainSource);
    assertThat(actual).as("%s (deciding: %s)", name, d.deciding()).isEqualTo(row.expected());
  }

  /** Every scenario file has rows, and each numbered rule of docs/semantics.md has a file. */
  @Test
  void everyRuleHasAScenarioFile() throws IOException {
    List<String> names = scenarioFiles().stream().map(p -> p.getFileName().toString()).collect(Collectors.toList());
    for (int rule = 1; rule <= 11; rule++) {
      String prefix = String.format("rule%02d-", rule);
      assertThat(names).as("a scenario file for rule %d", rule).anyMatch(n -> n.startsWith(prefix));
    }
    for (Path f : scenarioFiles()) {
      assertThat(Scenario.read(f).rows).as("%s has query rows", f.getFileName()).isNotEmpty();
    }
  }

  // ---- the format -------------------------------------------------------------------------------

  /** One parsed scenario file. */
  static final class Scenario {
    final String name;
    String robots;
    final Map<String, String> files = new LinkedHashMap<>();
    Set<String> conventionalAppliesTo = Set.of("crawl");
    boolean localResolver = true;
    final List<Row> rows = new ArrayList<>();
    final String mainSource = "robots.txt";

    Scenario(String name) {
      this.name = name;
    }

    @Override
    public String toString() {
      return name;
    }

    static Scenario read(Path file) {
      List<String> lines;
      try {
        lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Scenario s = new Scenario(file.getFileName().toString());
      String section = null;
      String fileName = null;
      StringBuilder body = null;
      for (int i = 0; i <= lines.size(); i++) {
        String line = i < lines.size() ? lines.get(i) : "== end";
        if (line.startsWith("== ")) {
          if (body != null) {
            if (section.equals("robots.txt")) {
              s.robots = body.toString();
            } else {
              s.files.put(fileName, body.toString());
            }
          }
          body = null;
          String head = line.substring(3).strip();
          if (head.equals("robots.txt")) {
            if (s.robots != null) {
              throw new IllegalStateException(s.name + ": two robots.txt sections");
            }
            section = "robots.txt";
            body = new StringBuilder();
          } else if (head.startsWith("file ")) {
            section = "file";
            fileName = head.substring(5).strip();
            body = new StringBuilder();
          } else if (head.equals("options") || head.equals("queries") || head.equals("end")) {
            section = head;
          } else {
            throw new IllegalStateException(s.name + ":" + (i + 1) + ": unknown section '" + line + "'");
          }
          continue;
        }
        if (section == null) {
          continue; // the file's header comments
        }
        switch (section) {
          case "robots.txt":
          case "file":
            body.append(line).append('\n');
            break;
          case "options":
            s.option(i + 1, line);
            break;
          case "queries":
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
              s.rows.add(Row.parse(s.name, i + 1, t));
            }
            break;
          default:
            throw new IllegalStateException(section);
        }
      }
      if (s.robots == null) {
        throw new IllegalStateException(s.name + ": no '== robots.txt' section");
      }
      return s;
    }

    private void option(int line, String text) {
      String t = text.strip();
      if (t.isEmpty() || t.startsWith("#")) {
        return;
      }
      int colon = t.indexOf(':');
      if (colon < 0) {
        throw new IllegalStateException(name + ":" + line + ": an option is 'key: value'");
      }
      String key = t.substring(0, colon).strip();
      String value = t.substring(colon + 1).strip();
      switch (key) {
        case "conventional-applies-to":
          conventionalAppliesTo = Set.copyOf(Arrays.asList(value.split(",")));
          break;
        case "resolver":
          if (!value.equals("local") && !value.equals("none")) {
            throw new IllegalStateException(name + ":" + line + ": resolver is local or none");
          }
          localResolver = value.equals("local");
          break;
        default:
          throw new IllegalStateException(name + ":" + line + ": unknown option " + key);
      }
    }

    /** Writes the files under {@code temp/root} and compiles the robots.txt there. */
    CompiledPolicy compile(Path temp) throws IOException {
      Path root = temp.resolve("root");
      Files.createDirectories(root);
      Files.writeString(root.resolve(mainSource), robots, StandardCharsets.UTF_8);
      for (Map.Entry<String, String> f : files.entrySet()) {
        Path p = root.resolve(f.getKey()).normalize();
        Files.createDirectories(p.getParent());
        Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
      }
      PolicyDocument doc = new RobotsTxtParser().parse(Files.readAllBytes(root.resolve(mainSource)), mainSource);
      ReferenceResolver resolver = localResolver ? new LocalFileResolver(root, 1 << 20) : ReferenceResolver.none();
      return CompiledPolicy.compile(doc, new ReferenceLoader(resolver, ParseOptions.defaults()).load(doc).references(),
          CompileOptions.defaults().withConventionalAppliesTo(conventionalAppliesTo));
    }
  }

  /** One query row and what it expects. */
  static final class Row {
    final int line;
    final String text;
    final Query query;
    final boolean legacy;
    final String verdict;
    final String basis;
    final String lines;
    final String qualifiers;

    private Row(int line, String text, Query query, boolean legacy, String verdict, String basis, String lines, String qualifiers) {
      this.line = line;
      this.text = text;
      this.query = query;
      this.legacy = legacy;
      this.verdict = verdict;
      this.basis = basis;
      this.lines = lines;
      this.qualifiers = qualifiers;
    }

    @Override
    public String toString() {
      return text;
    }

    static Row parse(String file, int line, String text) {
      String[] c = text.split("\\|", -1);
      for (int i = 0; i < c.length; i++) {
        c[i] = c[i].strip();
      }
      if (c.length != 8 && c.length != 9) {
        throw new IllegalStateException(file + ":" + line + ": a query row has 8 or 9 columns, not " + c.length + ": " + text);
      }
      if (!c[4].equals("allowed") && !c[4].equals("prohibited")) {
        throw new IllegalStateException(file + ":" + line + ": verdict is allowed or prohibited: " + c[4]);
      }
      Set<String> bases = EnumSet.allOf(Basis.class).stream().map(Basis::label).collect(Collectors.toSet());
      if (!bases.contains(c[5])) {
        throw new IllegalStateException(file + ":" + line + ": unknown basis " + c[5]);
      }
      boolean legacy = c[1].startsWith("legacy:");
      String usage = legacy ? c[1].substring("legacy:".length()) : c[1];
      if (legacy && !usage.equals("crawl")) {
        throw new IllegalStateException(file + ":" + line + ": legacy crawlers only crawl");
      }
      Query.Builder b = Query.builder().usage(usage).url(c[3]);
      for (String name : c[0].split(",")) {
        b.crawler(name);
      }
      if (!c[2].equals("-")) {
        b.purpose(c[2]);
      }
      if (c.length == 9) {
        EnumSet<QualifierType> honour = EnumSet.noneOf(QualifierType.class);
        if (!c[8].equals("none")) {
          for (String t : c[8].split(",")) {
            honour.add(QualifierType.fromToken(t.strip()).orElseThrow(() -> new IllegalStateException(file + ":" + line + ": no qualifier type " + t)));
          }
        }
        b.honouring(honour);
      }
      return new Row(line, text, b.build(), legacy, c[4], c[5], c[6], c[7]);
    }

    String expected() {
      return verdict + " | " + basis + " | " + lines + " | " + qualifiers;
    }

    /** A decision in the row's terms. */
    static String describe(Decision d, String mainSource) {
      List<String> lines = new ArrayList<>();
      for (SourceLine e : d.deciding()) {
        if (e.line() == 0) {
          continue;
        }
        lines.add(e.source().equals(mainSource) ? Integer.toString(e.line()) : Path.of(e.source()).getFileName() + ":" + e.line());
      }
      List<String> quals = new ArrayList<>();
      for (Qualifier q : d.qualifiers()) {
        quals.add(q.typeName() + "=" + q.value());
      }
      return (d.allowed() ? "allowed" : "prohibited") + " | " + d.basis().label() + " | " + (lines.isEmpty() ? "-" : String.join(",", lines)) + " | "
          + (quals.isEmpty() ? "-" : String.join(" ", quals));
    }
  }
}
