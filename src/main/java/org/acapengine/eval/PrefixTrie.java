package org.acapengine.eval;

import java.util.Arrays;
import java.util.List;

/**
 * Rules indexed by the literal prefix of their pattern, so that a query tests only the rules
 * whose prefix is a prefix of the path: the cost of a decision depends on the path and the rules
 * that could match it, not on how many rules the file has.
 */
final class PrefixTrie {

  /** Receives the rules a walk finds. */
  interface Visitor {
    void visit(int rule);

    /** Rule {@code rule}'s indexed segment first occurs in the path ending at {@code end} ({@link SegmentIndex}). */
    default void visitSegment(int rule, int end) {
      visit(rule);
    }
  }

  private static final char[] NO_KEYS = new char[0];
  private static final int[] NO_RULES = new int[0];

  private static final class Node {
    char[] keys = NO_KEYS;
    Node[] children;
    int[] rules = NO_RULES;
    /** The number of keys in use while building; {@link #trim} makes the arrays this long. */
    int size;
  }

  private final Node root;
  private final boolean foldCase;

  private PrefixTrie(Node root, boolean foldCase) {
    this.root = root;
    this.foldCase = foldCase;
  }

  /** Calls {@code visitor} with every rule whose prefix is a prefix of {@code path}. */
  void walk(String path, Visitor visitor) {
    Node n = root;
    visit(n, visitor);
    for (int i = 0, len = path.length(); i < len; i++) {
      char c = foldCase ? fold(path.charAt(i)) : path.charAt(i);
      int k = Arrays.binarySearch(n.keys, c);
      if (k < 0) {
        return;
      }
      n = n.children[k];
      visit(n, visitor);
    }
  }

  private static void visit(Node n, Visitor visitor) {
    for (int r : n.rules) {
      visitor.visit(r);
    }
  }

  static char fold(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
  }

  /**
   * Builds a trie; rule i has prefix {@code prefixes.get(i)}, or is left out when that is null.
   * The prefixes are sorted first, so that each node's children arrive in key order and each
   * prefix adds only the nodes past what it shares with the one before: no maps, no boxing of
   * characters, no searching while building.
   */
  static PrefixTrie build(List<String> prefixes, boolean foldCase) {
    int m = 0;
    int longest = 0;
    String[] keys = new String[prefixes.size()];
    for (int i = 0; i < keys.length; i++) {
      String p = prefixes.get(i);
      if (p != null) {
        keys[i] = foldCase ? foldAll(p) : p;
        longest = Math.max(longest, p.length());
        m++;
      }
    }
    Integer[] order = new Integer[m];
    for (int i = 0, j = 0; i < keys.length; i++) {
      if (keys[i] != null) {
        order[j++] = i;
      }
    }
    Arrays.sort(order, (x, y) -> keys[x].compareTo(keys[y])); // stable: equal prefixes keep rule order
    Node root = new Node();
    Node[] path = new Node[longest + 1];
    path[0] = root;
    String previous = "";
    for (int rule : order) {
      String key = keys[rule];
      int shared = 0;
      int max = Math.min(previous.length(), key.length());
      while (shared < max && previous.charAt(shared) == key.charAt(shared)) {
        shared++;
      }
      for (int d = shared; d < key.length(); d++) {
        path[d + 1] = addLastChild(path[d], key.charAt(d));
      }
      Node end = path[key.length()];
      end.rules = append(end.rules, rule);
      previous = key;
    }
    trim(root);
    return new PrefixTrie(root, foldCase);
  }

  private static String foldAll(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        char[] out = s.toCharArray();
        for (int j = i; j < out.length; j++) {
          out[j] = fold(out[j]);
        }
        return new String(out);
      }
    }
    return s;
  }

  /** A new child of {@code n} for {@code c}, which is greater than every key {@code n} has. */
  private static Node addLastChild(Node n, char c) {
    int size = n.size;
    if (n.children == null) {
      n.keys = new char[2];
      n.children = new Node[2];
    } else if (size == n.keys.length) {
      n.keys = Arrays.copyOf(n.keys, size * 2);
      n.children = Arrays.copyOf(n.children, size * 2);
    }
    Node added = new Node();
    n.keys[size] = c;
    n.children[size] = added;
    n.size = size + 1;
    return added;
  }

  /** {@code rules} with {@code rule} added; the arrays are exact-size, as most nodes hold one rule or none. */
  private static int[] append(int[] rules, int rule) {
    int[] out = Arrays.copyOf(rules, rules.length + 1);
    out[rules.length] = rule;
    return out;
  }

  /** Cuts every node's arrays to its size, so that a walk's binary search sees only real keys; no recursion. */
  private static void trim(Node root) {
    java.util.ArrayDeque<Node> stack = new java.util.ArrayDeque<>();
    stack.push(root);
    while (!stack.isEmpty()) {
      Node n = stack.pop();
      if (n.children == null) {
        continue;
      }
      if (n.size != n.keys.length) {
        n.keys = Arrays.copyOf(n.keys, n.size);
        n.children = Arrays.copyOf(n.children, n.size);
      }
      for (Node c : n.children) {
        stack.push(c);
      }
    }
  }
}
