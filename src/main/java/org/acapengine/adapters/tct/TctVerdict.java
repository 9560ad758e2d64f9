package org.acapengine.adapters.tct;

/**
 * A TCT descriptor can only restrict: {@code false} for a purpose prohibits, and everything else
 * ({@code true}, absent, not in force, not covered) restricts nothing, which is "no opinion"
 * (tct-collab-tunnel-draft.txt, policy descriptor: purposes are "usage permissions" and the
 * later revision says TCT itself defines no usage policy).
 */
public enum TctVerdict {
  PROHIBITED,
  NO_OPINION
}
