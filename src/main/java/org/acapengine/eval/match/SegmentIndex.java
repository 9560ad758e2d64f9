package org.acapengine.eval.match;

import java.util.List;

/**
 * Rules indexed by one literal segment each, for patterns whose literal prefix says little (such
 * as {@code /*.pdf$} or {@code /*?sessionid=}): a pattern can only match a path that contains
 * each of its literal segments, so one pass over the path that finds where each segment first
 * occurs names the only rules worth matching. Two forms report exactly alike: for up to {@value
 * SegmentKeys#MAX_KEYS} keys of {@value SegmentKeys#MAX_KEY_CHARS} characters in all, the keys
 * themselves, compared where the path has a key's last character ({@link SegmentKeys}); for more,
 * an Aho-Corasick automaton ({@link SegmentAutomaton}), several times the bytes.
 */
abstract sealed class SegmentIndex permits SegmentAutomaton, SegmentKeys {

  /** Receives the rules a scan finds. */
  interface Visitor {
    /** Rule {@code rule}'s segment first occurs in the path ending at {@code end}. */
    void visitSegment(int rule, int end);
  }

  /** The heap this index holds. */
  abstract long heapBytes();

  /** True when no rule is indexed. */
  abstract boolean isEmpty();

  /** The size of the marks {@link #scan} needs. */
  abstract int nodes();

  /**
   * Reports, in one pass over {@code path[0, length)} (a decision's {@link PathSearch#chars}: read
   * from an array, without a string's checks at every character), each rule whose segment occurs
   * in it, once, at the end of the segment's first occurrence ({@link Visitor#visitSegment}). The
   * reports come in the order of those ends; at one end, longer segments first, then by rule.
   *
   * @param marks at least {@link #nodes} marks, none equal to {@code stamp}
   * @param stamp this scan's stamp
   */
  abstract void scan(char[] path, int length, Visitor visitor, int[] marks, int stamp);

  /**
   * Builds the index; rule i is indexed by {@code segments.get(i)}, or left out when that is null
   * or empty (ASCII-case-folded when {@code foldCase}, the paths then folded as they are read).
   */
  static SegmentIndex build(List<String> segments, boolean foldCase) {
    KeyPool keys = KeyPool.of(segments, foldCase, true);
    return SegmentKeys.fits(keys) ? SegmentKeys.of(keys, foldCase) : SegmentAutomaton.build(keys, foldCase);
  }
}
