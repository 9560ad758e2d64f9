package org.acapengine.testing;

/**
 * The one switch for golden files (grammar samples, lint output, explain traces, the generated
 * lint rule list): run the tests with {@code -Dacap.updateGoldens=true} to rewrite them from the
 * current output, then review the diff. Without it, a golden that differs fails its test.
 */
public final class Goldens {

  /** The system property that turns rewriting on. */
  public static final String PROPERTY = "acap.updateGoldens";

  /** Whether this run rewrites golden files instead of comparing with them. */
  public static final boolean UPDATE = Boolean.getBoolean(PROPERTY);

  private Goldens() {}
}
