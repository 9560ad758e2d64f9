package org.acapengine.eval.match;

/**
 * The searches of one decision in one path: the one place a literal run of a pattern is looked
 * for in a path ({@link #find}), so that k patterns matched against the same path cost O(n log n +
 * the patterns' literals × log n) and not O(k × n) for a path of n characters.
 *
 * <p>A search reads the path directly, which is fastest for the few searches an ordinary decision
 * makes: a run of up to {@value #SHORT_LITERAL} characters position by position, a longer one by
 * Knuth-Morris-Pratt (its failure table made in a buffer of this object, O(m)), so that no path
 * character is read more than a bounded number of times. It counts what it read; once the
 * decision has read the path {@value #BUDGET_FACTOR} times over, and {@value #BUDGET_BASE}
 * characters more (so that a short path is never indexed for a handful of searches), the remaining
 * searches go to a {@link PathIndex} of the path, built then in O(n) (and O(n log n) for the
 * range-successor matrix some searches need), where each costs O(m + log n) in practice for a
 * literal of m characters. The case it is for: 3 000 rules {@code /*aaaaaaaaaaaa*N}, each of which
 * would read a path of 8 000 a's to its end (docs/matching.md, "Many rules, each searching the
 * path").
 *
 * <p>It also keeps the marks a {@link PatternIndex} needs while it reports the patterns matching
 * the path. One per thread ({@link #forThread}): {@link #reset} it for each decision's path, {@link
 * #finish} it at the end. Not thread-safe.
 */
public final class PathSearch {

  /** How many times over a decision reads its path before it indexes it. */
  static final int BUDGET_FACTOR = 4;

  /** Characters every decision may read directly, whatever its path's length: an index costs a few microseconds to start. */
  static final int BUDGET_BASE = 8_192;

  /** Literals up to this length are searched position by position: O(path × 8) is linear too, and faster for them. */
  static final int SHORT_LITERAL = 8;

  /** Paths longer than this are indexed in buffers of their own, which the thread does not keep. */
  private static final int KEPT_BUFFER = PathIndex.KEPT_LENGTH;

  private static final ThreadLocal<PathSearch> LOCAL = ThreadLocal.withInitial(PathSearch::new);
  /** For searches made outside a decision ({@link PathPattern#matches(CharSequence)}): never indexed, its own buffers. */
  private static final ThreadLocal<PathSearch> DIRECT = ThreadLocal.withInitial(() -> new PathSearch(Integer.MAX_VALUE));

  private final int budgetFactor;
  private final int budgetBase;
  private CharSequence path;
  private long budget;
  private long spent;
  /** The indexes this thread keeps (made when first needed: most threads never need one). */
  private PathIndex exact;
  private PathIndex folded;
  private PathIndex exactBuilt;
  private PathIndex foldedBuilt;
  private boolean indexed;
  /** Knuth-Morris-Pratt's failure table of the literal being searched. */
  private int[] failure = new int[64];
  /** A literal handed to an index: a range of a text, ASCII-lower-cased when folding. */
  private final Slice slice = new Slice();
  /** Per {@link SegmentAutomaton} node: == {@link #stamp} when reported in the current scan. */
  private int[] nodeMarks = new int[64];
  private int stamp;
  /** The path's characters ({@link #chars}), once copied in this decision. */
  private char[] chars = new char[64];
  private boolean copied;
  /** The path's first {@code lowerTo} characters have no ASCII upper-case letter; {@code lowerKnown} when no more do. */
  private int lowerTo;
  private boolean lowerKnown;
  /** The patterns a {@link PrefixOrder} walk proposes. */
  private int[] candidates = new int[16];
  private final Reports reports = new Reports();

  /** A search that indexes a path once it has been read {@value #BUDGET_FACTOR} times over, and {@value #BUDGET_BASE} characters more. */
  public PathSearch() {
    this.budgetFactor = BUDGET_FACTOR;
    this.budgetBase = BUDGET_BASE;
  }

  /**
   * A search that indexes a path once it has been read {@code budgetFactor} times over, and
   * nothing more (0: before the first search); for tests, which need the index on short paths.
   *
   * @param budgetFactor how many times over a decision reads its path directly
   */
  public PathSearch(int budgetFactor) {
    if (budgetFactor < 0) {
      throw new IllegalArgumentException("budgetFactor " + budgetFactor);
    }
    this.budgetFactor = budgetFactor;
    this.budgetBase = 0;
  }

  /**
   * This thread's search, for the decision it is making: {@link #reset} it with the path, {@link
   * #finish} it when done. A decision must not be made while another is under way on the thread.
   *
   * @return the thread's search
   */
  public static PathSearch forThread() {
    return LOCAL.get();
  }

  /**
   * Starts the searches of one decision.
   *
   * @param path the path every pattern of the decision is matched against
   * @return this
   */
  public PathSearch reset(CharSequence path) {
    this.path = path;
    this.spent = 0;
    this.budget = budgetFactor == Integer.MAX_VALUE ? Long.MAX_VALUE : budgetFactor * (long) path.length() + budgetBase;
    this.exactBuilt = null;
    this.foldedBuilt = null;
    this.indexed = false;
    this.copied = false;
    this.lowerTo = 0;
    this.lowerKnown = false;
    return this;
  }

