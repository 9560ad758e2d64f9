package org.acapengine.eval;

import java.util.List;
import java.util.Set;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.SourceLine;

/**
 * One rule as the evaluator uses it: an ACAP field expanded to one usage and one pattern (a
 * composite usage or a resource set gives several), or a conventional Allow/Disallow rule.
 * Immutable; everything a decision needs is computed here once.
 */
final class CompiledRule implements Precedence.RankedRule {

  /** Which records the rule comes from. */
  enum Tier {
    /** An ACAP record naming the crawler. */
    NAMED,
    /** An ACAP record for any crawler. */
    ANY,
    /** A conventional group RFC 9309 selects for the crawler. */
    CONVENTIONAL
  }

  final Tier tier;
  final boolean allow;
  /** The usage the rule is for (lower-case): crawl, present, present-snippet, other, a name outside the vocabulary. */
  final String usage;
  final PathPattern pattern;
  /** Usage-purpose patterns of the sub-record (whole-string, case-insensitive); empty for general fields. */
  final PathPattern[] purposes;
  final List<Qualifier> qualifiers;
  /** The qualifier types, with null standing for one outside the vocabulary (no crawler can honour it). */
  final Set<QualifierType> qualifierTypes;
  final boolean unknownQualifier;
  final SourceLine evidence;
  /** How the rule came to be, when not written directly (e.g. "via composite usage basic-usages"). */
  final String derivation;
  /**
   * The pattern's place in {@link ScopeOrder} among the patterns of its crawler view: equal for
   * patterns equal up to ASCII case. Set once by {@link CrawlerView} before the view is published.
   */
  int scopeRank;
  /**
   * For a pattern that is a literal prefix of at most one character, {@code *}, and one literal
   * segment (more {@code *} allowed around it, no final {@code $}): the segment's length as
   * matched, else -1. {@link MatchScratch} then decides the match from where {@link SegmentIndex}
   * found the segment.
   */
  final int segmentLength;
  /**
   * True when the segment {@link SegmentIndex} indexes the rule by is the pattern's last segment
   * (and the pattern is not end-anchored): where the scan found it bounds what the matcher must
   * read ({@link PathPattern#headFitsBefore}).
   */
  final boolean tailIndexed;
  /** The length of {@link #literalPrefix()}. */
  final int prefixLength;
  /**
   * The lines of every rule identical to this one ({@link #identity}), sorted by file and line,
   * when there are several; null for a rule that stands for itself alone ({@link #lines()}).
   */
  private final List<SourceLine> standingFor;

  CompiledRule(Tier tier, boolean allow, String usage, PathPattern pattern, PathPattern[] purposes, List<Qualifier> qualifiers,
      SourceLine evidence, String derivation) {
    this.tier = tier;
    this.allow = allow;
    this.usage = usage;
    this.pattern = pattern;
    this.purposes = purposes;
    this.qualifiers = List.copyOf(qualifiers);
    java.util.EnumSet<QualifierType> types = qualifiers.isEmpty() ? null : java.util.EnumSet.noneOf(QualifierType.class);
    boolean unknown = false;
    for (Qualifier q : qualifiers) {
      if (q.type().isPresent()) {
        types.add(q.type().get());
      } else {
        unknown = true;
      }
    }
    this.qualifierTypes = types == null ? Set.of() : Set.copyOf(types);
    this.unknownQualifier = unknown;
    this.evidence = evidence;
    this.derivation = derivation;
    this.standingFor = null;
    this.prefixLength = pattern.segment(0).length();
    int indexed = prefixLength <= 1 ? longestSegmentIndex(pattern) : -1;
    this.segmentLength = segmentOnlyLength(pattern, prefixLength, indexed);
    this.tailIndexed = indexed > 0 && indexed == pattern.segmentCount() - 1 && !pattern.isEndAnchored();
  }

  /**
   * The index of the longest segment after the first (the last of equally long ones: it may be
   * the tail, {@link #tailIndexed}), or -1 when all of them are empty or there are none.
   */
  private static int longestSegmentIndex(PathPattern pattern) {
    int best = -1;
    int bestLength = 0;
    for (int i = 1, n = pattern.segmentCount(); i < n; i++) {
      int length = pattern.segment(i).length();
      if (length > 0 && length >= bestLength) {
        best = i;
        bestLength = length;
      }
    }
    return best;
  }

  /**
   * {@link #segmentLength}: the indexed segment's length when it is the only non-empty segment
   * after a prefix of at most one character, in a pattern not end-anchored; else -1.
   */
  private static int segmentOnlyLength(PathPattern pattern, int prefixLength, int indexed) {
    if (!pattern.hasWildcard() || prefixLength > 1 || pattern.isEndAnchored() || indexed < 0) {
      return -1;
    }
    for (int i = 1, n = pattern.segmentCount(); i < n; i++) {
      if (i != indexed && !pattern.segment(i).isEmpty()) {
        return -1;
      }
    }
    return pattern.segment(indexed).length();
  }

