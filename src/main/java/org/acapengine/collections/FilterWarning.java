package org.acapengine.collections;

import java.util.Objects;

/**
 * A non-fatal problem with one page line (SCP) or sitemap item (TCT) that was skipped.
 *
 * @param position the 1-based line of the collection, or the 0-based index of the sitemap item
 * @param reason why it was skipped
 * @param message what was wrong, fit for one line on stderr (already cleaned of control characters)
 */
public record FilterWarning(long position, DropReason reason, String message) {

  /**
   * Checks the reason and message are given.
   *
   * @param position the 1-based line of the collection, or the 0-based index of the sitemap item
   * @param reason why it was skipped
   * @param message what was wrong, fit for one line on stderr (already cleaned of control characters)
   */
  public FilterWarning {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(message, "message");
  }
}
