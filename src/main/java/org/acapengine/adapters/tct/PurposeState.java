package org.acapengine.adapters.tct;

/**
 * What a descriptor says about one {@link UsagePurpose}: {@code true} is ALLOWED, {@code false}
 * is PROHIBITED, and an absent member or any non-boolean value is NOT_STATED.
 */
public enum PurposeState {
  ALLOWED,
  PROHIBITED,
  NOT_STATED
}
