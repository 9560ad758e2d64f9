package org.acapengine.site;

import java.util.List;
import java.util.Objects;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * What one policy source says about a query.
 *
 * @param kind {@code robots.txt}, {@code llm-policy.json} or {@code scorpion}
 * @param source the file's name
 * @param verdict allowed, prohibited, or no opinion (the source says nothing about the query)
 * @param evidence the deciding line(s) of the source, empty when it has none
 * @param reason one sentence
 */
public record SourceVerdict(String kind, String source, Verdict verdict, List<SourceLine> evidence, String reason) {

  public SourceVerdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(verdict, "verdict");
    evidence = List.copyOf(evidence);
    Objects.requireNonNull(reason, "reason");
  }
}
