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
   * @return the bytes, or the reason they could not be loaded; never throws
   */
  Result load(String locator, String referencingSource);

  /** What loading gave. */
  sealed interface Result {
    /** The file's bytes, and the name to report it under. */
    record Loaded(String name, byte[] content) implements Result {
      /**
       * Checks that no component is null.
       *
       * @param name the name the file is reported under
       * @param content the file's bytes (not copied)
       */
      public Loaded {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(content, "content");
      }
    }

    /** Why the file could not be loaded. */
    record Failed(String reason) implements Result {
      /**
       * Checks the reason is given.
       *
       * @param reason one line naming the reference and the cause
       */
      public Failed {
        Objects.requireNonNull(reason, "reason");
      }
    }
  }

  /**
   * A resolver that loads nothing: every reference is unresolved, and decisions say so.
   *
   * @return a resolver every load of which fails
   */
  static ReferenceResolver none() {
    return (locator, source) -> new Result.Failed("permissions references are not loaded (no resolver was given)");
  }

  /**
   * Tries this resolver, then {@code other} when this one fails.
   *
   * @param other the resolver tried next
   * @return a resolver that returns this one's answer unless it failed
   */
  default ReferenceResolver orElse(ReferenceResolver other) {
    return (locator, source) -> {
      Result r = load(locator, source);
      return r instanceof Result.Loaded ? r : other.load(locator, source);
    };
  }
}
