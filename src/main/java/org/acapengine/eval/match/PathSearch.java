package org.acapengine.eval.match;

/**
 * The searches of one decision in one path, so that k patterns matched against the same path
 * cost O(n log n + the patterns' literals × log n) and not O(k × n) for a path of n characters.
 * A pattern searches the path directly, which is fastest for the few searches an ordinary
 * decision makes, and reports how many characters it read ({@link #spend}); once the decision has read the path
 * {@value #BUDGET_FACTOR} times over, and {@value #BUDGET_BASE} characters more (so that a
 * short path is never indexed for a handful of searches), the remaining searches go to a {@link
 * PathIndex} of the path, built then in O(n) (and O(n log n) for the range-successor matrix
 * some searches need), where each costs O(m + log n) in practice for a literal of m characters. The case it is for: 3 000 rules {@code /*aaaaaaaaaaaa*N}, each of
 * which would read a path of 8 000 a's to its end (docs/matching.md, "Many rules, each searching
 * the path").
 *
 * <p>One per thread: {@link #reset} it for each decision's path. Not thread-safe.
 */
public final class PathSearch {

  /** How many times over a decision reads its path before it indexes it. */
  static final int BUDGET_FACTOR = 4;

  /** Characters every decision may read directly, whatever its path's length: an index costs a few microseconds to start. */
  static final int BUDGET_BASE = 8_192;

  /** Paths longer than this are indexed in buffers of their own, which the thread does not keep. */
  private static final int KEPT_BUFFER = PathIndex.KEPT_LENGTH;

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

  /**
   * A search that indexes a path once it has been read {@value #BUDGET_FACTOR} times over, and
   * {@value #BUDGET_BASE} characters more.
   */
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
   * Starts the searches of one decision.
   *
   * @param path the path every pattern of the decision is matched against
   * @return this
   */
  public PathSearch reset(CharSequence path) {
    this.path = path;
    this.spent = 0;
    this.budget = budgetFactor * (long) path.length() + budgetBase;
    this.exactBuilt = null;
    this.foldedBuilt = null;
    this.indexed = false;
    return this;
  }

  /** A search that indexes the path before its first search (for tests: every search indexed). */
  static PathSearch indexedFromTheStart(CharSequence path) {
    return new PathSearch(0).reset(path);
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

  /**
   * The index to search in, when this decision has read its path often enough to pay for one;
   * null to search directly (and {@link #spend} what was read).
   *
   * @param foldCase true for a case-insensitive pattern (segments lower-cased)
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

  /**
   * Reports that a direct search of the path read {@code characters} characters.
   *
   * @param characters how many characters the search read
   */
  public void spend(int characters) {
    spent += characters;
  }

  /**
   * The first position at or after {@code from} where {@code literal} occurs in {@code path}, or
   * -1, for a caller that matches patterns of its own (not {@link PathPattern}s): {@link #DIRECT}
   * while this decision has not read enough to use an index (or was reset for another path), and
   * the caller searches directly and {@link #spend}s what it read.
   *
   * @param path the path this search was reset for
   * @param literal the literal, as the path is compared (case-sensitive)
   * @param from the first position it may start at
   * @return the position, -1 when it does not occur, or {@link #DIRECT}
   */
  public int indexOf(CharSequence path, CharSequence literal, int from) {
    PathIndex index = isFor(path) ? index(false) : null;
    return index == null ? DIRECT : index.indexOf(literal, from);
  }

  /**
   * Ends the decision: forgets its path, and an index of a path too long to keep, so that an idle
   * thread holds neither.
   */
  public void finish() {
    path = null;
    exactBuilt = null;
    foldedBuilt = null;
  }

  /** {@link #indexOf}'s answer when the caller should search directly. */
  public static final int DIRECT = -2;
}
