package org.acapengine.eval.match;

import java.util.ArrayList;
import java.util.List;
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
 * <p>Cost: {@link #matches} never backtracks and allocates nothing. It places each literal
 * segment between two {@code *} at its earliest occurrence after the previous one, which is
 * optimal for prefix matching; an end-anchored last segment is tried only where it would end the
 * path. Each search starts where the previous segment ended and reads each path character once
 * (Knuth-Morris-Pratt above {@value #SHORT_SEGMENT} characters, a direct scan below), so one
 * match is O(path length + pattern length); many patterns matched against one path share a
 * {@link PathSearch}, which indexes the path once they have read it often enough.
 * docs/matching.md says more.
 */
public final class PathPattern {

  private final String pattern;
  private final boolean caseInsensitive;
  private final boolean endAnchored;
  private final boolean wildcard;
  /**
   * The literal runs between {@code *}s, ASCII-lower-cased when case-insensitive; at least one.
   * Null for a pattern that is one literal run, without a final {@code $}, as written: its one
   * segment is {@link #pattern} (most rules; an array a rule saved).
   */
  private final String[] segments;
  /** The total length of the segments: no shorter path can match. */
  private final int minimumPathLength;
  /**
   * Per segment: its Knuth-Morris-Pratt failure table when it is longer than {@link #SHORT_SEGMENT}
   * ({@link LiteralSearch#NO_BORDERS} when all zeros), else null.
   */
  private final int[][] failure;

  /** The tables of a one-segment pattern: none, one array shared by all (never written). */
  private static final int[][] NO_TABLES = new int[1][];

  /** Segments up to this length are searched directly: O(path × 8) is linear too, and faster for them. */
  static final int SHORT_SEGMENT = 8;

  private PathPattern(String pattern, boolean caseInsensitive) {
    this.pattern = pattern;
    this.caseInsensitive = caseInsensitive;
    this.endAnchored = !pattern.isEmpty() && pattern.charAt(pattern.length() - 1) == '$';
    String body = endAnchored ? pattern.substring(0, pattern.length() - 1) : pattern;
    if (body.indexOf('*') < 0 && body.indexOf('$') < 0 && (!caseInsensitive || !hasUpperCase(body))) {
      // Most rules: one literal segment, the body itself; when that is the whole pattern (no
      // final '$'), no array is held for it (segments == null: the one segment is the pattern).
      this.wildcard = false;
      this.segments = body == pattern ? null : new String[] {body};
      this.minimumPathLength = body.length();
      this.failure = NO_TABLES;
      return;
    }
    List<String> parts = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean sawStar = false;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '*') {
        sawStar = true;
        parts.add(segment(current));
        current.setLength(0);
      } else if (c == '$') {
        current.append("%24");
      } else {
        current.append(caseInsensitive ? foldAscii(c) : c);
      }
    }
    // A pattern without '*', '$' or folded letters is its own one segment: keep one string.
    String last = segment(current);
    parts.add(!sawStar && last.equals(body) ? body : last);
    this.wildcard = sawStar;
    this.segments = parts.toArray(new String[0]);
    int total = 0;
    for (String segment : segments) {
      total += segment.length();
    }
    this.minimumPathLength = total;
    // The first segment is matched in place, never searched: a pattern of one segment needs no table.
    this.failure = segments.length == 1 ? NO_TABLES : new int[segments.length][];
    for (int i = 1; i < segments.length; i++) {
      if (segments[i].length() > SHORT_SEGMENT) {
        failure[i] = LiteralSearch.failureTable(segments[i]);
      }
    }
  }

  /** The one-character ASCII strings, shared: {@code /*?*a=} has segments {@code /} and {@code ?} in every rule of its kind. */
  private static final String[] ONE_CHAR = new String[128];

  static {
    for (char c = 0; c < ONE_CHAR.length; c++) {
      ONE_CHAR[c] = String.valueOf(c).intern();
    }
  }

  private static boolean hasUpperCase(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        return true;
      }
    }
    return false;
  }

  private static String segment(StringBuilder sb) {
    if (sb.length() == 0) {
      return "";
    }
    return sb.length() == 1 && sb.charAt(0) < ONE_CHAR.length ? ONE_CHAR[sb.charAt(0)] : sb.toString();
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
    if (search != null && !search.isFor(path)) {
      search = null;
    }
    final int n = path.length();
    if (n < minimumPathLength) {
      return false;
    }
    final String[] segs = segments;
    if (segs == null) {
      return regionMatches(path, 0, pattern);
    }
    final int last = segs.length - 1;
    final String first = segs[0];
    if (last == 0) {
      if (endAnchored && n != first.length()) {
        return false;
      }
      return regionMatches(path, 0, first);
    }
    if (!regionMatches(path, 0, first)) {
      return false;
    }
    int pos = first.length();
    for (int i = 1; i < last; i++) {
      String segment = segs[i];
      int found = indexOf(path, i, pos, n, search);
      if (found < 0) {
        return false;
      }
      pos = found + segment.length();
    }
    String tail = segs[last];
    if (endAnchored) {
      int start = n - tail.length();
      return start >= pos && regionMatches(path, start, tail);
    }
    return tail.isEmpty() || indexOf(path, last, pos, n, search) >= 0;
  }

  /**
   * For a pattern of at least two segments, not end-anchored, whose last segment first occurs in
   * {@code path} at {@code start} (as an index found it): true when the segments before it fit,
   * leftmost-greedy, before {@code start}, which proves that the pattern matches. False proves
   * nothing (a later occurrence may still do); ask {@link #matches}. Reads the path only up to
   * {@code start} (a short segment's search may read on); allocates nothing.
   *
   * @param path the canonical path
   * @param start where the last segment was found in {@code path}
   * @param search the decision's searches of {@code path} ({@link #matches(CharSequence,
   *     PathSearch)}), or null to search directly
   * @return true when the pattern is proved to match; false proves nothing
   */
  public boolean headFitsBefore(CharSequence path, int start, PathSearch search) {
    if (search != null && !search.isFor(path)) {
      search = null;
    }
    final String[] segs = segments;
    if (segs == null) {
      return false;
    }
    final int last = segs.length - 1;
    if (last == 0 || endAnchored || start < 0 || !regionMatches(path, 0, segs[0]) || segs[0].length() > start) {
      return false;
    }
    int pos = segs[0].length();
    for (int i = 1; i < last; i++) {
      int found = indexOf(path, i, pos, start, search);
      if (found < 0 || found + segs[i].length() > start) {
        return false;
      }
      pos = found + segs[i].length();
    }
    return true;
  }

  /**
   * The number of segments (literal runs between {@code *}, empty ones included).
   *
   * @return the count, at least 1
   */
  public int segmentCount() {
    return segments == null ? 1 : segments.length;
  }

  /**
   * One segment, as matched (ASCII-lower-cased when case-insensitive, {@code $} as {@code %24}):
   * segment 0 is the literal prefix, before the first {@code *}.
   *
   * @param index 0 to {@link #segmentCount()} - 1
   * @return the segment, possibly empty
   */
  public String segment(int index) {
    if (segments == null) {
      Objects.checkIndex(index, 1);
      return pattern;
    }
    return segments[index];
  }

  /**
   * The last segment, as matched (ASCII-lower-cased when case-insensitive, {@code $} as {@code %24}).
   *
   * @return the segment, possibly empty
   */
  public String lastSegment() {
    return segments == null ? pattern : segments[segments.length - 1];
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
    return wildcard;
  }

  /**
   * True when the pattern ends with {@code $}, so that it must match the whole path.
   *
   * @return whether the pattern ends with {@code $}
   */
  public boolean isEndAnchored() {
    return endAnchored;
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

  /**
   * The first index at or after {@code from} where segment {@code index} occurs in path, or -1.
   * Linear in the characters read: a long segment is found with Knuth-Morris-Pratt, which never
   * reads a path character twice, a short one directly.
   */
  private int indexOf(CharSequence path, int index, int from, int limit, PathSearch search) {
    final String literal = segments[index];
    if (search == null) {
      return indexOf(path, index, from, limit);
    }
    PathIndex indexed = search.index(caseInsensitive);
    if (indexed != null) {
      int found = indexed.indexOf(literal, from);
      return found >= 0 && found + literal.length() <= limit ? found : -1;
    }
    int found = indexOf(path, index, from, limit);
    // A direct search may read on to the end of the path (String.indexOf ignores the limit).
    search.spend((found < 0 ? path.length() : found + literal.length()) - from);
    return found;
  }

  /** The first index at or after {@code from} where segment {@code index} occurs in path, or -1. */
  private int indexOf(CharSequence path, int index, int from, int limit) {
    return LiteralSearch.indexOf(path, segments[index], failure[index], caseInsensitive, from, limit);
  }

  private boolean regionMatches(CharSequence path, int offset, String literal) {
    return LiteralSearch.regionMatches(path, offset, literal, caseInsensitive);
  }

  private static char foldAscii(char c) {
    return LiteralSearch.foldAscii(c);
  }
}
