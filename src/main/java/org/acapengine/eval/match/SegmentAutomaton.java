package org.acapengine.eval.match;

import java.util.Arrays;

/**
 * The {@link SegmentIndex} of many keys: an Aho-Corasick automaton over the segments, which
 * finds, in one pass over the path, every rule whose segment occurs in it, in time linear in the
 * path however many keys there are.
 */
final class SegmentAutomaton extends SegmentIndex {

  private final boolean foldCase;
  /**
   * The automaton's nodes, numbered breadth first (node 0 the root), each with the character on the
   * edge into it: node {@code n}'s children are {@code [childStart(n), childStart(n + 1))}, in the
   * order of their characters; its rules are {@code ruleId(ruleStart(n))} to {@code ruleStart(n +
   * 1)} excluded.
   */
  private final char[] edge;
  /**
   * The node arrays in one, in this order: child starts (nodes + 1), failure links (nodes),
   * dictionary links (nodes: the nearest node on the failure chain whose own segment ends there,
   * 0 for none), rule starts (nodes + 1), rule ids. In chars (16 bits) when every value fits, as
   * in all but the largest files; else in {@link #wide}.
   */
  private final char[] narrow;
  private final int[] wide;
  private final int failAt;
  private final int dictionaryAt;
  private final int ruleStartAt;
  private final int ruleIdsAt;
  private final int ruleCount;
  /**
   * The root's child for each ASCII character (0xFFFF: none), in an automaton of more than {@value
   * #ROOT_TABLE} nodes: most characters of a path are read at the root, which has as many
   * children as the keys have first characters; null for a small automaton (it would outweigh it).
   */
  private final char[] rootChild;

  private static final int ROOT_TABLE = 128;

  /**
   * The ASCII characters that lead a key (the root's children), a bit each (0–63, 64–127): most
   * characters of a path lead none, and one bit test says so, where a search among the root's
   * children would mispredict a branch or two for each.
   */
  private final long rootLow;
  private final long rootHigh;

  private SegmentAutomaton(boolean foldCase, char[] edge, int[] childStart, int[] fail, int[] dictionary, int[] ruleStart, int[] ruleIds) {
    this.foldCase = foldCase;
    this.edge = edge;
    int nodes = edge.length;
    this.failAt = nodes + 1;
    this.dictionaryAt = failAt + nodes;
    this.ruleStartAt = dictionaryAt + nodes;
    this.ruleIdsAt = ruleStartAt + nodes + 1;
    this.ruleCount = ruleIds.length;
    int[] all = new int[ruleIdsAt + ruleIds.length];
    System.arraycopy(childStart, 0, all, 0, nodes + 1);
    System.arraycopy(fail, 0, all, failAt, nodes);
    System.arraycopy(dictionary, 0, all, dictionaryAt, nodes);
    System.arraycopy(ruleStart, 0, all, ruleStartAt, nodes + 1);
    System.arraycopy(ruleIds, 0, all, ruleIdsAt, ruleIds.length);
    boolean fits = true;
    for (int v : all) {
      fits &= v >= 0 && v < 0xFFFF;
    }
    if (fits) {
      this.narrow = new char[all.length];
      for (int i = 0; i < all.length; i++) {
        narrow[i] = (char) all[i];
      }
      this.wide = null;
    } else {
      this.narrow = null;
      this.wide = all;
    }
    long low = 0;
    long high = 0;
    for (int child = childStart[0]; child < childStart[1]; child++) {
      char c = edge[child];
      if (c < 64) {
        low |= 1L << c;
      } else if (c < ROOT_TABLE) {
        high |= 1L << (c - 64);
      }
    }
    this.rootLow = low;
    this.rootHigh = high;
    if (nodes > ROOT_TABLE) {
      this.rootChild = new char[ROOT_TABLE];
      for (char c = 0; c < ROOT_TABLE; c++) {
        int child = childOf(0, c);
        rootChild[c] = child < 0 ? (char) 0xFFFF : (char) child;
      }
    } else {
      this.rootChild = null;
    }
  }

  private int at(int i) {
    return narrow != null ? narrow[i] : wide[i];
  }

