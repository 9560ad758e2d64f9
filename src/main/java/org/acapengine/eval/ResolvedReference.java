package org.acapengine.eval;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;

/**
 * A permissions reference after loading: the referenced document, or why it could not be had.
 *
 * @param locator the reference as written
 * @param evidence the referencing line
 * @param document the referenced file, parsed, when it loaded
 * @param failure why it did not load, when it did not
 */
record ResolvedReference(String locator, SourceLine evidence, Optional<PolicyDocument> document, Optional<String> failure) {
  ResolvedReference {
    Objects.requireNonNull(locator, "locator");
    Objects.requireNonNull(evidence, "evidence");
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(failure, "failure");
  }
}
