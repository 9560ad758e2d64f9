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
  public ResolvedReference {
    Objects.requireNonNull(locator, "locator");
    Objects.requireNonNull(evidence, "evidence");
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(failure, "failure");
    if (document.isPresent() == failure.isPresent()) {
      throw new IllegalArgumentException("a reference is either loaded or failed");
    }
  }

  /** {@code ref} in {@code referencing} loaded as {@code referenced}. */
  public static ResolvedReference loaded(PolicyDocument referencing, AcapField.PermissionsReference ref, PolicyDocument referenced) {
    return new ResolvedReference(ref.locator(), CrawlerView.evidence(referencing, ref.span()), Optional.of(referenced), Optional.empty());
  }

  /** {@code ref} in {@code referencing} could not be loaded, for the reason {@code why}. */
  public static ResolvedReference failed(PolicyDocument referencing, AcapField.PermissionsReference ref, String why) {
    return new ResolvedReference(ref.locator(), CrawlerView.evidence(referencing, ref.span()), Optional.empty(), Optional.of(why));
  }
}
