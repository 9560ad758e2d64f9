package org.acapengine.site;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.acapengine.adapters.tct.Obligation;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * The answer of all of a site's policy sources together: allowed only if every source that
 * speaks to the query allows it.
 *
 * @param allowed the combined verdict
 * @param basis what it rests on, as output names it: the deciding source's own basis when it has
 *     one (robots.txt: {@code acap-field}, {@code conventional-rule}, …), {@value #OTHER_SOURCE}
 *     when a source without basis names decided, {@value #DEFAULT} when none spoke
 * @param decidingSource the name of the deciding source ("" when none spoke)
 * @param deciding the deciding line(s) of that source
 * @param qualifiers ACAP qualifiers of an allowed usage
 * @param obligations conditions of an allowed usage that ACAP cannot express (TCT requirements)
 * @param dynamic true when a source marks the path as dynamic (a Scorpion {@code d} rule)
 * @param sources every source's own verdict, in the site's order of sources
 */
public record SiteDecision(boolean allowed, String basis, String decidingSource, List<SourceLine> deciding, List<Qualifier> qualifiers,
    Set<Obligation> obligations, boolean dynamic, List<SourceVerdict> sources) {

  /** The basis when no source speaks to the query: allowed by default. */
  public static final String DEFAULT = "default";

  /** The basis when a source that names no basis of its own decided. */
  public static final String OTHER_SOURCE = "other-source";

  /**
   * Checks that no component is null and copies every list and set into an immutable one.
   *
   * @param allowed the combined verdict
   * @param basis what it rests on, as output names it: the deciding source's own basis when it has
   *     one (robots.txt: {@code acap-field}, {@code conventional-rule}, …), {@value #OTHER_SOURCE}
   *     when a source without basis names decided, {@value #DEFAULT} when none spoke
   * @param decidingSource the name of the deciding source ("" when none spoke)
   * @param deciding the deciding line(s) of that source
   * @param qualifiers ACAP qualifiers of an allowed usage
   * @param obligations conditions of an allowed usage that ACAP cannot express (TCT requirements)
   * @param dynamic true when a source marks the path as dynamic (a Scorpion {@code d} rule)
   * @param sources every source's own verdict, in the site's order of sources
   */
  public SiteDecision {
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(decidingSource, "decidingSource");
    deciding = List.copyOf(deciding);
    qualifiers = List.copyOf(qualifiers);
    obligations = Set.copyOf(obligations);
    sources = List.copyOf(sources);
  }

  /**
   * Combines the sources' verdicts, in order (docs/adapters.md, "Combined decisions"): a
   * conclusive verdict settles the query alone; otherwise the first prohibiting source decides,
   * else the first allowing one, else the usage is allowed by default. An allowed usage carries
   * the qualifiers of the sources that allowed it and the obligations of every source; a
   * prohibition carries neither. Knows no source by name.
   *
   * @param all every source's verdict, in the site's order of sources
   * @return the combined decision, never null
   */
  public static SiteDecision of(List<SourceVerdict> all) {
    List<SourceVerdict> verdicts = all;
    for (SourceVerdict v : all) {
      if (v.conclusive()) {
        verdicts = List.of(v);
        break;
      }
    }
    SourceVerdict decider = first(verdicts, Verdict.PROHIBITED);
    if (decider == null) {
      decider = first(verdicts, Verdict.ALLOWED);
    }
    boolean allowed = decider == null || decider.verdict() == Verdict.ALLOWED;
    boolean dynamic = false;
    List<Qualifier> qualifiers = new ArrayList<>();
    Set<Obligation> obligations = EnumSet.noneOf(Obligation.class);
    for (SourceVerdict v : verdicts) {
      dynamic |= v.dynamic();
      if (allowed) {
        obligations.addAll(v.obligations());
        if (v.verdict() == Verdict.ALLOWED) {
          qualifiers.addAll(v.qualifiers());
        }
      }
    }
    if (decider == null) {
      return new SiteDecision(true, DEFAULT, "", List.of(), qualifiers, obligations, dynamic, verdicts);
    }
    return new SiteDecision(allowed, decider.basis().orElse(OTHER_SOURCE), decider.source(), decider.evidence(), qualifiers, obligations,
        dynamic, verdicts);
  }

  private static SourceVerdict first(List<SourceVerdict> verdicts, Verdict wanted) {
    for (SourceVerdict v : verdicts) {
      if (v.verdict() == wanted) {
        return v;
      }
    }
    return null;
  }

  /**
   * The first deciding line, or null.
   *
   * @return the first line of {@link #deciding()}, or null when there is none (a default decision
   *         or a source without lines)
   */
  public SourceLine decidingLine() {
    return deciding.isEmpty() ? null : deciding.get(0);
  }
}
