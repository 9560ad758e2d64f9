package org.acapengine.site;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.DecidingLines;
import org.acapengine.model.Obligation;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * What one policy source says about a query, and everything {@link SiteDecision#of} needs to
 * combine it with the others without knowing the source's format.
 *
 * @param kind the source's format ({@link PolicySource#kind()})
 * @param source the file's name
 * @param verdict allowed, prohibited, or no opinion (the source says nothing about the query)
 * @param evidence the deciding line(s) of the source, empty when it has none
 * @param reason one sentence
 * @param basis the source's own name for what its verdict rests on (robots.txt: {@code
 *     acap-field}, {@code conventional-rule}, …); empty for a source without such names, whose
 *     deciding verdict gives the combined decision the basis {@code other-source}
 * @param qualifiers conditions of an allowed usage the source states in ACAP terms (2.5.5)
 * @param obligations conditions that come with any allowed usage (TCT requirements), whatever
 *     this source's own verdict
 * @param dynamic true when the source marks the path as dynamic (a Scorpion {@code d} rule)
 * @param conclusive true when this verdict settles the query alone and the other sources are not
 *     counted: robots.txt's "/robots.txt may always be crawled" (RFC 9309 2.2.2), which no other
 *     source can forbid
 * @param notes what the decision must show beside its verdict (an RSL licence's payment lines),
 *     whatever this source's own verdict
 */
public record SourceVerdict(String kind, String source, Verdict verdict, List<SourceLine> evidence, String reason,
    Optional<String> basis, List<Qualifier> qualifiers, Set<Obligation> obligations, boolean dynamic, boolean conclusive,
    List<DecisionNote> notes) {

  /**
   * Checks that no component is null and copies every list and set into an immutable one.
   *
   * @param kind the source's format ({@link PolicySource#kind()})
   * @param source the file's name
   * @param verdict allowed, prohibited, or no opinion (the source says nothing about the query)
   * @param evidence the deciding line(s) of the source, empty when it has none
   * @param reason one sentence
   * @param basis the source's own name for what its verdict rests on (robots.txt: {@code
   *     acap-field}, {@code conventional-rule}, …); empty for a source without such names, whose
   *     deciding verdict gives the combined decision the basis {@code other-source}
   * @param qualifiers conditions of an allowed usage the source states in ACAP terms (2.5.5)
   * @param obligations conditions that come with any allowed usage (TCT requirements), whatever
   *     this source's own verdict
   * @param dynamic true when the source marks the path as dynamic (a Scorpion {@code d} rule)
   * @param conclusive true when this verdict settles the query alone and the other sources are not
   *     counted: robots.txt's "/robots.txt may always be crawled" (RFC 9309 2.2.2), which no other
   *     source can forbid
   * @param notes what the decision must show beside its verdict, whatever this source's own verdict
   */
  public SourceVerdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(verdict, "verdict");
    // A decision's lines read when asked (DecidingLines: ties of thousands of lines) are immutable: kept as they are.
    evidence = evidence instanceof DecidingLines ? evidence : List.copyOf(evidence);
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(basis, "basis");
    qualifiers = List.copyOf(qualifiers);
    obligations = Set.copyOf(obligations);
    notes = List.copyOf(notes);
  }

  /**
   * A verdict without notes (the shape before notes existed).
   *
   * @param kind the source's format
   * @param source the file's name
   * @param verdict allowed, prohibited, or no opinion
   * @param evidence the deciding line(s), empty when none
   * @param reason one sentence
   * @param basis the source's own name for what its verdict rests on, if any
   * @param qualifiers conditions of an allowed usage in ACAP terms
   * @param obligations conditions that come with any allowed usage
   * @param dynamic true when the source marks the path as dynamic
   * @param conclusive true when this verdict settles the query alone
   */
  public SourceVerdict(String kind, String source, Verdict verdict, List<SourceLine> evidence, String reason,
      Optional<String> basis, List<Qualifier> qualifiers, Set<Obligation> obligations, boolean dynamic, boolean conclusive) {
    this(kind, source, verdict, evidence, reason, basis, qualifiers, obligations, dynamic, conclusive, List.of());
  }

  /**
   * A plain verdict: no basis name, no conditions, not dynamic, not conclusive.
   *
   * @param kind the source's format
   * @param source the file's name
   * @param verdict allowed, prohibited, or no opinion
   * @param evidence the deciding line(s), empty when none
   * @param reason one sentence
   */
  public SourceVerdict(String kind, String source, Verdict verdict, List<SourceLine> evidence, String reason) {
    this(kind, source, verdict, evidence, reason, Optional.empty(), List.of(), Set.of(), false, false);
  }

  /**
   * This verdict with a basis name.
   *
   * @param b the source's name for what the verdict rests on; not null
   * @return a copy with {@link #basis()} set
   */
  public SourceVerdict withBasis(String b) {
    return new SourceVerdict(kind, source, verdict, evidence, reason, Optional.of(b), qualifiers, obligations, dynamic, conclusive, notes);
  }

  /**
   * This verdict with qualifiers.
   *
   * @param q the ACAP qualifiers of the allowed usage
   * @return a copy with {@link #qualifiers()} replaced
   */
  public SourceVerdict withQualifiers(List<Qualifier> q) {
    return new SourceVerdict(kind, source, verdict, evidence, reason, basis, q, obligations, dynamic, conclusive, notes);
  }

  /**
   * This verdict with obligations.
   *
   * @param o the conditions that come with any allowed usage
   * @return a copy with {@link #obligations()} replaced
   */
  public SourceVerdict withObligations(Set<Obligation> o) {
    return new SourceVerdict(kind, source, verdict, evidence, reason, basis, qualifiers, o, dynamic, conclusive, notes);
  }

  /**
   * This verdict with the dynamic mark set or cleared.
   *
   * @param d true when the source marks the path as dynamic
   * @return a copy with {@link #dynamic()} set to {@code d}
   */
  public SourceVerdict withDynamic(boolean d) {
    return new SourceVerdict(kind, source, verdict, evidence, reason, basis, qualifiers, obligations, d, conclusive, notes);
  }

  /**
   * The same verdict, settling the query alone.
   *
   * @return a copy with {@link #conclusive()} true
   */
  public SourceVerdict asConclusive() {
    return new SourceVerdict(kind, source, verdict, evidence, reason, basis, qualifiers, obligations, dynamic, true, notes);
  }

  /**
   * This verdict with notes.
   *
   * @param n what the decision must show beside the verdict
   * @return a copy with {@link #notes()} replaced
   */
  public SourceVerdict withNotes(List<DecisionNote> n) {
    return new SourceVerdict(kind, source, verdict, evidence, reason, basis, qualifiers, obligations, dynamic, conclusive, n);
  }
}
