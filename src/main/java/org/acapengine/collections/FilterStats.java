package org.acapengine.collections;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.model.SourceLine;
import org.acapengine.render.PlainText;

/**
 * Counts what a filter read, kept and dropped, and which policy lines dropped the most. Mutable
 * and single-threaded; {@link #summary} takes an immutable copy.
 *
 * <p>Memory stays flat whatever the input: the per-line tally holds at most {@link
 * #MAX_TRACKED_LINES} distinct lines (a robots.txt has far fewer) and folds the rest into one
 * "other lines" count, and line texts are cut to {@link #MAX_TEXT} characters (and made safe for
 * a terminal, since they are only ever printed).
 */
public final class FilterStats {

  /** Distinct deciding lines tallied before the rest are folded together. */
  public static final int MAX_TRACKED_LINES = 10_000;
  /** Characters of a deciding line's text kept for the summary. */
  public static final int MAX_TEXT = 200;

  private long read;
  private long kept;
  private final EnumMap<DropReason, Long> dropped = new EnumMap<>(DropReason.class);
  private final Map<SourceLine, long[]> byLine = new HashMap<>();
  private long untrackedPolicyDrops;

  /** One page or item was read. */
  public void read() {
    read++;
  }

  /** The last page or item read was kept. */
  public void kept() {
    kept++;
  }

  /**
   * The last page or item read was dropped for a reason that is not a policy decision.
   *
   * @param reason why it was dropped
   */
  public void dropped(DropReason reason) {
    dropped.merge(reason, 1L, Long::sum);
  }

  /**
   * The last page or item read was dropped by {@code verdict}.
   *
   * @param reason why it was dropped (a policy reason)
   * @param verdict the decision that dropped it, whose reported line is counted
   */
  public void droppedByPolicy(DropReason reason, PageVerdict verdict) {
    dropped(reason);
    SourceLine line = verdict.reportedLine();
    SourceLine key =
        new SourceLine(PlainText.shorten(line.source(), MAX_TEXT), line.line(), PlainText.shorten(line.text(), MAX_TEXT));
    long[] count = byLine.get(key);
    if (count != null) {
      count[0]++;
    } else if (byLine.size() < MAX_TRACKED_LINES) {
      byLine.put(key, new long[] {1});
    } else {
      untrackedPolicyDrops++;
    }
  }

  /**
   * Pages or items read so far.
   *
   * @return the count
   */
  public long readCount() {
    return read;
  }

  /**
   * Pages or items kept so far.
   *
   * @return the count
   */
  public long keptCount() {
    return kept;
  }

  /**
   * An immutable summary with the {@code top} lines that dropped the most.
   *
   * @param top how many deciding lines to list
   * @return the summary
   */
  public FilterSummary summary(int top) {
    List<DecidingLineCount> lines = new ArrayList<>(byLine.size());
    byLine.forEach((k, v) -> lines.add(new DecidingLineCount(k, v[0])));
    lines.sort(
        Comparator.comparingLong(DecidingLineCount::pages)
            .reversed()
            .thenComparing(c -> c.line().source())
            .thenComparingInt(c -> c.line().line())
            .thenComparing(c -> c.line().text()));
    return new FilterSummary(
        read, kept, dropped, lines.subList(0, Math.min(top, lines.size())), untrackedPolicyDrops);
  }
}
