package org.acapengine.site;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;

/**
 * A combined decision explained: each source's verdict, the robots.txt trace when there is one
 * (the first full trace a source gives), and what the sources say about themselves (an
 * llm-policy.json's version, dates, URLs).
 */
public record SiteExplanation(Query query, SiteDecision decision, Optional<Explanation> robots, List<String> notes) {
  public SiteExplanation {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(robots, "robots");
    notes = List.copyOf(notes);
  }
}
