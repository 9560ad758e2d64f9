package org.acapengine.adapters.tct;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Diagnostic;

/**
 * What {@link TctPolicyReader#read} found: the policy (empty when the document was rejected
 * whole, which reads "as if the site had none") and every diagnostic, in source order.
 */
public record TctPolicyResult(Optional<TctPolicy> policy, List<Diagnostic> diagnostics) {

  public TctPolicyResult {
    Objects.requireNonNull(policy, "policy");
    diagnostics = List.copyOf(diagnostics);
  }
}
