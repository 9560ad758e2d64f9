package org.acapengine.site;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.eval.Explanation;

/**
 * One source's answer to {@link PolicySource#explain}.
 *
 * @param verdict the verdict {@link PolicySource#decide} gives for the same query
 * @param trace the full decision trace, for a source that has one (robots.txt)
 * @param notes what the source says about itself (an llm-policy.json's version, dates, URLs)
 */
public record SourceExplanation(SourceVerdict verdict, Optional<Explanation> trace, List<String> notes) {
  /**
   * Checks that no component is null and copies the notes into an immutable list.
   *
   * @param verdict the verdict {@link PolicySource#decide} gives for the same query
   * @param trace the full decision trace, for a source that has one (robots.txt)
   * @param notes what the source says about itself (an llm-policy.json's version, dates, URLs)
   */
  public SourceExplanation {
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(trace, "trace");
    notes = List.copyOf(notes);
  }
}
