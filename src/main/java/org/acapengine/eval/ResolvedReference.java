package org.acapengine.eval;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.AcapField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;

/**
 * A permissions reference (2.3.2) after loading: the referenced document, or why it could not be
 * had. Loading is the caller's business ({@code org.acapengine.load.ReferenceLoader}); {@link
 * CompiledPolicy#compile(PolicyDocument, java.util.Map, CompileOptions)} takes these as data.
 *
 * @param locator the reference as written
 * @param evidence the referencing line
 * @param document the referenced file, parsed, when it loaded
 * @param failure why it did not load, when it did not
 */
public record ResolvedReference(String locator, SourceLine evidence, Optional<PolicyDocument> document, Optional<String> failure) {
  /**
   * Checks that no component is null and that exactly one of document and failure is present.
   *
   * @param locator the reference as written
   * @param evidence the referencing line
   * @param document the referenced file, parsed, when it loaded
   * @param failure why it did not load, when it did not
   * @throws IllegalArgumentException if both or neither of document and failure are present
   */
  public ResolvedReference {
    Objects.requireNonNull(locator, "locator");
    Objects.requireNonNull(evidence, "evidence");
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(failure, "failure");
    if (document.isPresent() == failure.isPresent()) {
      throw new IllegalArgumentException("a reference is either loaded or failed");
    }
  }

  /**
   * A reference that loaded.
   *
   * @param referencing the document holding the reference
   * @param ref the {@code ACAP-permissions-reference} field
   * @param referenced the referenced file, parsed
   * @return the reference with its document
   */
  public static ResolvedReference loaded(PolicyDocument referencing, AcapField.PermissionsReference ref, PolicyDocument referenced) {
    return new ResolvedReference(ref.locator(), Views.evidence(referencing, ref.span()), Optional.of(referenced), Optional.empty());
  }

  /**
   * A reference that could not be loaded.
   *
   * @param referencing the document holding the reference
   * @param ref the {@code ACAP-permissions-reference} field
   * @param why the reason, one sentence
   * @return the reference with its failure
   */
  public static ResolvedReference failed(PolicyDocument referencing, AcapField.PermissionsReference ref, String why) {
    return new ResolvedReference(ref.locator(), Views.evidence(referencing, ref.span()), Optional.empty(), Optional.of(why));
  }
}
