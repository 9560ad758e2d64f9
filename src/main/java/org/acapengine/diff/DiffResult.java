package org.acapengine.diff;

import java.util.List;
import java.util.Objects;

/**
 * What a diff found.
 *
 * @param before the old version's name (a path or URL)
 * @param after the new version's name
 * @param scope the questions asked
 * @param changes the questions whose verdict changes, by crawler, then path, then usage
 */
public record DiffResult(String before, String after, DiffScope scope, List<DiffChange> changes) {
  /**
   * Checks that no component is null and copies the changes.
   *
   * @param before the old version's name
   * @param after the new version's name
   * @param scope the questions asked
   * @param changes the changes
   */
  public DiffResult {
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    Objects.requireNonNull(scope, "scope");
    changes = List.copyOf(changes);
  }

  /**
   * Whether any verdict changes.
   *
   * @return true when {@link #changes()} is not empty
   */
  public boolean changed() {
    return !changes.isEmpty();
  }
}
