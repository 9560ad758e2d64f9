package org.acapengine.load;

import java.util.Objects;

/**
 * Loads the file an {@code ACAP-permissions-reference} names (2.3.2). Implementations must bound
 * what they read and never throw: a failure is a {@link Result.Failed} with a reason.
 */
@FunctionalInterface
public interface ReferenceResolver {

  /**
   * @param locator the reference as written: a path relative to the document root, or a URI
   * @param referencingSource the name of the file holding the reference (a path or URL)
   */
  Result load(String locator, String referencingSource);

  /** What loading gave. */
  sealed interface Result {
    /** The file's bytes, and the name to report it under. */
    record Loaded(String name, byte[] content) implements Result {
      public Loaded {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(content, "content");
      }
    }

    /** Why the file could not be loaded. */
    record Failed(String reason) implements Result {
      public Failed {
        Objects.requireNonNull(reason, "reason");
      }
    }
  }

  /** A resolver that loads nothing: every reference is unresolved, and decisions say so. */
  static ReferenceResolver none() {
    return (locator, source) -> new Result.Failed("permissions references are not loaded (no resolver was given)");
  }

  /** Tries this resolver, then {@code other} when this one fails. */
  default ReferenceResolver orElse(ReferenceResolver other) {
    return (locator, source) -> {
      Result r = load(locator, source);
      return r instanceof Result.Loaded ? r : other.load(locator, source);
    };
  }
}
