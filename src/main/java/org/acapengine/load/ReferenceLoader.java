package org.acapengine.load;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.acapengine.eval.ResolvedReference;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;

/**
 * Loads and parses the files a robots.txt's {@code ACAP-permissions-reference} fields name
 * (2.3.2), for {@link org.acapengine.eval.CompiledPolicy#compile(PolicyDocument, Map,
 * org.acapengine.eval.CompileOptions)}. A reference that cannot be loaded, and a referenced file
 * that holds a reference itself (not followed), are diagnostics at the referencing line, and so is
 * a referenced file cut at the size limit.
 * Stateless apart from its resolver; thread-safe when the resolver is.
 */
public final class ReferenceLoader {

  private final ReferenceResolver resolver;
  private final RobotsTxtParser parser;

  /**
   * @param resolver how a locator becomes bytes ({@link ReferenceResolver#none()} loads nothing)
   * @param parseOptions limits for parsing each referenced file
   */
  public ReferenceLoader(ReferenceResolver resolver, ParseOptions parseOptions) {
    this.resolver = Objects.requireNonNull(resolver, "resolver");
    this.parser = new RobotsTxtParser(Objects.requireNonNull(parseOptions, "parseOptions"));
  }

  /**
   * Every permissions reference of {@code document}, loaded or with the reason it was not.
   *
   * @param references one answer per reference field of the document
   * @param diagnostics {@code unresolved-permissions-reference} and {@code nested-permissions-reference}
   */
  public record Result(Map<AcapField.PermissionsReference, ResolvedReference> references, List<Diagnostic> diagnostics) {
    /**
     * Makes the map (keyed by identity) and the list immutable.
     *
     * @param references one answer per reference field of the document
     * @param diagnostics the diagnostics about the references
     */
    public Result {
      references = Collections.unmodifiableMap(new IdentityHashMap<>(references));
      diagnostics = List.copyOf(diagnostics);
    }
  }

  /**
   * Loads every permissions reference of {@code document} (ACAP 2.3.2), one load per reference
   * field (a resolver that throws counts as a failure); a referenced file that itself holds a
   * permissions reference is not followed.
   *
   * @param document the parsed robots.txt
   * @return one answer per reference field, and the diagnostics
   */
  public Result load(PolicyDocument document) {
    Map<AcapField.PermissionsReference, ResolvedReference> refs = new IdentityHashMap<>();
    List<Diagnostic> diags = new ArrayList<>();
    for (AcapRecord r : document.acapRecords()) {
      if (r.permissionsReference().isEmpty()) {
        continue;
      }
      AcapField.PermissionsReference ref = r.permissionsReference().get();
      ReferenceResolver.Result result;
      try {
        result = resolver.load(ref.locator(), document.source().name());
      } catch (RuntimeException e) {
        result = new ReferenceResolver.Result.Failed("the resolver failed: " + e);
      }
      if (result instanceof ReferenceResolver.Result.Loaded loaded) {
        PolicyDocument referenced = parser.parse(loaded.content(), loaded.name());
        refs.put(ref, ResolvedReference.loaded(document, ref, referenced));
        // Nothing is lost silently: a referenced file cut at the size limit says so at the line naming it.
        for (Diagnostic d : referenced.diagnostics()) {
          if (d.code().equals(DiagnosticCode.FILE_TRUNCATED.code())) {
            diags.add(DiagnosticCode.FILE_TRUNCATED.at(ref.span(), "'" + ref.locator() + "' (" + loaded.name() + ") is over the size limit: its line "
                + d.span().line() + " and all after it are not parsed"));
          }
        }
        for (AcapRecord rr : referenced.acapRecords()) {
          if (rr.permissionsReference().isPresent()) {
            diags.add(DiagnosticCode.NESTED_PERMISSIONS_REFERENCE.at(ref.span(),
                "'" + ref.locator() + "' holds a permissions reference itself (line " + rr.permissionsReference().get().span().line()
                    + " of " + loaded.name() + "); it is not followed (2.3.2)"));
          }
        }
      } else {
        String why = ((ReferenceResolver.Result.Failed) result).reason();
        refs.put(ref, ResolvedReference.failed(document, ref, why));
        diags.add(DiagnosticCode.UNRESOLVED_PERMISSIONS_REFERENCE.at(ref.span(),
            "'ACAP-permissions-reference: " + ref.locator() + "' cannot be loaded: " + why + "; the record's crawlers may do no ACAP usage"));
      }
    }
    return new Result(refs, diags);
  }
}
