package org.acapengine.site;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.acapengine.eval.DecidingLines;
import org.acapengine.model.Obligation;
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
 * @param notes what a reader must not miss beside the verdict ({@link DecisionNote}): that the
 *     crawler may not fetch the path, an unknown usage or purpose, what a licence asks for
 */
public record SiteDecision(boolean allowed, String basis, String decidingSource, List<SourceLine> deciding, List<Qualifier> qualifiers,
    Set<Obligation> obligations, boolean dynamic, List<SourceVerdict> sources, List<DecisionNote> notes) {

  /** The basis when no source speaks to the query: allowed by default. */
  public static final String DEFAULT = "default";

  /** The basis when a source that names no basis of its own decided. */
  public static final String OTHER_SOURCE = "other-source";

  /** The basis when no source speaks to a usage that no vocabulary and no source names. */
  public static final String UNKNOWN_USAGE = "unknown-usage";

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
   * @param notes what a reader must not miss beside the verdict
   */
  public SiteDecision {
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(decidingSource, "decidingSource");
    // A decision's lines read when asked (DecidingLines: ties of thousands of lines) are immutable: kept as they are.
    deciding = deciding instanceof DecidingLines ? deciding : List.copyOf(deciding);
    qualifiers = List.copyOf(qualifiers);
    obligations = Set.copyOf(obligations);
    sources = List.copyOf(sources);
    notes = List.copyOf(notes);
  }

  /**
   * A decision without notes (the shape before notes existed).
   *
   * @param allowed the combined verdict
   * @param basis what it rests on
   * @param decidingSource the name of the deciding source ("" when none spoke)
   * @param deciding the deciding line(s) of that source
   * @param qualifiers ACAP qualifiers of an allowed usage
   * @param obligations conditions of an allowed usage that ACAP cannot express
   * @param dynamic true when a source marks the path as dynamic
   * @param sources every source's own verdict
   */
  public SiteDecision(boolean allowed, String basis, String decidingSource, List<SourceLine> deciding, List<Qualifier> qualifiers,
      Set<Obligation> obligations, boolean dynamic, List<SourceVerdict> sources) {
    this(allowed, basis, decidingSource, deciding, qualifiers, obligations, dynamic, sources, List.of());
  }

  /**
   * This decision with more notes after its own.
   *
   * @param more the notes to add
   * @return a copy with the notes appended, or this decision when there are none
   */
  public SiteDecision withNotes(List<DecisionNote> more) {
    if (more.isEmpty()) {
      return this;
    }
    List<DecisionNote> all = new ArrayList<>(notes);
    all.addAll(more);
    return new SiteDecision(allowed, basis, decidingSource, deciding, qualifiers, obligations, dynamic, sources, all);
  }

  /**
   * This decision with another basis (an unknown usage instead of the default).
   *
   * @param b the basis
   * @return a copy with {@link #basis()} replaced
   */
  public SiteDecision withBasis(String b) {
    return new SiteDecision(allowed, b, decidingSource, deciding, qualifiers, obligations, dynamic, sources, notes);
  }

  /**
   * Combines the sources' verdicts, in order (docs/adapters.md, "Combined decisions"): a
   * conclusive verdict settles the query alone; otherwise the first prohibiting source decides,
   * else the first allowing one, else the usage is allowed by default. An allowed usage carries
   * the qualifiers of the sources that allowed it and the obligations of every source; a
   * prohibition carries neither (nor the sources' notes, which are about using what is allowed). Knows no source by name.
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
    List<DecisionNote> notes = new ArrayList<>();
    for (SourceVerdict v : verdicts) {
      dynamic |= v.dynamic();
      if (allowed) {
        notes.addAll(v.notes());
      }
      if (allowed) {
        obligations.addAll(v.obligations());
        if (v.verdict() == Verdict.ALLOWED) {
          qualifiers.addAll(v.qualifiers());
        }
      }
    }
    if (decider == null) {
      return new SiteDecision(true, DEFAULT, "", List.of(), qualifiers, obligations, dynamic, verdicts, notes);
    }
    return new SiteDecision(allowed, decider.basis().orElse(OTHER_SOURCE), decider.source(), decider.evidence(), qualifiers, obligations,
        dynamic, verdicts, notes);
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
