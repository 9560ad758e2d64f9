package org.acapengine.collections;

import java.io.PrintWriter;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a filter read, kept and dropped.
 *
 * @param read pages (SCP page lines, not counting the metadata line) or sitemap items read
 * @param kept how many were written out
 * @param dropped how many were left out, by reason (reasons with none are absent)
 * @param topDecidingLines the policy lines that dropped the most, most first
 * @param untrackedPolicyDrops policy drops by lines beyond {@link FilterStats#MAX_TRACKED_LINES}
 */
public record FilterSummary(
    long read,
    long kept,
    Map<DropReason, Long> dropped,
    List<DecidingLineCount> topDecidingLines,
    long untrackedPolicyDrops) {

  /**
   * Copies the map and list into immutable ones.
   *
   * @param read pages (SCP page lines, not counting the metadata line) or sitemap items read
   * @param kept how many were written out
   * @param dropped how many were left out, by reason (reasons with none are absent)
   * @param topDecidingLines the policy lines that dropped the most, most first
   * @param untrackedPolicyDrops policy drops by lines beyond {@link FilterStats#MAX_TRACKED_LINES}
   */
  public FilterSummary {
    EnumMap<DropReason, Long> copy = new EnumMap<>(DropReason.class);
    copy.putAll(dropped);
    dropped = Collections.unmodifiableMap(copy);
    topDecidingLines = List.copyOf(topDecidingLines);
  }

  /**
   * All pages or items dropped, whatever the reason.
   *
   * @return the sum of {@link #dropped()} over every reason
   */
  public long droppedTotal() {
    return dropped.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * How many were dropped for {@code reason}.
   *
   * @param reason the reason
   * @return the count, 0 when none was dropped for it
   */
  public long dropped(DropReason reason) {
    return dropped.getOrDefault(reason, 0L);
  }

  /**
   * Prints the summary for people, for example:
   *
   * <pre>
   * scp filter: read 1000 pages, kept 800, dropped 200
   *   usage-disallowed  150
   *   off-site           50
   * top deciding lines:
   *   150  robots.txt:7  ACAP-disallow-index: /private/
   * </pre>
   *
   * @param out where to print; not closed
   * @param title the first words of the first line, e.g. {@code scp filter}
   * @param noun the plural noun counted, e.g. {@code pages} or {@code items}
   */
  public void print(PrintWriter out, String title, String noun) {
    out.println(title + ": read " + read + " " + noun + ", kept " + kept + ", dropped " + droppedTotal());
    int width = 0;
    for (DropReason r : dropped.keySet()) {
      width = Math.max(width, r.label().length());
    }
    for (Map.Entry<DropReason, Long> e : dropped.entrySet()) {
      out.println("  " + pad(e.getKey().label(), width) + "  " + e.getValue());
    }
    if (!topDecidingLines.isEmpty()) {
      out.println("top deciding lines:");
      for (DecidingLineCount line : topDecidingLines) {
        String text = line.line().text().isEmpty() ? "" : "  " + line.line().text();
        out.println("  " + line.pages() + "  " + line.location() + text);
      }
      if (untrackedPolicyDrops > 0) {
        out.println("  " + untrackedPolicyDrops + "  (other lines)");
      }
    }
  }

  private static String pad(String s, int width) {
    return s + " ".repeat(Math.max(0, width - s.length()));
  }
}