  /** A search that indexes the path before its first search (for tests: every search indexed). */
  static PathSearch indexedFromTheStart(CharSequence path) {
    return new PathSearch(0).reset(path);
  }

  /** This thread's search that never indexes, reset for {@code path}: for a pattern matched outside a decision. */
  static PathSearch direct(CharSequence path) {
    return DIRECT.get().reset(path);
  }

  /**
   * True when this decision's searches have gone to an index of the path.
   *
   * @return whether an index was built since the last {@link #reset} (still true after {@link
   *     #finish})
   */
  public boolean indexed() {
    return indexed;
  }

  /** True when this search was reset for {@code path} (the same object). */
  boolean isFor(CharSequence path) {
    return this.path == path;
  }

  /** The path this search was reset for (null after {@link #finish}). */
  CharSequence path() {
    return path;
  }

  /**
   * The first position at or after {@code from} where the literal {@code text[start, end)} occurs
   * in the path, ending at or before {@code limit}; -1 when there is none. Up to ASCII case when {@code foldCase}. Reads the
   * path directly until the decision has read it often enough, then through an index of it (built then, once per decision and case mode).
   *
   * @param text the text holding the literal (a pattern's characters: printable ASCII, or a
   *     Latin-1 string of bytes)
   * @param start where the literal starts in {@code text}
   * @param end where it ends
   * @param from the first position of the path it may start at
   * @param limit the position of the path it must end at or before
   * @param foldCase true to compare up to ASCII case
   * @return the position, or -1
   */
  public int find(String text, int start, int end, int from, int limit, boolean foldCase) {
    int m = end - start;
    if (from + m > limit) {
      return -1;
    }
    if (m == 0) {
      return from;
    }
    if (spent >= budget) {
      PathIndex index = index(foldCase);
      slice.set(text, start, m, foldCase);
      int found = index.indexOf(slice, from);
      slice.text = null;
      return found >= 0 && found + m <= limit ? found : -1;
    }
    int found = m <= SHORT_LITERAL ? scan(text, start, m, from, limit, foldCase) : knuthMorrisPratt(text, start, m, from, limit, foldCase);
    spent += (found < 0 ? limit : found + m) - from;
    return found;
  }

  /**
   * True when the literal {@code text[start, end)} occurs in the path at {@code at} (up to ASCII case when {@code foldCase}).
   *
   * @param text the text holding the literal
   * @param start where the literal starts in {@code text}
   * @param end where it ends
   * @param at the position in the path
   * @param foldCase true to compare up to ASCII case
   * @return whether it occurs there
   */
  public boolean occursAt(String text, int start, int end, int at, boolean foldCase) {
    return regionMatches(path, at, text, start, end - start, foldCase);
  }

  static boolean regionMatches(CharSequence path, int at, String text, int start, int length, boolean foldCase) {
    if (at < 0 || at + length > path.length()) {
      return false;
    }
    if (!foldCase && path instanceof String s) {
      return s.regionMatches(at, text, start, length);
    }
    for (int k = 0; k < length; k++) {
      char c = path.charAt(at + k);
      char p = text.charAt(start + k);
      if (c != p && (!foldCase || fold(c) != fold(p))) {
        return false;
      }
    }
    return true;
  }

  private int scan(String text, int start, int m, int from, int limit, boolean foldCase) {
    CharSequence p = path;
    char head = foldCase ? fold(text.charAt(start)) : text.charAt(start);
    for (int i = from, last = limit - m; i <= last; i++) {
      char c = p.charAt(i);
      if ((foldCase ? fold(c) : c) == head && regionMatches(p, i + 1, text, start + 1, m - 1, foldCase)) {
        return i;
      }
    }
    return -1;
  }

  /** Knuth-Morris-Pratt: never reads a path character twice; the failure table is made here, O(m). */
  private int knuthMorrisPratt(String text, int start, int m, int from, int limit, boolean foldCase) {
    if (failure.length < m) {
      failure = new int[Math.max(m, failure.length * 2)];
    }
    int[] f = failure;
    f[0] = 0;
    for (int i = 1, k = 0; i < m; i++) {
      char c = at(text, start + i, foldCase);
      while (k > 0 && c != at(text, start + k, foldCase)) {
        k = f[k - 1];
      }
      if (c == at(text, start + k, foldCase)) {
        k++;
      }
      f[i] = k;
    }
    CharSequence p = path;
    for (int i = from, k = 0; i < limit; i++) {
      char c = p.charAt(i);
      if (foldCase) {
        c = fold(c);
      }
      while (k > 0 && c != at(text, start + k, foldCase)) {
        k = f[k - 1];
      }
      if (c == at(text, start + k, foldCase)) {
        k++;
        if (k == m) {
          return i - m + 1;
        }
      }
    }
    return -1;
  }

  private static char at(String text, int i, boolean foldCase) {
    char c = text.charAt(i);
    return foldCase ? fold(c) : c;
  }