  private int childStart(int n) {
    return at(n);
  }

  private int fail(int n) {
    return at(failAt + n);
  }

  private int dictionary(int n) {
    return at(dictionaryAt + n);
  }

  private int ruleStart(int n) {
    return at(ruleStartAt + n);
  }

  private int ruleId(int i) {
    return at(ruleIdsAt + i);
  }

  @Override
  long heapBytes() {
    return Heap.object(4, 9, 1) /* five ints and two longs */ + Heap.array(edge) + Heap.array(narrow) + Heap.array(wide) + Heap.array(rootChild);
  }

  @Override
  boolean isEmpty() {
    return ruleCount == 0;
  }

  /** The number of automaton nodes (the size of the marks {@link #scan} needs). */
  @Override
  int nodes() {
    return edge.length;
  }

  /**
   * Reports, in one pass over {@code path[0, length)} (a decision's {@link PathSearch#chars}:
   * read from an array, without a string's checks at every character), each rule whose segment
   * occurs in it, once, at the
   * end of the segment's first occurrence ({@link Visitor#visitSegment}). A node
   * already reported in this scan ({@code marks[node] == stamp}) is not reported again, nor is the
   * rest of its dictionary chain (which was reported with it), so the reports number at most the
   * nodes plus the rules, however often the segments occur.
   */
  @Override
  void scan(char[] path, int length, Visitor visitor, int[] marks, int stamp) {
    if (narrow != null) {
      scanNarrow(path, length, visitor, marks, stamp);
      return;
    }
    int state = 0;
    for (int i = 0; i < length; i++) {
      char c = foldCase ? PathSearch.fold(path[i]) : path[i];
      int next = next(state, c);
      while (next < 0 && state != 0) {
        state = fail(state);
        next = next(state, c);
      }
      state = next < 0 ? 0 : next;
      for (int u = hasRules(state) ? state : dictionary(state); u > 0 && marks[u] != stamp; u = dictionary(u)) {
        marks[u] = stamp;
        for (int r = ruleStart(u), end = ruleStart(u + 1); r < end; r++) {
          visitor.visitSegment(ruleId(r), i + 1);
        }
      }
    }
  }

  /**
   * {@link #scan} over the {@link #narrow} arrays, read directly: the same steps, without choosing
   * between the narrow and the wide arrays at every read (most automata are narrow).
   */
  private void scanNarrow(char[] path, int length, Visitor visitor, int[] marks, int stamp) {
    char[] a = narrow;
    char[] edge = this.edge;
    char[] root = rootChild;
    boolean fold = foldCase;
    int failAt = this.failAt;
    int dictionaryAt = this.dictionaryAt;
    int ruleStartAt = this.ruleStartAt;
    int ruleIdsAt = this.ruleIdsAt;
    int state = 0;
    for (int i = 0; i < length; i++) {
      char c = path[i];
      if (fold && c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      int next;
      while (true) {
        if (state == 0 && c < ROOT_TABLE && ((c < 64 ? rootLow >>> c : rootHigh >>> (c - 64)) & 1) == 0) {
          next = -1; // no key starts with c
        } else if (state == 0 && root != null && c < ROOT_TABLE) {
          char child = root[c];
          next = child == 0xFFFF ? -1 : child;
        } else {
          next = -1;
          int lo = a[state];
          int hi = a[state + 1] - 1;
          while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            char k = edge[mid];
            if (k < c) {
              lo = mid + 1;
            } else if (k > c) {
              hi = mid - 1;
            } else {
              next = mid;
              break;
            }
          }
        }
        if (next >= 0 || state == 0) {
          break;
        }
        state = a[failAt + state];
      }
      if (next < 0) {
        state = 0;
        continue; // the root ends no key and has no dictionary link
      }
      state = next;
      int u = a[ruleStartAt + state + 1] > a[ruleStartAt + state] ? state : a[dictionaryAt + state];
      for (; u > 0 && marks[u] != stamp; u = a[dictionaryAt + u]) {
        marks[u] = stamp;
        for (int r = a[ruleStartAt + u], end = a[ruleStartAt + u + 1]; r < end; r++) {
          visitor.visitSegment(a[ruleIdsAt + r], i + 1);
        }
      }
    }
  }