  /** True when the path starts with the literal prefix (at most one character here). */
  boolean prefixMatches(String path) {
    String prefix = literalPrefix();
    if (path.length() < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      char a = path.charAt(i);
      if ((isAcap() ? PrefixTrie.fold(a) : a) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private CompiledRule(CompiledRule r, List<SourceLine> lines) {
    this.tier = r.tier;
    this.allow = r.allow;
    this.usage = r.usage;
    this.pattern = r.pattern;
    this.purposes = r.purposes;
    this.qualifiers = r.qualifiers;
    this.qualifierTypes = r.qualifierTypes;
    this.unknownQualifier = r.unknownQualifier;
    this.evidence = r.evidence;
    this.derivation = r.derivation;
    this.standingFor = List.copyOf(lines);
    this.segmentLength = r.segmentLength;
    this.prefixLength = r.prefixLength;
    this.tailIndexed = r.tailIndexed;
  }

  /**
   * The lines of every rule identical to this one ({@link #identity}), this one's first, sorted by
   * file and line: a decision this rule takes names them all, as it did before they were collapsed.
   * Made on request for a rule alone, so that a compiled rule holds no list of one line.
   */
  List<SourceLine> lines() {
    return standingFor != null ? standingFor : List.of(evidence);
  }

  /** This rule standing for itself and the identical rules on {@code lines} too (sorted, distinct). */
  CompiledRule standingFor(List<SourceLine> lines) {
    return new CompiledRule(this, lines);
  }

  @Override
  public String pattern() {
    return pattern.pattern();
  }

  @Override
  public boolean allows() {
    return allow;
  }

  @Override
  public boolean isOtherUsage() {
    return usage.equals("other");
  }

  boolean isAcap() {
    return tier != Tier.CONVENTIONAL;
  }

  /** True when the sub-record's purposes (if any) admit {@code purpose} (already normalised). */
  boolean purposeAdmits(String purpose) {
    if (purposes.length == 0) {
      return true;
    }
    if (purpose == null) {
      return false;
    }
    for (PathPattern p : purposes) {
      if (p.matches(purpose)) {
        return true;
      }
    }
    return false;
  }

  /** A permission with a qualifier the crawler cannot honour counts as a prohibition (2.5.5.2.3). */
  boolean allowsFor(Query query) {
    if (!allow) {
      return false;
    }
    if (query.honourable().isEmpty() || qualifiers.isEmpty()) {
      return true;
    }
    return !unknownQualifier && query.honourable().get().containsAll(qualifierTypes);
  }

  /**
   * The literal run before the first {@code *} (a final {@code $} excluded, another {@code $}
   * read as {@code %24}), as the matcher reads it: ASCII-lower-cased for an ACAP rule.
   */
  String literalPrefix() {
    return pattern.segment(0);
  }

  /**
   * The longest literal run after the literal prefix (what {@link SegmentIndex} indexes the rule
   * by; the last of equally long ones), as the matcher reads it; empty when the pattern has none
   * or the prefix is longer than one character.
   */
  String longestSegmentAfterPrefix() {
    // Found again when asked (by index builds), not held: four bytes a rule, eight with alignment.
    int indexed = prefixLength <= 1 ? longestSegmentIndex(pattern) : -1;
    return indexed < 0 ? "" : pattern.segment(indexed);
  }

  /**
   * What makes two rules the same rule (docs/matching.md): kind, verdict, usage, pattern (up to
   * ASCII case for ACAP fields), sub-record purposes and qualifiers. The line does not count.
   */
  /** The identity of a conventional rule. */
  private record ConventionalIdentity(boolean allow, String pattern) {}

  Object identity() {
    if (tier == Tier.CONVENTIONAL) {
      // Only the kind and the (case-sensitive) pattern tell conventional rules apart; the
      // pattern's hash is the string's own, and the key never equals the list key of an ACAP rule.
      return new ConventionalIdentity(allow, pattern.pattern());
    }
    List<String> purposeTexts = new java.util.ArrayList<>(purposes.length);
    for (PathPattern p : purposes) {
      purposeTexts.add(p.pattern());
    }
    List<String> qualifierTexts = new java.util.ArrayList<>(qualifiers.size());
    for (Qualifier q : qualifiers) {
      qualifierTexts.add(q.key() + "=" + q.value());
    }
    String p = isAcap() ? ScopeOrder.fold(pattern.pattern()) : pattern.pattern();
    return List.of(tier, allow, usage, p, purposeTexts, qualifierTexts);
  }

  @Override
  public String toString() {
    return evidence.toString();
  }
}
