package org.acapengine.site;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.acapengine.adapters.tct.Obligation;
import org.acapengine.eval.Basis;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * The answer of all of a site's policy sources together: allowed only if every source that
 * speaks to the query allows it.
 *
 * @param allowed the combined verdict
 * @param basis what it rests on: the robots.txt decision's basis when robots.txt decided, {@link
 *     Basis#OTHER_SOURCE} when another source did, {@link Basis#DEFAULT} when none spoke
 * @param decidingSource the name of the deciding source ("" when none spoke)
 * @param deciding the deciding line(s) of that source
 * @param qualifiers ACAP qualifiers of an allowed usage
 * @param obligations conditions of an allowed usage that ACAP cannot express (TCT requirements)
 * @param dynamic true when a Scorpion {@code d} rule marks the path as dynamic
 * @param sources every source's own verdict, in the order robots.txt, llm-policy.json, scorpion
 */
public record SiteDecision(boolean allowed, Basis basis, String decidingSource, List<SourceLine> deciding, List<Qualifier> qualifiers,
    Set<Obligation> obligations, boolean dynamic, List<SourceVerdict> sources) {

  public SiteDecision {
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(decidingSource, "decidingSource");
    deciding = List.copyOf(deciding);
    qualifiers = List.copyOf(qualifiers);
    obligations = Set.copyOf(obligations);
    sources = List.copyOf(sources);
  }

  /** The first deciding line, or null. */
  public SourceLine decidingLine() {
    return deciding.isEmpty() ? null : deciding.get(0);
  }
}
