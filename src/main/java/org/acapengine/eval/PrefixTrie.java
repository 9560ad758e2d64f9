package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

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

  /** Builds a trie; rule i has prefix {@code prefixes.get(i)}, or is left out when that is null. */
  static PrefixTrie build(List<String> prefixes, boolean foldCase) {
    Builder root = new Builder();
    for (int i = 0; i < prefixes.size(); i++) {
      String p = prefixes.get(i);
      if (p == null) {
        continue;
      }
      Builder n = root;
      for (int j = 0; j < p.length(); j++) {
        char c = foldCase ? fold(p.charAt(j)) : p.charAt(j);
        n = n.children.computeIfAbsent(c, x -> new Builder());
      }
      n.rules.add(i);
    }
    return new PrefixTrie(freeze(root), foldCase);
  }

  private static final class Builder {
    final TreeMap<Character, Builder> children = new TreeMap<>();
    final List<Integer> rules = new ArrayList<>();
  }

  /** Turns the builders into nodes without recursion (a prefix can be as long as a line). */
  private static Node freeze(Builder top) {
    java.util.ArrayDeque<Object[]> stack = new java.util.ArrayDeque<>();
    Node rootNode = new Node();
    stack.push(new Object[] {top, rootNode});
    while (!stack.isEmpty()) {
      Object[] frame = stack.pop();
      Builder b = (Builder) frame[0];
      Node node = (Node) frame[1];
      node.rules = b.rules.stream().mapToInt(Integer::intValue).toArray();
      int n = b.children.size();
      node.keys = new char[n];
      node.children = new Node[n];
      int i = 0;
      for (var e : b.children.entrySet()) {
        node.keys[i] = e.getKey();
        Node child = new Node();
        node.children[i] = child;
        stack.push(new Object[] {e.getValue(), child});
        i++;
      }
    }
    return rootNode;
  }
}
