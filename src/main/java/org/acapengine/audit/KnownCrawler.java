package org.acapengine.audit;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A crawler of the audit's list: its product token, who runs it, and the purposes its operator
 * declares, in the purpose vocabulary of docs/formats.md ({@code search}, {@code ai-input}, {@code
 * ai-train}).
 *
 * @param token the product token a robots.txt names it by
 * @param operator who runs it; {@code unknown} for a crawler added on the command line
 * @param declared the purposes its operator declares, possibly none
 * @param note anything a publisher should know (a control token that is no crawler of its own)
 */
public record KnownCrawler(String token, String operator, List<String> declared, Optional<String> note) {
  /**
   * Checks the components and copies the list.
   *
   * @param token the product token, not blank
   * @param operator who runs it
   * @param declared the declared purposes
   * @param note a note, if any
   */
  public KnownCrawler {
    Objects.requireNonNull(token, "token");
    if (token.isBlank()) {
      throw new IllegalArgumentException("a crawler token is not blank");
    }
    Objects.requireNonNull(operator, "operator");
    declared = List.copyOf(declared);
    Objects.requireNonNull(note, "note");
  }
}
