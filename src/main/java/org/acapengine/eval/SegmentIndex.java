package org.acapengine.eval;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * Rules indexed by one literal segment each, for patterns whose literal prefix says little (such
 * as {@code /*.pdf$} or {@code /*?sessionid=}): a pattern can only match a path that contains
 * each of its literal segments, so an Aho-Corasick automaton over the chosen segments finds, in
 * one pass over the path, the only rules worth matching. A rule may be reported more than once
 * (its segment occurring twice); the caller skips repeats.
 */
final class SegmentIndex {

  private static final int[] NO_RULES = new int[0];

  private final boolean foldCase;
  /** Per node: the sorted characters of its edges, and their targets. */
  private final char[][] keys;
  private final int[][] targets;
  private final int[] fail;
  /** The nearest node on the failure chain whose own segment ends there (0: none). */
  private final int[] dictionary;
  /** The rules whose segment ends exactly at the node. */
  private final int[][] rules;

  private SegmentIndex(boolean foldCase, char[][] keys, int[][] targets, int[] fail, int[] dictionary, int[][] rules) {
    this.foldCase = foldCase;
    this.keys = keys;
    this.targets = targets;
    this.fail = fail;
    this.dictionary = dictionary;
    this.rules = rules;
  }

  boolean isEmpty() {
    return keys.length == 1 && rules[0].length == 0;
  }

  /** Calls {@code visitor} for every rule whose segment occurs in {@code path}. */
  /** The number of automaton nodes (the size of the marks {@link #scan} needs). */
  int nodes() {
    return keys.length;
  }

  /**
   * Reports, in one pass over {@code path}, each rule whose segment occurs in it, once, at the
   * end of the segment's first occurrence ({@link PrefixTrie.Visitor#visitSegment}). A node
   * already reported in this scan ({@code marks[node] == stamp}) is not reported again, nor is the
   * rest of its dictionary chain (which was reported with it), so the reports number at most the
   * nodes plus the rules, however often the segments occur.
   */
  void scan(String path, PrefixTrie.Visitor visitor, int[] marks, int stamp) {
    int state = 0;
    for (int i = 0, n = path.length(); i < n; i++) {
      char c = foldCase ? PrefixTrie.fold(path.charAt(i)) : path.charAt(i);
      int next = step(state, c);
      while (next < 0 && state != 0) {
        state = fail[state];
        next = step(state, c);
      }
      state = next < 0 ? 0 : next;
      for (int u = rules[state].length > 0 ? state : dictionary[state]; u > 0 && marks[u] != stamp; u = dictionary[u]) {
        marks[u] = stamp;
        for (int r : rules[u]) {
          visitor.visitSegment(r, i + 1);
        }
      }
    }
  }

  private int step(int state, char c) {
    int k = Arrays.binarySearch(keys[state], c);
    return k < 0 ? -1 : targets[state][k];
  }

  /** Builds the index; rule i is indexed by {@code segments.get(i)}, or left out when that is null or empty. */
  static SegmentIndex build(List<String> segments, boolean foldCase) {
    // The trie of the segments, in growing arrays (keys kept sorted by insertion), no boxing.
    int n = 1;
    char[][] keys = new char[16][];
    int[][] targets = new int[16][];
    int[] sizes = new int[16];
    int[][] rules = new int[16][];
    keys[0] = new char[0];
    targets[0] = new int[0];
    rules[0] = NO_RULES;
    for (int i = 0; i < segments.size(); i++) {
      String s = segments.get(i);
      if (s == null || s.isEmpty()) {
        continue;
      }
      int node = 0;
      for (int j = 0; j < s.length(); j++) {
        char c = foldCase ? PrefixTrie.fold(s.charAt(j)) : s.charAt(j);
        int size = sizes[node];
        int k = Arrays.binarySearch(keys[node], 0, size, c);
        if (k >= 0) {
          node = targets[node][k];
          continue;
        }
        if (n == keys.length) {
          keys = Arrays.copyOf(keys, n * 2);
          targets = Arrays.copyOf(targets, n * 2);
          sizes = Arrays.copyOf(sizes, n * 2);
          rules = Arrays.copyOf(rules, n * 2);
        }
        keys[n] = new char[0];
        targets[n] = new int[0];
        rules[n] = NO_RULES;
        int at = -k - 1;
        if (size == keys[node].length) {
          keys[node] = Arrays.copyOf(keys[node], Math.max(1, size * 2));
          targets[node] = Arrays.copyOf(targets[node], Math.max(1, size * 2));
        }
        System.arraycopy(keys[node], at, keys[node], at + 1, size - at);
        System.arraycopy(targets[node], at, targets[node], at + 1, size - at);
        keys[node][at] = c;
        targets[node][at] = n;
        sizes[node] = size + 1;
        node = n++;
      }
      int[] own = Arrays.copyOf(rules[node], rules[node].length + 1);
      own[own.length - 1] = i;
      rules[node] = own;
    }
    keys = Arrays.copyOf(keys, n);
    targets = Arrays.copyOf(targets, n);
    rules = Arrays.copyOf(rules, n);
    for (int u = 0; u < n; u++) {
      if (sizes[u] != keys[u].length) {
        keys[u] = Arrays.copyOf(keys[u], sizes[u]);
        targets[u] = Arrays.copyOf(targets[u], sizes[u]);
      }
    }
    int[] fail = new int[n];
    int[] dictionary = new int[n];
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    for (int child : targets[0]) {
      queue.add(child); // depth 1: fail to the root
    }
    while (!queue.isEmpty()) {
      int u = queue.poll();
      for (int k = 0; k < keys[u].length; k++) {
        char c = keys[u][k];
        int v = targets[u][k];
        int f = fail[u];
        int to = stepIn(keys, targets, f, c);
        while (to < 0 && f != 0) {
          f = fail[f];
          to = stepIn(keys, targets, f, c);
        }
        fail[v] = to < 0 || to == v ? 0 : to;
        dictionary[v] = rules[fail[v]].length > 0 ? fail[v] : dictionary[fail[v]];
        queue.add(v);
      }
    }
    return new SegmentIndex(foldCase, keys, targets, fail, dictionary, rules);
  }

  private static int stepIn(char[][] keys, int[][] targets, int state, char c) {
    int k = Arrays.binarySearch(keys[state], c);
    return k < 0 ? -1 : targets[state][k];
  }
}
