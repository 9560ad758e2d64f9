package org.acapengine;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.model.AccessModifier;
import japicmp.model.JApiClass;
import japicmp.model.JApiCompatibility;
import japicmp.model.JApiCompatibilityChange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The exported API against the committed baseline ({@code api/acap-engine-VERSION.jar}: the
 * exported packages' classes of that version), compared by japicmp. A binary- or
 * source-incompatible change fails the build unless the version says so: its compatibility line
 * ({@code 0.MINOR} before 1.0, {@code MAJOR} after) differs from the baseline's (README
 * "Compatibility"). With {@code -Dacap.updateGoldens=true} the baseline is rewritten as this
 * version's: allowed when it declares this same version (not yet released) or when the API is
 * compatible with it or on a new line.
 */
class ApiCompatibilityTest {

  static final Path DIR = Path.of("src", "test", "resources", "api");
  private static final Pattern BASELINE = Pattern.compile("acap-engine-(\\d+\\.\\d+\\.\\d+)\\.jar");

  @Test
  void noIncompatibleChangeUnlessTheVersionSaysSo(@TempDir Path tmp) throws IOException {
    Path baseline = baseline();
    String baseVersion = versionOf(baseline);
    String version = projectVersion();
    Path current = tmp.resolve("acap-engine-" + version + ".jar");
    ApiSurface.writeJar(current);
    List<String> breaks = incompatibleChanges(baseline, baseVersion, current, version);
    boolean newLine = !line(version).equals(line(baseVersion));
    if (Goldens.UPDATE) {
      String release = version.replace("-SNAPSHOT", "");
      assertThat(release.equals(baseVersion) || newLine || breaks.isEmpty())
          .as("%s's API was released; %s may not redeclare it with these breaks: %s", baseVersion, version, breaks).isTrue();
      Files.delete(baseline);
      Files.copy(current, DIR.resolve("acap-engine-" + release + ".jar"));
      return;
    }
    if (newLine) {
      System.out.printf("API changes allowed by the version (%s after %s): %s%n", version, baseVersion, breaks);
      return;
    }
    assertThat(breaks).as("incompatible API changes since %s's baseline. Either make the version say so (%s.0-SNAPSHOT or later) and "
        + "list the break in CHANGELOG.md, or, while %s is not released, declare the new API with -D%s=true", baseVersion,
        nextLine(baseVersion), baseVersion, Goldens.PROPERTY).isEmpty();
  }

  @Test
  void thereIsOneBaselineAndItIsThisVersionsOrAnEarlierOne() throws IOException {
    Path baseline = baseline();
    String base = versionOf(baseline);
    String version = projectVersion().replace("-SNAPSHOT", "");
    assertThat(compare(base, version)).as("baseline %s is not newer than %s", base, version).isLessThanOrEqualTo(0);
  }

