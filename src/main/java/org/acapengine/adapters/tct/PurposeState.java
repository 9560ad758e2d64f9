package org.acapengine.adapters.tct;

/**
 * What a descriptor says about one {@link UsagePurpose}: {@code true} is ALLOWED, {@code false}
 * is PROHIBITED, and an absent member or any non-boolean value is NOT_STATED.
 */
public enum PurposeState {
  /** The purpose's flag is {@code true}. */
  ALLOWED,
  /** The purpose's flag is {@code false}. */
  PROHIBITED,
  /** The purpose's member is absent or not a boolean. */
  NOT_STATED
}
