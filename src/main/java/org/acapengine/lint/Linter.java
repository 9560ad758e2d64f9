package org.acapengine.lint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.acapengine.eval.CompileOptions;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.load.LocalFileResolver;
import org.acapengine.load.ReferenceLoader;
import org.acapengine.load.ReferenceResolver;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;

/**
 * Lints robots.txt files: every diagnostic the parser reports (misspelt ACAP names with a
 * suggestion), the lint-only findings of {@link LintCode}, and, when asked, the problems of
 * permissions references; less what inline comments suppress and what the selection leaves out. Stateless apart from its
 * options; thread-safe.
 */
public final class Linter {

  /** Findings in the order every output format lists them: by position, then severity, then code. */
  public static final Comparator<Diagnostic> ORDER = Comparator.comparing(Diagnostic::span)
      .thenComparing(Diagnostic::severity)
      .thenComparing(Diagnostic::code)
      .thenComparing(Diagnostic::message);

  private final LintOptions options;

  /**
   * A linter holding only its options, so one instance can lint any number of files.
   *
   * @param options how files are linted; not null
   */
  public Linter(LintOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * Parses and lints one file.
   *
   * @param name the name findings are reported under
   * @param content the file's bytes
   * @param documentRoot the directory permissions references are resolved against (used only
   *     when {@link LintOptions#resolveReferences()})
   * @return the findings, sorted by {@link #ORDER}; never throws for any content
   */
  public List<Finding> lint(String name, byte[] content, Path documentRoot) {
    PolicyDocument doc = new RobotsTxtParser(options.parseOptions()).parse(content, name);
    List<Finding> findings = new ArrayList<>();
    for (Diagnostic d : lint(doc, documentRoot)) {
      findings.add(new Finding(name, d));
    }
    return findings;
  }

  /**
   * Lints a parsed document: the findings that no {@code # acap-lint:} comment suppresses (see
   * {@link Suppressions}) and the options' selection reports, sorted by {@link #ORDER}.
   *
   * @param doc the parsed document
   * @param documentRoot the directory permissions references are resolved against
   * @return the findings, sorted
   */
  public List<Diagnostic> lint(PolicyDocument doc, Path documentRoot) {
    List<Diagnostic> out = new ArrayList<>(doc.diagnostics().size() + 16);
    for (Diagnostic d : doc.diagnostics()) {
      out.add(Suggestions.suggest(d));
    }
    FileChecks.check(doc, out);
    AcapFieldChecks.check(doc, options.today(), out);
    DeadFieldChecks.check(doc, out);
    ReferenceResolver resolver = options.resolveReferences()
        ? new LocalFileResolver(documentRoot, options.parseOptions().maxBytes())
        : ReferenceResolver.none();
    ReferenceLoader.Result refs = new ReferenceLoader(resolver, options.parseOptions()).load(doc);
    CompiledPolicy policy = CompiledPolicy.compile(doc, refs.references(), new CompileOptions(Set.of("crawl")));
    if (options.resolveReferences()) {
      out.addAll(refs.diagnostics());
    }
    DivergenceCheck.check(doc, policy, out);
    AiPreferenceChecks.check(doc, policy, options.otherSources(),
        options.today().atStartOfDay(java.time.ZoneOffset.UTC).toInstant(), out);
    List<Diagnostic> reported = new ArrayList<>(out.size());
    for (Diagnostic d : Suppressions.read(doc.source()).apply(out)) {
      if (options.selection().reports(d.code())) {
        reported.add(d);
      }
    }
    reported.sort(ORDER);
    return reported;
  }
}
