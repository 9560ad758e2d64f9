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
 *
 * @param query the query explained
 * @param decision the combined decision, as {@link SitePolicy#decide} gives it
 * @param robots the robots.txt trace (the first full trace a source gives); empty when no source
 *     gives one
 * @param notes what the sources say about themselves, in order of sources; immutable
 */
public record SiteExplanation(Query query, SiteDecision decision, Optional<Explanation> robots, List<String> notes) {
  /**
   * Checks that no component is null and copies the notes into an immutable list.
   *
   * @param query the query explained
   * @param decision the combined decision, as {@link SitePolicy#decide} gives it
   * @param robots the robots.txt trace (the first full trace a source gives); empty when no source
   *     gives one
   * @param notes what the sources say about themselves, in order of sources; immutable
   */
  public SiteExplanation {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(robots, "robots");
    notes = List.copyOf(notes);
  }
}
