package org.acapengine.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code java} block of README.md compiles as a reader would paste it: its {@code import}
 * lines, then statements, put in a method of a class of their own and compiled with javac against
 * the test class path (the library, and crawler-commons for the bridge). So a snippet cannot lose
 * an import, name a method that is gone, or lean on a variable it does not declare. Blocks that
 * need no network (those not using {@code PolicyCache} or {@code RobotsFetcher}, which would fetch
 * from example.com) are also run, from the repository root.
 */
class ReadmeSnippetsTest {

  /** One {@code java} block: where it starts, its imports and its statements. */
  record Snippet(int line, List<String> imports, String body) {
    boolean needsNetwork() {
      return body.contains("PolicyCache") || body.contains("RobotsFetcher");
    }
  }

  static List<Snippet> snippets(List<String> lines) {
    List<Snippet> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).strip().equals("```java")) {
        continue;
      }
      int start = i + 2;
      List<String> imports = new ArrayList<>();
      StringBuilder body = new StringBuilder();
      for (i++; i < lines.size() && !lines.get(i).strip().equals("```"); i++) {
        String l = lines.get(i);
        if (l.startsWith("import ")) {
          imports.add(l.strip());
        } else {
          body.append(l).append('\n');
        }
      }
      out.add(new Snippet(start, List.copyOf(imports), body.toString()));
    }
    return out;
  }

  static List<Snippet> readme() throws IOException {
    return snippets(Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8));
  }

  @Test
  void everyJavaBlockOfTheReadmeCompilesWithItsImports(@TempDir Path dir) throws Exception {
    List<Snippet> snippets = readme();
    assertThat(snippets).as("java blocks in README.md").hasSizeGreaterThanOrEqualTo(5);
    List<Path> sources = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      Snippet s = snippets.get(i);
      assertThat(s.imports()).as("README.md:%d imports what it uses", s.line()).isNotEmpty();
      for (String imp : s.imports()) {
        String simple = imp.substring(imp.lastIndexOf('.') + 1, imp.length() - 1);
        assertThat(Pattern.compile("\\b" + Pattern.quote(simple) + "\\b").matcher(s.body()).find())
            .as("README.md:%d uses its %s", s.line(), imp).isTrue();
      }
      Path src = dir.resolve("readme/Snippet" + i + ".java");
      Files.createDirectories(src.getParent());
      Files.writeString(src, source(i, s));
      sources.add(src);
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = List.of("-classpath", classPath(), "-d", dir.resolve("classes").toString(), "-Xlint:deprecation", "-Werror");
      boolean ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources)).call();
      List<String> errors = diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR || d.getKind() == Diagnostic.Kind.WARNING || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING)
          .map(d -> readmeLine(snippets, d) + ": " + d.getMessage(Locale.ROOT)).toList();
      assertThat(errors).as("javac on the README's java blocks").isEmpty();
      assertThat(ok).isTrue();
    }
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()}, getClass().getClassLoader())) {
      PrintStream out = System.out;
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      int ran = 0;
      for (int i = 0; i < snippets.size(); i++) {
        if (snippets.get(i).needsNetwork()) {
          continue;
        }
        Method run = loader.loadClass("readme.Snippet" + i).getMethod("run");
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
          run.invoke(null);
        } finally {
          System.setOut(out);
        }
        ran++;
      }
      assertThat(ran).as("snippets run").isGreaterThanOrEqualTo(3);
      assertThat(printed.toString(StandardCharsets.UTF_8)).as("what the explanation snippet prints").contains("verdict: PROHIBITED");
    }
  }

  /** The snippet as a class: its imports, then its statements in {@code run()}. */
  private static String source(int i, Snippet s) {
    StringBuilder sb = new StringBuilder("package readme;\n");
    s.imports().forEach(imp -> sb.append(imp).append('\n'));
    sb.append("public final class Snippet").append(i).append(" {\n  @SuppressWarnings(\"unused\")\n  public static void run() throws Exception {\n");
    sb.append(s.body());
    sb.append("  }\n}\n");
    return sb.toString();
  }

  /** Where a diagnostic points: the README block and the line of the generated class. */
  private static String readmeLine(List<Snippet> snippets, Diagnostic<? extends JavaFileObject> d) {
    if (d.getSource() == null) {
      return "README.md";
    }
    Matcher m = Pattern.compile("Snippet(\\d+)\\.java").matcher(d.getSource().getName());
    if (!m.find()) {
      return d.getSource().getName();
    }
    return "README.md block at line " + snippets.get(Integer.parseInt(m.group(1))).line() + ", its class's line " + d.getLineNumber();
  }

  /** The class path the tests run with (surefire names it; a plain JVM has it in java.class.path). */
  private static String classPath() {
    String cp = System.getProperty("surefire.test.class.path");
    if (cp == null || cp.isBlank()) {
      cp = System.getProperty("java.class.path");
    }
    assertThat(cp.split(File.pathSeparator)).as("the class path holds the library's classes").anyMatch(e -> e.endsWith("classes"));
    return cp;
  }

  @Test
  void findsTheBlocksImportsAndStatements() {
    List<String> md = List.of(
        "text",
        "```java",
        "import java.util.List;",
        "List<String> a = List.of();",
        "```",
        "```sh",
        "import x;",
        "```",
        "```java",
        "int x = 1;",
        "```");
    assertThat(snippets(md)).containsExactly(
        new Snippet(3, List.of("import java.util.List;"), "List<String> a = List.of();\n"),
        new Snippet(10, List.of(), "int x = 1;\n"));
  }
}
