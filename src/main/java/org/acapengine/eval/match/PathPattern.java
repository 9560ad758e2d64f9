package org.acapengine.eval.match;

import java.util.Objects;

/**
 * A compiled resource-path pattern: the value of an RFC 9309 {@code Allow}/{@code Disallow} rule
 * (RFC 9309 sections 2.2.2 and 2.2.3) or an ACAP resource path pattern (ACAP 1.0 part 1, section
 * 2.8). Immutable and thread-safe.
 *
 * <p>Syntax and meaning:
 *
 * <ul>
 *   <li>the pattern matches when it matches a <em>prefix</em> of the path, starting at the first
 *       octet of the path (RFC 9309 section 2.2.2);
 *   <li>{@code *} matches any run of characters, including none and including {@code /} (RFC 9309
 *       section 2.2.3, ACAP section 2.8);
 *   <li>{@code $} as the last character anchors the match at the end of the path: the path must end
 *       where the pattern ends (RFC 9309 section 2.2.3, ACAP section 2.8). A {@code $} anywhere
 *       else is an ordinary character, the way google/robotstxt reads it (ACAP says {@code $} "may
 *       only occur as the last character": a parser may report a misplaced one, this class just
 *       matches it literally). Because {@link RequestPath} writes a literal {@code $} of a URL as
 *       {@code %24}, a literal {@code $} of a pattern is matched as {@code %24} too, so {@code
 *       /a$b} and {@code /a%24b} match the same paths;
 *   <li>every other character matches itself; with {@code caseInsensitive} it matches itself up to
 *       ASCII case (ACAP section 2.8: "Pattern matching in ACAP fields should always be
 *       case-insensitive"; RFC 9309 section 2.2.2: matching "SHOULD be case sensitive"). Only
 *       ASCII letters are folded: both sides are percent-normalised, so every non-ASCII character
 *       is a {@code %XX} sequence by then, and {@code %C3%89} ("É") does not match {@code %C3%A9}
 *       ("é").
 * </ul>
 *
 * <p>{@link #compile} normalises the pattern with {@link PercentEncoding#normalise}; {@link
 * #matches} expects a path normalised the same way, as {@link RequestPath#of} returns it.
 *
 * <p>The empty pattern matches every path. What an empty rule means is the caller's business
 * (RFC 9309 section 2.2: an empty {@code Disallow:} disallows nothing; google/robotstxt gives it
 * match length 0 so it never outweighs another rule).
 *
 * <p>Cost: {@link #matches} never backtracks and allocates nothing: the one matcher of the
 * package (PatternMatcher) places each literal segment between two {@code *} at its earliest
 * occurrence after the previous one, which is optimal for prefix matching, and every search of
 * the path goes through {@link PathSearch#find}; one match is O(path length + pattern length).
 * Many patterns matched against one path share a {@link PathSearch}, which indexes the path once
 * they have read it often enough; many patterns that must be matched together belong in a {@link
 * PathPatternSet}, which finds the ones worth matching through an index. docs/matching.md says
 * more.
 */
public final class PathPattern {

  private final String pattern;
  private final boolean caseInsensitive;
  /**
   * The pattern in its match form: a {@code $} that does not end it written {@code %24} (as
   * {@link RequestPath} writes a URL's {@code $}), a final {@code $} kept; {@link #pattern}
   * itself when it has no such {@code $} (nearly always).
   */
  private final String match;
  /** {@link #match}'s length with the {@link PatternIndex} flags: ANCHORED, WILDCARD, FOLD. */
  private final int info;
  /** The total length of the literal runs: no shorter path can match. */
  private final int minimumPathLength;

  private PathPattern(String pattern, boolean caseInsensitive) {
    this.pattern = pattern;
    this.caseInsensitive = caseInsensitive;
    this.match = matchForm(pattern);
    this.info = PatternIndex.info(match, caseInsensitive);
    int literals = 0;
    for (int i = 0, end = match.length() - ((info & PatternIndex.ANCHORED) != 0 ? 1 : 0); i < end; i++) {
      if (match.charAt(i) != '*') {
        literals++;
      }
    }
    this.minimumPathLength = literals;
  }

