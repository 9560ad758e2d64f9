package org.acapengine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plan of the code base, checked on the sources: the library below, the command line on top
 * (model ← parse, hints ← eval, adapters ← load, site ← render, lint, collections, compat ← cli),
 * no package cycle, the evaluator free of I/O and of the parser, and files small enough to read in
 * one sitting. (Only the parse package may use ANTLR: {@code parse.DesignRulesTest}.) A reference is an import or a fully qualified name in the code.
 */
class LayeringTest {

  /** Each package's floor; a package may use packages on its own floor or below, never above. */
  static final Map<String, Integer> FLOORS = Map.ofEntries(
      Map.entry("model", 0),
      Map.entry("internal", 0),
      Map.entry("parse", 1),
      Map.entry("hints", 1),
      Map.entry("eval", 2),
      Map.entry("adapters", 2),
      Map.entry("load", 3),
      Map.entry("site", 3),
      Map.entry("render", 4),
      Map.entry("lint", 4),
      Map.entry("collections", 4),
      Map.entry("compat", 4),
      Map.entry("audit", 4),
      Map.entry("diff", 4),
      Map.entry("report", 4),
      Map.entry("serve", 5),
      Map.entry("cli", 5));

  /**
   * The packages the library exports: its API (README "Compatibility"). The module descriptor
   * ({@code src/main/module/module-info.java}) exports exactly these; every other package (the
   * command line, the generated parser, helpers, relocated libraries) is internal.
   */
  static final Set<String> EXPORTED = Set.of("model", "parse", "hints", "eval", "eval.match", "adapters.aipref",
      "adapters.contentsignal", "adapters.page", "adapters.rsl", "adapters.scorpion", "adapters.tct", "adapters.tdmrep", "site", "load", "render", "lint",
      "compat.crawlercommons");

  static final Path MODULE_INFO = Path.of("src", "main", "module", "module-info.java");

  static final Path MAIN = Path.of("src", "main", "java");
  static final String ROOT = "org.acapengine.";

  record Source(Path path, String pkg, String text, List<String> lines) {
    /** The top-level area: {@code eval} for {@code org.acapengine.eval.match}. */
    String area() {
      return area(pkg);
    }

    static String area(String pkg) {
      String rest = pkg.substring(ROOT.length());
      int dot = rest.indexOf('.');
      return dot < 0 ? rest : rest.substring(0, dot);
    }
  }

  static List<Source> sources;

  @BeforeAll
  static void read() throws IOException {
    try (Stream<Path> files = Files.walk(MAIN)) {
      sources = files.filter(p -> p.toString().endsWith(".java")).sorted().map(LayeringTest::source).toList();
    }
    assertThat(sources).hasSizeGreaterThan(50);
  }

