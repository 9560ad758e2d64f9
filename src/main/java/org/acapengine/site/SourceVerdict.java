package org.acapengine.site;

import java.util.List;
import java.util.Objects;
import org.acapengine.eval.Evidence;

/**
 * What one policy source says about a query.
 *
 * @param kind {@code robots.txt}, {@code llm-policy.json} or {@code scorpion}
 * @param source the file's name
 * @param verdict allowed, prohibited, or no opinion (the source says nothing about the query)
 * @param evidence the deciding line(s) of the source, empty when it has none
 * @param reason one sentence
 */
public record SourceVerdict(String kind, String source, Verdict verdict, List<Evidence> evidence, String reason) {

  /** A source's answer. */
  public enum Verdict {
    ALLOWED,
    PROHIBITED,
    NO_OPINION;

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  public SourceVerdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(verdict, "verdict");
    evidence = List.copyOf(evidence);
    Objects.requireNonNull(reason, "reason");
  }
}