  /**
   * The match form of a normalised pattern: each {@code $} that does not end it written {@code
   * %24}; the pattern itself when it has none.
   *
   * @param pattern a percent-normalised pattern
   * @return its match form
   */
  static String matchForm(String pattern) {
    int dollar = pattern.indexOf('$');
    if (dollar < 0 || dollar == pattern.length() - 1) {
      return pattern;
    }
    StringBuilder sb = new StringBuilder(pattern.length() + 4);
    for (int i = 0, last = pattern.length() - 1; i <= last; i++) {
      char c = pattern.charAt(i);
      if (c == '$' && i < last) {
        sb.append("%24");
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /**
   * Compiles a resource-path pattern (RFC 9309 sections 2.2.2 and 2.2.3; ACAP 1.0 part 1 section
   * 2.8).
   *
   * @param pattern the pattern as written, without surrounding whitespace; it is percent-normalised
   *     here ({@link PercentEncoding#normalise})
   * @param caseInsensitive true to match up to ASCII case (ACAP fields), false to match exactly
   *     (RFC 9309 rules)
   * @return the compiled pattern
   */
  public static PathPattern compile(String pattern, boolean caseInsensitive) {
    Objects.requireNonNull(pattern, "pattern");
    return new PathPattern(PercentEncoding.normalise(pattern), caseInsensitive);
  }

  /**
   * True when this pattern matches a prefix of {@code path} (or all of it, when {@link
   * #isEndAnchored()}). {@code path} should be percent-normalised, as {@link RequestPath#of}
   * returns it. Allocates nothing; O(path length + pattern length).
   *
   * @param path the path (with query) to test
   * @return whether the pattern matches
   */
  public boolean matches(CharSequence path) {
    return matches(path, null);
  }

  /**
   * As {@link #matches(CharSequence)}, searching the path through {@code search} ({@link PathSearch}).
   *
   * @param path the path (with query) to test
   * @param search the decision's searches of {@code path}, or null to search directly
   * @return whether the pattern matches
   */
  public boolean matches(CharSequence path, PathSearch search) {
    if (path.length() < minimumPathLength) {
      return false;
    }
    return PatternMatcher.matches(match, 0, info, searchFor(path, search));
  }

  /**
   * For a pattern of at least two segments, not end-anchored, whose last segment first occurs in
   * {@code path} at {@code start} (as an index found it): true when the segments before it fit,
   * leftmost-greedy, before {@code start}, which proves that the pattern matches. False proves
   * nothing (a later occurrence may still do); ask {@link #matches}. Reads the path only up to
   * {@code start}; allocates nothing.
   *
   * @param path the canonical path
   * @param start where the last segment was found in {@code path}
   * @param search the decision's searches of {@code path} ({@link #matches(CharSequence,
   *     PathSearch)}), or null to search directly
   * @return true when the pattern is proved to match; false proves nothing
   */
  public boolean headFitsBefore(CharSequence path, int start, PathSearch search) {
    return PatternMatcher.headFitsBefore(match, 0, info, match.lastIndexOf('*') + 1, start, searchFor(path, search));
  }

  private static PathSearch searchFor(CharSequence path, PathSearch search) {
    return search != null && search.isFor(path) ? search : PathSearch.direct(path);
  }

  /**
   * The number of segments (literal runs between {@code *}, empty ones included).
   *
   * @return the count, at least 1
   */
  public int segmentCount() {
    int count = 1;
    for (int i = 0, end = bodyEnd(); i < end; i++) {
      if (match.charAt(i) == '*') {
        count++;
      }
    }
    return count;
  }

  /**
   * One segment, as matched (ASCII-lower-cased when case-insensitive, {@code $} as {@code %24}):
   * segment 0 is the literal prefix, before the first {@code *}.
   *
   * @param index 0 to {@link #segmentCount()} - 1
   * @return the segment, possibly empty
   */
  public String segment(int index) {
    Objects.checkIndex(index, segmentCount());
    int from = 0;
    int end = bodyEnd();
    for (int i = 0; i < index; i++) {
      from = PatternMatcher.star(match, from, end) + 1;
    }
    String s = match.substring(from, PatternMatcher.star(match, from, end));
    return caseInsensitive ? foldAscii(s) : s;
  }

  /**
   * The last segment, as matched (ASCII-lower-cased when case-insensitive, {@code $} as {@code %24}).
   *
   * @return the segment, possibly empty
   */
  public String lastSegment() {
    return segment(segmentCount() - 1);
  }

  private int bodyEnd() {
    return match.length() - (isEndAnchored() ? 1 : 0);
  }

  private static String foldAscii(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      sb.append(PathSearch.fold(s.charAt(i)));
    }
    return sb.toString();
  }

  /**
   * The percent-normalised pattern text, as compiled.
   *
   * @return the pattern
   */
  public String pattern() {
    return pattern;
  }

  /**
   * The RFC 9309 match length (section 2.2.2, "the match that has the most octets"): the number
   * of octets of the normalised pattern, {@code *} and a final {@code $} included, as
   * google/robotstxt counts it. 0 for the empty pattern.
   *
   * @return the length in octets
   */
  public int length() {
    return pattern.length();
  }

  /**
   * True when the pattern contains at least one {@code *}.
   *
   * @return whether a {@code *} occurs
   */
  public boolean hasWildcard() {
    return (info & PatternIndex.WILDCARD) != 0;
  }

  /**
   * True when the pattern ends with {@code $}, so that it must match the whole path.
   *
   * @return whether the pattern ends with {@code $}
   */
  public boolean isEndAnchored() {
    return (info & PatternIndex.ANCHORED) != 0;
  }

  /**
   * True when this pattern matches up to ASCII case.
   *
   * @return whether ASCII case is ignored (ACAP patterns)
   */
  public boolean isCaseInsensitive() {
    return caseInsensitive;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PathPattern other
        && caseInsensitive == other.caseInsensitive
        && pattern.equals(other.pattern);
  }

  @Override
  public int hashCode() {
    return pattern.hashCode() * 31 + (caseInsensitive ? 1 : 0);
  }

  @Override
  public String toString() {
    return caseInsensitive ? pattern + " (case-insensitive)" : pattern;
  }
}
