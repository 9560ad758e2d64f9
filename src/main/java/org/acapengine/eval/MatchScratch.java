package org.acapengine.eval;

import org.acapengine.eval.match.PathSearch;

/**
 * Per-thread buffers for the matching rules of one decision, so that {@link CompiledPolicy#decide}
 * allocates no per-rule garbage: {@link #collect} walks a usage's indexes and keeps the rules whose
 * pattern (and sub-record purpose) matches, by tier, for {@link Resolution}.
 */
final class MatchScratch implements PrefixTrie.Visitor {
  private static final ThreadLocal<MatchScratch> LOCAL = ThreadLocal.withInitial(MatchScratch::new);

  CompiledRule[] named = new CompiledRule[16];
  CompiledRule[] any = new CompiledRule[16];
  CompiledRule[] conventional = new CompiledRule[16];
  CompiledRule[] combined = new CompiledRule[32];
  CompiledRule[] candidates = new CompiledRule[32];
  /** For {@link Resolution}: sort keys, a work stack, and per-candidate and per-rank marks. */
  long[] order = new long[32];
  int[] stack = new int[96];
  boolean[] won = new boolean[32];
  int[] rankMark = new int[64];
  CompiledRule[] rankRule = new CompiledRule[64];
  int rankStamp;
  int nNamed;
  int nAny;
  int nConventional;
  /** seen[i] == stamp: rule i was already visited in this decision. */
  private int[] seen = new int[64];
  /** Per {@link SegmentIndex} node: == stamp when reported in this decision. */
  private int[] acapNodeMarks = new int[64];
  private int[] conventionalNodeMarks = new int[64];
  private int stamp;
  private CompiledRule[] rules;
  private String path;
  private String purpose;
  /** The decision's searches of its path, indexed once they have read it often enough (tests may replace it). */
  PathSearch search = new PathSearch();

  static MatchScratch get() {
    return LOCAL.get();
  }

  void collect(CrawlerView.UsageBucket bucket, String path, String purpose) {
    nNamed = nAny = nConventional = 0;
    this.rules = bucket.rules;
    this.path = path;
    this.purpose = purpose;
    search.reset(path);
    if (seen.length < bucket.rules.length) {
      seen = new int[Math.max(bucket.rules.length, seen.length * 2)];
    }
    if (++stamp == Integer.MAX_VALUE) {
      java.util.Arrays.fill(seen, 0);
      java.util.Arrays.fill(acapNodeMarks, 0);
      java.util.Arrays.fill(conventionalNodeMarks, 0);
      stamp = 1;
    }
    bucket.acapTrie.walk(path, this);
    bucket.conventionalTrie.walk(path, this);
    if (!bucket.acapSegments.isEmpty()) {
      acapNodeMarks = marks(acapNodeMarks, bucket.acapSegments);
      bucket.acapSegments.scan(path, this, acapNodeMarks, stamp);
    }
    if (!bucket.conventionalSegments.isEmpty()) {
      conventionalNodeMarks = marks(conventionalNodeMarks, bucket.conventionalSegments);
      bucket.conventionalSegments.scan(path, this, conventionalNodeMarks, stamp);
    }
    this.rules = null;
    this.path = null;
    this.purpose = null;
    search.finish();
  }

  private int[] marks(int[] marks, SegmentIndex index) {
    if (marks.length < index.nodes()) {
      return new int[Math.max(index.nodes(), marks.length * 2)];
    }
    return marks;
  }

  /**
   * A rule found by its segment: for a pattern that is a literal prefix of at most one character,
   * {@code *}, and that segment ({@code /*.pdf}, {@code /*?sessionid=}), the occurrence decides
   * the match without reading the path again; an occurrence that starts inside the prefix falls
   * back to the matcher. When the segment is the pattern's last, the matcher reads only up to
   * its first occurrence, unless the rest does not fit there.
   */
  @Override
  public void visitSegment(int index, int end) {
    CompiledRule r = rules[index];
    if ((r.segmentLength < 0 && !r.tailIndexed) || seen[index] == stamp) {
      visit(index);
      return;
    }
    seen[index] = stamp;
    if (!r.purposeAdmits(purpose)) {
      return;
    }
    boolean matches;
    if (r.segmentLength >= 0) {
      matches = end - r.segmentLength >= r.prefixLength ? r.prefixMatches(path) : r.pattern.matches(path, search);
    } else {
      // The last segment first occurs at end - its length: if the rest fits before, it matches.
      matches = r.pattern.headFitsBefore(path, end - r.pattern.lastSegment().length(), search) || r.pattern.matches(path, search);
    }
    if (matches) {
      keep(r);
    }
  }

  @Override
  public void visit(int index) {
    if (seen[index] == stamp) {
      return; // a segment can occur twice in a path
    }
    seen[index] = stamp;
    CompiledRule r = rules[index];
    if (!r.purposeAdmits(purpose) || !r.pattern.matches(path, search)) {
      return;
    }
    keep(r);
  }

  private void keep(CompiledRule r) {
    switch (r.tier) {
      case NAMED:
        named = push(named, nNamed++, r);
        break;
      case ANY:
        any = push(any, nAny++, r);
        break;
      default:
        conventional = push(conventional, nConventional++, r);
    }
  }

  static CompiledRule[] push(CompiledRule[] a, int at, CompiledRule r) {
    if (at == a.length) {
      a = java.util.Arrays.copyOf(a, a.length * 2);
    }
    a[at] = r;
    return a;
  }
}

