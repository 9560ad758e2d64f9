package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.acapengine.render.ExplanationText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.ResourceSpec;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every file of the real-robots corpus ({@code src/test/resources/corpus/real-robots}) answers
 * {@code decide} and {@code explain} for a few crawlers, usages and paths taken from its own rules, without an exception;
 * explain agrees with decide; and where the file has no ACAP record, an ACAP crawler's crawl
 * decisions are a legacy crawler's.
 */
class CorpusTest {

  static final Path CORPUS = Path.of("src", "test", "resources", "corpus", "real-robots");
  static final List<List<String>> CRAWLERS = List.of(List.of("Googlebot"), List.of("bingbot"), List.of("randombot"), List.of("Googlebot-Image", "Googlebot"));
  static final List<String> USAGES = List.of("crawl", "index", "present-snippet", "other");
  static final int MAX_PATHS = 150;
  static final int MAX_EXPLAINED_PATHS = 25;

  @TestFactory
  Stream<DynamicTest> everyCorpusFileAnswersQueries() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(CORPUS)) {
      files = s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    }
    assertThat(files).as("corpus files").hasSizeGreaterThan(100);
    return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check(f)));
  }

  private static void check(Path file) throws IOException {
    PolicyDocument doc = new RobotsTxtParser().parse(Files.readAllBytes(file), file.getFileName().toString());
    CompiledPolicy policy = CompiledPolicy.compile(doc);
    List<String> paths = pathsFrom(doc);
    boolean noAcap = doc.acapRecords().isEmpty() && !doc.ignoresConventionalRecords();
    int decided = 0;
    for (List<String> crawler : CRAWLERS) {
      for (int i = 0; i < paths.size(); i++) {
        String path = paths.get(i);
        for (String usage : USAGES) {
          Query q = Query.builder().crawlers(crawler).usage(usage).url(path).build();
          Decision d = policy.decide(q);
          assertThat(d).isNotNull();
          decided++;
          if (i < MAX_EXPLAINED_PATHS) {
            Explanation x = policy.explain(q);
            assertThat(x.decision()).as("%s %s %s", crawler, usage, path).isEqualTo(d);
            assertThat(ExplanationText.reason(x)).isNotBlank();
          }
          if (noAcap && usage.equals("crawl")) {
            assertThat(d).as("ACAP and legacy readings of %s for %s", path, crawler).isEqualTo(policy.decideConventionalOnly(q.crawlers(), q.path()));
          }
          if (noAcap && !usage.equals("crawl")) {
            assertThat(d.basis()).as("without ACAP records, conventional rules speak only of crawl").isEqualTo(Basis.DEFAULT);
          }
        }
      }
    }
    assertThat(decided).isEqualTo(CRAWLERS.size() * paths.size() * USAGES.size());
  }

  /** "/", "/robots.txt", and for each pattern of the file a path it matches and one a little longer. */
  static List<String> pathsFrom(PolicyDocument doc) {
    Set<String> patterns = new LinkedHashSet<>();
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (ConventionalRule r : g.rules()) {
        patterns.add(r.pattern());
      }
    }
    for (AcapDefinition d : doc.definitions()) {
      if (d instanceof AcapDefinition.ResourceSet s) {
        patterns.addAll(s.patterns());
      }
    }
    for (AcapRecord r : doc.acapRecords()) {
      List<AcapField> fields = new ArrayList<>(r.fields());
      for (AcapSubRecord s : r.subRecords()) {
        fields.addAll(s.fields());
      }
      for (AcapField f : fields) {
        ResourceSpec spec = f instanceof AcapField.Permission p ? p.resource() : f instanceof AcapField.Prohibition p ? p.resource() : null;
        if (spec instanceof ResourceSpec.PathPattern pp) {
          patterns.add(pp.pattern());
        }
      }
    }
    Set<String> paths = new LinkedHashSet<>(List.of("/", "/robots.txt", "/index.html", "/search?q=x"));
    for (String p : patterns) {
      if (paths.size() >= MAX_PATHS) {
        break;
      }
      String path = p.replace("*", "x");
      if (path.endsWith("$")) {
        path = path.substring(0, path.length() - 1);
      }
      if (!path.startsWith("/")) {
        path = "/" + path;
      }
      paths.add(path);
      paths.add(path + "z/1");
    }
    return new ArrayList<>(paths);
  }
}