  private static Source source(Path p) {
    try {
      String text = Files.readString(p, StandardCharsets.UTF_8);
      String pkg = text.lines().filter(l -> l.startsWith("package ")).findFirst()
          .map(l -> l.substring("package ".length(), l.indexOf(';'))).orElse("");
      return new Source(p, pkg, text, text.lines().toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The project packages a source refers to, by import or fully qualified name outside comments. */
  static Set<String> references(Source s) {
    Set<String> out = new TreeSet<>();
    for (String line : s.lines()) {
      String l = line.strip();
      if (!l.startsWith("*") && !l.startsWith("/*") && !l.startsWith("//") && !l.startsWith("package ")) {
        references(s, l, out);
      }
    }
    out.remove(s.pkg());
    return out;
  }

  private static void references(Source s, String t, Set<String> out) {
    int i = 0;
    while ((i = t.indexOf(ROOT, i)) >= 0) {
      int j = i + ROOT.length();
      StringBuilder pkg = new StringBuilder(ROOT);
      // package segments are lower case; the first segment starting upper case is a type
      while (j < t.length()) {
        int k = j;
        while (k < t.length() && Character.isJavaIdentifierPart(t.charAt(k))) {
          k++;
        }
        if (k == j || Character.isUpperCase(t.charAt(j)) || k >= t.length() || t.charAt(k) != '.') {
          break;
        }
        pkg.append(t, j, k + 1);
        j = k + 1;
      }
      String p = pkg.substring(0, pkg.length() - 1);
      if (p.length() + 1 > ROOT.length() && !p.startsWith(ROOT + "parse.grammar")) {
        out.add(p);
      }
      i = j;
    }
  }

  @Test
  void everyPackageHasAFloor() {
    Set<String> areas = new TreeSet<>();
    sources.forEach(s -> areas.add(s.area()));
    assertThat(FLOORS.keySet()).as("the floors table names every package (add a new one to it)").containsAll(areas);
  }

  /** The exported packages' full names, sorted. */
  static List<String> exportedPackages() {
    return EXPORTED.stream().map(p -> ROOT + p).sorted().toList();
  }

  @Test
  void theModuleExportsExactlyTheDeclaredPackages() throws IOException {
    List<String> exports = new ArrayList<>();
    for (String line : Files.readAllLines(MODULE_INFO, StandardCharsets.UTF_8)) {
      String l = line.strip();
      if (l.startsWith("exports ")) {
        exports.add(l.substring("exports ".length(), l.indexOf(';')).strip());
        assertThat(l).as("no qualified export").doesNotContain(" to ");
      }
      assertThat(l).as("no open package").doesNotStartWith("opens ").doesNotStartWith("open module");
    }
    assertThat(exports).containsExactlyInAnyOrderElementsOf(exportedPackages());
    Set<String> packages = new TreeSet<>();
    sources.forEach(s -> packages.add(s.pkg()));
    assertThat(packages).as("every exported package exists").containsAll(exportedPackages());
  }

  /** The README's compatibility policy names the exported packages, no more and no fewer. */
  @Test
  void theReadmeNamesTheExportedPackages() throws IOException {
    String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    int start = readme.indexOf("\n## Compatibility\n");
    assertThat(start).as("README has a Compatibility section").isNotNegative();
    int end = readme.indexOf("\n## ", start + 1);
    String section = readme.substring(start, end < 0 ? readme.length() : end);
    int api = section.indexOf("The API is");
    String list = section.substring(api, section.indexOf("(all under", api));
    Set<String> named = new TreeSet<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("`([a-z.]+)`").matcher(list);
    while (m.find()) {
      named.add(m.group(1));
    }
    assertThat(named).isEqualTo(new TreeSet<>(EXPORTED));
  }

  @Test
  void noPackageUsesOneOnAHigherFloor() {
    List<String> upward = new ArrayList<>();
    for (Source s : sources) {
      int floor = FLOORS.getOrDefault(s.area(), Integer.MAX_VALUE);
      for (String ref : references(s)) {
        int target = FLOORS.getOrDefault(Source.area(ref), Integer.MAX_VALUE);
        if (target > floor) {
          upward.add(s.path() + " → " + ref);
        }
      }
    }
    assertThat(upward).isEmpty();
  }

  @Test
  void noPackageCycle() {
    Map<String, Set<String>> edges = new TreeMap<>();
    for (Source s : sources) {
      edges.computeIfAbsent(s.pkg(), k -> new TreeSet<>()).addAll(references(s));
    }
    List<List<String>> cycles = new ArrayList<>();
    for (List<String> component : stronglyConnected(edges)) {
      if (component.size() > 1) {
        cycles.add(component);
      }
    }
    assertThat(cycles).as("package cycles").isEmpty();
  }

  @Test
  void theEvaluatorNeitherParsesNorDoesIo() {
    List<String> bad = new ArrayList<>();
    for (Source s : sources) {
      if (!s.area().equals("eval")) {
        continue;
      }
      for (String l : s.lines()) {
        if (l.startsWith("import org.acapengine.parse") || l.startsWith("import java.net") || l.startsWith("import java.nio.file")
            || l.contains("java.net.") && !l.startsWith(" *") || l.contains("java.nio.file.")) {
          bad.add(s.path() + ": " + l.strip());
        }
      }
    }
    assertThat(bad).isEmpty();
  }

  @Test
  void onlyTheCommandLineUsesPicocliOrExits() {
    List<String> bad = new ArrayList<>();
    for (Source s : sources) {
      if (s.area().equals("cli")) {
        continue;
      }
      if (s.text().contains("import picocli") || s.text().contains("picocli.CommandLine")) {
        bad.add(s.path() + ": picocli");
      }
      if (s.text().contains("System.exit(")) {
        bad.add(s.path() + ": System.exit");
      }
    }
    assertThat(bad).isEmpty();
  }

  /**
   * A site's policy is assembled in one place, {@code load.SiteLoader}: the command line describes
   * the site ({@code load.SiteFiles}) and prints what the loader returns, but never builds a
   * {@code SitePolicy} or a policy source itself (two assemblies drift apart: lint and check once
   * treated a rejected llm-policy.json differently).
   */
  @Test
  void noSiteAssemblyInTheCommandLine() {
    Set<String> sourceTypes = new TreeSet<>();
    for (Source s : sources) {
      if ((s.area().equals("site") || s.area().equals("load")) && s.text().matches("(?s).*\\bimplements\\s+PolicySource\\b.*")) {
        String file = s.path().getFileName().toString();
        sourceTypes.add(file.substring(0, file.length() - ".java".length()));
      }
    }
    assertThat(sourceTypes).as("the policy sources found").contains("RobotsSource", "TctSource", "UnfetchedRobotsSource");
    List<String> bad = new ArrayList<>();
    for (Source s : sources) {
      if (!s.area().equals("cli")) {
        continue;
      }
      for (String l : s.lines()) {
        String code = l.strip();
        if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
          continue;
        }
        if (code.contains("SitePolicy.builder") || code.contains("SitePolicy.Builder")) {
          bad.add(s.path() + ": " + code);
        }
        for (String type : sourceTypes) {
          if (code.matches(".*\\b" + type + "\\b.*")) {
            bad.add(s.path() + ": " + code);
          }
        }
      }
    }
    assertThat(bad).as("site assembly belongs in load.SiteLoader").isEmpty();
  }

  /**
   * Options are the command line's words: the library's texts reach schedulers that embed it and
   * the {@code /v1} service, which have no options, so no string literal outside {@code cli} and
   * {@code serve} names one; the command line adds its options where it prints a library text.
   */
  @Test
  void libraryTextsNameNoCommandLineOption() {
    List<String> bad = new ArrayList<>();
    for (Source s : sources) {
      if (s.area().equals("cli") || s.area().equals("serve")) {
        continue;
      }
      for (String line : s.lines()) {
        String code = line.strip();
        if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
          continue;
        }
        for (String literal : stringLiterals(code)) {
          if (namesAnOption(literal)) {
            bad.add(s.path() + ": " + literal);
          }
        }
      }
    }
    assertThat(bad).isEmpty();
  }

  @Test
  void theOptionScanFindsOptionsInLiteralsOnly() {
    assertThat(stringLiterals("x(\"a --max-uncompressed b\", '\"', '\\'', \"\\\"--strict\\\"\") - --i;"))
        .containsExactly("\"a --max-uncompressed b\"", "\"\\\"--strict\\\"\"");
    assertThat(namesAnOption("\"raise it with --max-uncompressed\"")).isTrue();
    assertThat(namesAnOption("\"\\\"--strict\\\"\"")).isTrue();
    assertThat(namesAnOption("\"<!-- a comment -->\"")).isFalse();
    assertThat(namesAnOption("\"a--b\"")).isFalse();
  }

  /** The string literals of one line of code, quotes included. */
  static List<String> stringLiterals(String code) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < code.length()) {
      char c = code.charAt(i);
      if (c == '\'' && i + 2 < code.length()) {
        i = code.charAt(i + 1) == '\\' ? code.indexOf('\'', i + 3) + 1 : i + 3; // a char literal, '"' among them
        if (i <= 0) {
          break;
        }
        continue;
      }
      if (c != '"') {
        i++;
        continue;
      }
      int j = i + 1;
      while (j < code.length() && code.charAt(j) != '"') {
        j += code.charAt(j) == '\\' ? 2 : 1;
      }
      out.add(code.substring(i, Math.min(j + 1, code.length())));
      i = j + 1;
    }
    return out;
  }

  /** Whether a literal holds an option: two hyphens, then a letter, at the start or after a non-letter. */
  static boolean namesAnOption(String literal) {
    for (int i = literal.indexOf("--"); i >= 0; i = literal.indexOf("--", i + 1)) {
      boolean starts = i == 0 || !Character.isLetterOrDigit(literal.charAt(i - 1)) && literal.charAt(i - 1) != '-';
      if (starts && i + 2 < literal.length() && Character.isLowerCase(literal.charAt(i + 2))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void noSourceFileIsTooLongToReadInOneSitting() {
    assertThat(sources.stream().filter(s -> s.lines().size() > 450).map(s -> s.path() + " (" + s.lines().size() + " lines)").toList())
        .isEmpty();
  }

  /** Tarjan's strongly connected components, iteratively. */
  static List<List<String>> stronglyConnected(Map<String, Set<String>> edges) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<List<String>> out = new ArrayList<>();
    int[] next = {0};
    for (String root : edges.keySet()) {
      if (!index.containsKey(root)) {
        strongConnect(root, edges, index, low, stack, onStack, out, next);
      }
    }
    return out;
  }

  private static void strongConnect(String v, Map<String, Set<String>> edges, Map<String, Integer> index, Map<String, Integer> low,
      Deque<String> stack, Set<String> onStack, List<List<String>> out, int[] next) {
    index.put(v, next[0]);
    low.put(v, next[0]);
    next[0]++;
    stack.push(v);
    onStack.add(v);
    for (String w : edges.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        strongConnect(w, edges, index, low, stack, onStack, out, next);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      List<String> component = new ArrayList<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      out.add(component);
    }
  }
}
