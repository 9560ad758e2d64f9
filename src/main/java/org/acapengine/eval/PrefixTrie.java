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
    // The nodes of the last prefix, by depth, with how many children each has so far: only they
    // can still get children, so a node's arrays are cut to size when it leaves this path.
    Node[] path = new Node[longest + 1];
    int[] fill = new int[longest + 1];
    path[0] = root;
    String previous = "";
    for (int rule : order) {
      String key = keys[rule];
      int shared = 0;
      int max = Math.min(previous.length(), key.length());
      while (shared < max && previous.charAt(shared) == key.charAt(shared)) {
        shared++;
      }
      for (int d = shared + 1; d <= previous.length(); d++) {
        cutToSize(path[d], fill[d]);
      }
      for (int d = shared; d < key.length(); d++) {
        Node child = new Node();
        addChild(path[d], fill[d]++, key.charAt(d), child);
        path[d + 1] = child;
        fill[d + 1] = 0;
      }
      Node end = path[key.length()];
      end.rules = append(end.rules, rule);
      previous = key;
    }
    for (int d = 0; d <= previous.length(); d++) {
      cutToSize(path[d], fill[d]);
    }
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

  /** Puts {@code child} at {@code index} of {@code n}'s children under key {@code c}, growing the arrays. */
  private static void addChild(Node n, int index, char c, Node child) {
    if (n.children == null) {
      n.keys = new char[2];
      n.children = new Node[2];
    } else if (index == n.keys.length) {
      n.keys = Arrays.copyOf(n.keys, index * 2);
      n.children = Arrays.copyOf(n.children, index * 2);
    }
    n.keys[index] = c;
    n.children[index] = child;
  }

  /** Cuts a finished node's arrays to its number of children, so that a walk's binary search sees only real keys. */
  private static void cutToSize(Node n, int size) {
    if (n.children != null && n.keys.length != size) {
      n.keys = Arrays.copyOf(n.keys, size);
      n.children = Arrays.copyOf(n.children, size);
    }
  }

  /** {@code rules} with {@code rule} added; the arrays are exact-size, as most nodes hold one rule or none. */
  private static int[] append(int[] rules, int rule) {
    int[] out = Arrays.copyOf(rules, rules.length + 1);
    out[rules.length] = rule;
    return out;
  }
}
