package org.acapengine.collections;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.SourceLine;

/**
 * What a {@link PagePolicy} decided for one URL and one usage, and why.
 *
 * @param allowed whether the usage is permitted
 * @param deciding the policy line that decided (a rule of the robots.txt, a member of the
 *     llm-policy.json, a line of the Scorpion file), or empty when no line did
 * @param basis when no line decided, why the answer is what it is (for example {@code
 *     default-allow}, the decision's basis label), or {@code ""} when there is nothing to say;
 *     {@code ""} when a line decided
 */
public record PageVerdict(boolean allowed, Optional<SourceLine> deciding, String basis) {

  /**
   * Checks {@code deciding} is given and clears the basis when a line decided (a null basis becomes
   * {@code ""}).
   *
   * @param allowed whether the usage is permitted
   * @param deciding the policy line that decided (a rule of the robots.txt, a member of the
   *     llm-policy.json, a line of the Scorpion file), or empty when no line did
   * @param basis when no line decided, why the answer is what it is (for example {@code
   *     default-allow}, the decision's basis label), or {@code ""} when there is nothing to say;
   *     {@code ""} when a line decided
   */
  public PageVerdict {
    Objects.requireNonNull(deciding, "deciding");
    basis = deciding.isPresent() || basis == null ? "" : basis;
  }

  /**
   * A decision made by {@code line}.
   *
   * @param allowed the decision
   * @param line the deciding line
   * @return the verdict
   */
  public static PageVerdict byLine(boolean allowed, SourceLine line) {
    return new PageVerdict(allowed, Optional.of(line), "");
  }

  /**
   * A decision no policy line made, for the reason {@code basis}.
   *
   * @param allowed the decision
   * @param basis what the decision rests on, e.g. {@code default}
   * @return the verdict
   */
  public static PageVerdict byBasis(boolean allowed, String basis) {
    return new PageVerdict(allowed, Optional.empty(), basis);
  }

  /**
   * A default decision that no policy line made, with nothing more to say.
   *
   * @param allowed the decision
   * @return the verdict
   */
  public static PageVerdict byDefault(boolean allowed) {
    return new PageVerdict(allowed, Optional.empty(), "");
  }

  /**
   * The line that summaries and dropped-item reports count and print: the deciding line, or, when
   * none, a line of no source and no number whose text is the basis.
   *
   * @return the line to report, never null
   */
  public SourceLine reportedLine() {
    return deciding.orElseGet(() -> new SourceLine("", 0, basis));
  }
}
