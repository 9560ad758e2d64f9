package org.acapengine.collections;

/** What a filter reports while it runs. Both methods are called from the filtering thread. */
public interface FilterListener {

  /** A listener that ignores everything. */
  FilterListener NONE = new FilterListener() {};

  /**
   * A page line or item was skipped as malformed (called for every one; callers cap what they print).
   *
   * @param warning what was skipped and why
   */
  default void warning(FilterWarning warning) {}

  /**
   * Progress of one phase.
   *
   * @param phase a short name such as {@code checking} or {@code writing}
   * @param items pages or items processed so far in this phase
   * @param bytes input bytes consumed so far (compressed, as stored)
   * @param totalBytes the input's size, or -1 when unknown
   */
  default void progress(String phase, long items, long bytes, long totalBytes) {}
}
