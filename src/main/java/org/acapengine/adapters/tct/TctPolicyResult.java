package org.acapengine.adapters.tct;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Diagnostic;

/**
 * What {@link TctPolicyReader#read} found: the policy (empty when the document was rejected
 * whole, which reads "as if the site had none") and every diagnostic, in source order.
 *
 * @param policy the valid part of the descriptor, or empty when it was rejected whole
 * @param diagnostics every finding, in source order; immutable
 */
public record TctPolicyResult(Optional<TctPolicy> policy, List<Diagnostic> diagnostics) {

  /**
   * Copies the diagnostics into an immutable list.
   *
   * @param policy the valid part of the descriptor, or empty when it was rejected whole
   * @param diagnostics every finding, in source order; immutable
   */
  public TctPolicyResult {
    Objects.requireNonNull(policy, "policy");
    diagnostics = List.copyOf(diagnostics);
  }
}