  static char fold(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
  }

  /**
   * The index to search in, when this decision has read its path often enough to pay for one;
   * null to search directly.
   *
   * @param foldCase true for a case-insensitive pattern
   */
  PathIndex index(boolean foldCase) {
    if (spent < budget) {
      return null;
    }
    if (foldCase) {
      if (foldedBuilt == null) {
        if (folded == null && path.length() <= KEPT_BUFFER) {
          folded = new PathIndex();
        }
        foldedBuilt = build(folded, true);
      }
      return foldedBuilt;
    }
    if (exactBuilt == null) {
      if (exact == null && path.length() <= KEPT_BUFFER) {
        exact = new PathIndex();
      }
      exactBuilt = build(exact, false);
    }
    return exactBuilt;
  }

  private PathIndex build(PathIndex kept, boolean foldCase) {
    indexed = true;
    PathIndex index = path.length() > KEPT_BUFFER ? new PathIndex() : kept;
    index.build(path, foldCase);
    return index;
  }

  /** Counts {@code characters} as read (tests: to spend the budget without searching). */
  void spend(int characters) {
    spent += characters;
  }

  /** Marks for a scan of an automaton of {@code nodes} nodes, under a new {@link #stamp()}. */
  int[] nodeMarks(int nodes) {
    if (nodeMarks.length < nodes) {
      nodeMarks = new int[Math.max(nodes, nodeMarks.length * 2)];
    }
    if (++stamp == Integer.MAX_VALUE) {
      java.util.Arrays.fill(nodeMarks, 0);
      stamp = 1;
    }
    return nodeMarks;
  }

  /**
   * The path's characters in {@code [0, path().length())}, copied on the first call of the
   * decision: a scan that reads every character ({@link SegmentIndex#scan}) reads them from an
   * array, without the string's checks on each. The thread keeps the buffer up to {@value
   * #KEPT_BUFFER} characters.
   */
  char[] chars() {
    if (!copied) {
      int n = path.length();
      if (chars.length < n) {
        chars = new char[n > KEPT_BUFFER ? n : Math.max(n, Math.min(2 * chars.length, KEPT_BUFFER))];
      }
      if (path instanceof String s) {
        s.getChars(0, n, chars, 0);
      } else {
        for (int i = 0; i < n; i++) {
          chars[i] = path.charAt(i);
        }
      }
      copied = true;
    }
    return chars;
  }

  /** True when the path's first {@code length} characters (it has as many) hold no ASCII upper-case letter; each read once a decision. */
  boolean lowerBefore(int length) {
    if (length > lowerTo && !lowerKnown) {
      char[] c = chars();
      int n = path.length();
      int to = Math.min(length, n);
      int i = lowerTo;
      while (i < to && (c[i] < 'A' || c[i] > 'Z')) {
        i++;
      }
      lowerTo = i;
      lowerKnown = i < to || i == n;
    }
    return length <= lowerTo;
  }

  /** A buffer for up to {@code n} patterns a prefix walk proposes. */
  int[] candidates(int n) {
    if (candidates.length < n) {
      candidates = new int[Math.max(n, candidates.length * 2)];
    }
    return candidates;
  }

  /** The buffer a segment scan reports into, emptied. */
  Reports reports() {
    reports.count = 0;
    return reports;
  }

  /** What a {@link SegmentIndex} scan reported: each pattern with the end of its key's first occurrence. */
  static final class Reports implements SegmentIndex.Visitor {
    int[] rules = new int[16];
    int[] ends = new int[16];
    int count;

    @Override
    public void visitSegment(int rule, int end) {
      if (count == rules.length) {
        rules = java.util.Arrays.copyOf(rules, count * 2);
        ends = java.util.Arrays.copyOf(ends, count * 2);
      }
      rules[count] = rule;
      ends[count++] = end;
    }
  }

  /** The stamp of the current scan ({@link #nodeMarks}). */
  int stamp() {
    return stamp;
  }

  /** Ends the decision: forgets its path, and an index of a path too long to keep (an idle thread holds neither). */
  public void finish() {
    path = null;
    if (chars.length > KEPT_BUFFER) {
      chars = new char[64]; // a very long path's copy is not kept
    }
    exactBuilt = null;
    foldedBuilt = null;
  }

  /** A range of a text as a literal for {@link PathIndex}, ASCII-lower-cased when folding. */
  private static final class Slice implements CharSequence {
    String text;
    int start;
    int length;
    boolean fold;

    void set(String text, int start, int length, boolean fold) {
      this.text = text;
      this.start = start;
      this.length = length;
      this.fold = fold;
    }

    @Override
    public int length() {
      return length;
    }

    @Override
    public char charAt(int index) {
      char c = text.charAt(start + index);
      return fold ? fold(c) : c;
    }

    @Override
    public CharSequence subSequence(int from, int to) {
      StringBuilder sb = new StringBuilder(to - from);
      for (int i = from; i < to; i++) {
        sb.append(charAt(i));
      }
      return sb.toString();
    }

    @Override
    public String toString() {
      return subSequence(0, length).toString();
    }
  }
}
