package org.acapengine.eval;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.acapengine.eval.match.PathSearch;

/**
 * Per-thread buffers of one {@link ConventionalTable} decision: the matching rules, visit marks,
 * a KMP table, sort keys for the deciding lines. A decision allocates none of them again.
 */
final class ConventionalScratch implements PrefixTrie.Visitor {
  static final ThreadLocal<ConventionalScratch> LOCAL = ThreadLocal.withInitial(ConventionalScratch::new);

  int[] matched = new int[16];
  int nMatched;
  private int[] seen = new int[64];
  private int[] nodeMarks = new int[64];
  private int stamp;
  private int[] failure = new int[64];
  private long[] order = new long[16];
  private ConventionalTable table;
  private String path;
  /** The decision's searches of its path, indexed once they have read it often enough (tests may replace it). */
  PathSearch search = new PathSearch();
  private final Literal literal = new Literal();

  void collect(ConventionalTable t, String path) {
    nMatched = 0;
    search.reset(path);
    int n = t.size();
    if (t.byPrefix == null) {
      for (int r = 0; r < n; r++) {
        if (t.matches(r, path, this)) {
          keep(r);
        }
      }
      finish();
      return;
    }
    if (seen.length < n) {
      seen = new int[Math.max(n, seen.length * 2)];
    }
    if (++stamp == Integer.MAX_VALUE) {
      Arrays.fill(seen, 0);
      Arrays.fill(nodeMarks, 0);
      stamp = 1;
    }
    this.table = t;
    this.path = path;
    t.walkPrefixes(path, this);
    if (t.segments != null) {
      if (nodeMarks.length < t.segments.nodes()) {
        nodeMarks = new int[Math.max(t.segments.nodes(), nodeMarks.length * 2)];
      }
      t.segments.scan(path, this, nodeMarks, stamp);
    }
    this.table = null;
    this.path = null;
    finish();
  }

  /** Lets go of what only this decision needed: its path's index (if too long to keep) and the table's text. */
  private void finish() {
    search.finish();
    literal.text = null;
  }

  @Override
  public void visit(int rule) {
    if (seen[rule] == stamp) {
      return; // a segment can occur twice in a path
    }
    seen[rule] = stamp;
    if (table.matches(rule, path, this)) {
      keep(rule);
    }
  }

  private void keep(int rule) {
    if (nMatched == matched.length) {
      matched = Arrays.copyOf(matched, nMatched * 2);
    }
    matched[nMatched++] = rule;
  }

  /** {@code text[from, from + length)} as characters (a pattern's literal run: printable ASCII), for {@link #search}. */
  CharSequence literal(byte[] text, int from, int length) {
    literal.text = text;
    literal.from = from;
    literal.length = length;
    return literal;
  }

  /** A reusable view of a range of a table's text. */
  private static final class Literal implements CharSequence {
    byte[] text;
    int from;
    int length;

    @Override
    public int length() {
      return length;
    }

    @Override
    public char charAt(int index) {
      return (char) (text[from + index] & 0xff);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new String(text, from + start, end - start, StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
      return subSequence(0, length).toString();
    }
  }

  int[] failure(int m) {
    if (failure.length < m) {
      failure = new int[Math.max(m, failure.length * 2)];
    }
    return failure;
  }

  long[] order(int n) {
    if (order.length < n) {
      order = new long[Math.max(n, order.length * 2)];
    }
    return order;
  }
}