  /** The check itself: a removed public method is incompatible, an added one is not. */
  @Test
  void japicmpSeesARemovalAndAcceptsAnAddition(@TempDir Path tmp) throws IOException {
    Path baseline = baseline();
    Path current = tmp.resolve("current.jar");
    ApiSurface.writeJar(current);
    assertThat(incompatibleChanges(current, "0.2.0", current, "0.2.0")).isEmpty();
    // the current API compared the other way round: nothing in it was added since the baseline,
    // unless the baseline is missing something, so a jar missing a whole class must show a break
    Path smaller = tmp.resolve("smaller.jar");
    try (java.util.jar.JarFile in = new java.util.jar.JarFile(current.toFile());
        java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(smaller))) {
      for (java.util.jar.JarEntry e : java.util.Collections.list(in.entries())) {
        if (!e.getName().equals("org/acapengine/eval/Query.class")) {
          out.putNextEntry(new java.util.jar.JarEntry(e.getName()));
          in.getInputStream(e).transferTo(out);
          out.closeEntry();
        }
      }
    }
    assertThat(incompatibleChanges(current, "0.2.0", smaller, "0.2.1")).anyMatch(s -> s.contains("org.acapengine.eval.Query"));
    assertThat(incompatibleChanges(smaller, "0.2.0", current, "0.2.1")).isEmpty();
    assertThat(baseline).exists();
  }

  @ParameterizedTest
  @CsvSource({"0.2.0-SNAPSHOT, 0.2", "0.2.5, 0.2", "0.10.0, 0.10", "1.0.0-SNAPSHOT, 1", "1.4.2, 1", "12.0.1, 12"})
  void theCompatibilityLine(String version, String line) {
    assertThat(line(version)).isEqualTo(line);
  }

  /** Before 1.0 the minor version is the compatibility line (semver 4; as Cargo reads it); from 1.0, the major. */
  static String line(String version) {
    String[] p = version.split("[.-]");
    return p[0].equals("0") ? "0." + p[1] : p[0];
  }

  private static String nextLine(String version) {
    String[] p = version.split("[.-]");
    return p[0].equals("0") ? "0." + (Integer.parseInt(p[1]) + 1) : (Integer.parseInt(p[0]) + 1) + ".0";
  }

  private static int compare(String a, String b) {
    String[] x = a.split("\\.");
    String[] y = b.split("\\.");
    for (int i = 0; i < 3; i++) {
      int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  static Path baseline() throws IOException {
    List<Path> found;
    try (Stream<Path> files = Files.list(DIR)) {
      found = files.filter(p -> BASELINE.matcher(p.getFileName().toString()).matches()).toList();
    }
    assertThat(found).as("one API baseline in %s", DIR).hasSize(1);
    return found.get(0);
  }

  private static String versionOf(Path baseline) {
    Matcher m = BASELINE.matcher(baseline.getFileName().toString());
    assertThat(m.matches()).isTrue();
    return m.group(1);
  }

  /** The project's version, from pom.xml (the first version after the artifactId). */
  static String projectVersion() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("<artifactId>acap-engine</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
    assertThat(m.find()).as("pom.xml's version").isTrue();
    return m.group(1);
  }

  /** japicmp's binary- and source-incompatible changes from {@code old} to {@code current}, one line each. */
  static List<String> incompatibleChanges(Path old, String oldVersion, Path current, String version) {
    JarArchiveComparatorOptions options = new JarArchiveComparatorOptions();
    options.setAccessModifier(AccessModifier.PROTECTED);
    options.setClassPathMode(JarArchiveComparatorOptions.ClassPathMode.ONE_COMMON_CLASSPATH);
    try {
      options.getClassPathEntries().add(Paths.get(BaseRobotRules.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<JApiClass> classes = new JarArchiveComparator(options).compare(new JApiCmpArchive(old.toFile(), oldVersion),
        new JApiCmpArchive(current.toFile(), version));
    List<String> out = new ArrayList<>();
    for (JApiClass c : classes) {
      if (c.isBinaryCompatible() && c.isSourceCompatible()) {
        continue;
      }
      add(out, c.getFullyQualifiedName(), c);
      add(out, c.getFullyQualifiedName() + " superclass", c.getSuperclass());
      c.getInterfaces().forEach(i -> add(out, c.getFullyQualifiedName() + " implements " + i.getFullyQualifiedName(), i));
      c.getConstructors().forEach(m -> add(out, c.getFullyQualifiedName() + " " + m.getName() + m.getParameters().size(), m));
      c.getMethods().forEach(m -> add(out, c.getFullyQualifiedName() + "." + m.getName(), m));
      c.getFields().forEach(f -> add(out, c.getFullyQualifiedName() + "." + f.getName(), f));
    }
    return out;
  }

  private static void add(List<String> out, String where, JApiCompatibility x) {
    for (JApiCompatibilityChange change : x.getCompatibilityChanges()) {
      if (!change.isBinaryCompatible() || !change.isSourceCompatible()) {
        out.add(where + ": " + change.getType());
      }
    }
  }
}