  /** The child of {@code node} along {@code c}, or -1; the root's through {@link #rootChild} when it has one. */
  private int next(int node, char c) {
    if (node == 0 && c < ROOT_TABLE && ((c < 64 ? rootLow >>> c : rootHigh >>> (c - 64)) & 1) == 0) {
      return -1; // no key starts with c
    }
    if (node == 0 && rootChild != null && c < ROOT_TABLE) {
      char child = rootChild[c];
      return child == 0xFFFF ? -1 : child;
    }
    return childOf(node, c);
  }

  private boolean hasRules(int node) {
    return ruleStart(node + 1) > ruleStart(node);
  }

  /** The child of {@code node} along {@code c}, or -1. */
  private int childOf(int node, char c) {
    int lo = childStart(node);
    int hi = childStart(node + 1) - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      char k = edge[mid];
      if (k < c) {
        lo = mid + 1;
      } else if (k > c) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /**
   * Builds the automaton; rule i is indexed by key i of the pool, or left out when the pool leaves
   * it out. The segments are sorted first; then the trie's nodes are made breadth first, each
   * from the range of sorted segments that share its path (those ending there first), so that each
   * node's children are numbered consecutively in key order, and failure links follow in node order.
   */
  static SegmentAutomaton build(KeyPool keys, boolean foldCase) {
    int m = keys.present;
    int[] order = KeyOrder.sortedIndexes(keys); // equal segments keep rule order
    int cap = keys.chars.length + 1;
    int[] rangeFrom = new int[cap];
    int[] rangeTo = new int[cap];
    int[] parent = new int[cap];
    char[] edge = new char[cap];
    int[] childStart = new int[cap + 1];
    int[] ruleStart = new int[cap + 1];
    int[] ruleIds = new int[m];
    rangeTo[0] = m;
    int count = 1;
    int rulesOut = 0;
    int depth = 0;
    int depthEnds = 1; // nodes below this index are at depth {@code depth} or less
    for (int n = 0; n < count; n++) {
      if (n == depthEnds) {
        depth++;
        depthEnds = count;
      }
      int from = rangeFrom[n];
      int to = rangeTo[n];
      ruleStart[n] = rulesOut;
      childStart[n] = count;
      while (from < to && keys.length[order[from]] == depth) {
        ruleIds[rulesOut++] = order[from++];
      }
      while (from < to) {
        char c = keys.chars[keys.start[order[from]] + depth];
        int end = from + 1;
        while (end < to && keys.chars[keys.start[order[end]] + depth] == c) {
          end++;
        }
        rangeFrom[count] = from;
        rangeTo[count] = end;
        parent[count] = n;
        edge[count] = c;
        count++;
        from = end;
      }
    }
    childStart[count] = count;
    ruleStart[count] = rulesOut;
    edge = Arrays.copyOf(edge, count);
    childStart = Arrays.copyOf(childStart, count + 1);
    ruleStart = Arrays.copyOf(ruleStart, count + 1);
    int[] fail = new int[count];
    int[] dictionary = new int[count];
    // Breadth-first numbering: a node's parent, and every node its failure chain can reach, come
    // before it.
    for (int v = 1; v < count; v++) {
      char c = edge[v];
      int f = fail[parent[v]];
      int to = child(edge, childStart, f, c);
      while (to < 0 && f != 0) {
        f = fail[f];
        to = child(edge, childStart, f, c);
      }
      fail[v] = to < 0 || to == v ? 0 : to;
      dictionary[v] = ruleStart[fail[v] + 1] > ruleStart[fail[v]] ? fail[v] : dictionary[fail[v]];
    }
    return new SegmentAutomaton(foldCase, edge, childStart, fail, dictionary, ruleStart, ruleIds);
  }

  /** The child of {@code node} along {@code c} in arrays being built, or -1. */
  private static int child(char[] edge, int[] childStart, int node, char c) {
    int lo = childStart[node];
    int hi = childStart[node + 1] - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      char k = edge[mid];
      if (k < c) {
        lo = mid + 1;
      } else if (k > c) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }
}
