package org.acapengine.adapters.scorpion;

/** A Scorpion native decision. */
public enum ScorpionVerdict {
  /** {@code c} or {@code i} matched first. */
  ALLOWED,
  /** {@code C} or {@code v} matched first, the implicit {@code C/} applied, or the file is not understood (crawl). */
  DISALLOWED,
  /** Nothing in the file speaks to this usage and path. */
  NO_OPINION
}
