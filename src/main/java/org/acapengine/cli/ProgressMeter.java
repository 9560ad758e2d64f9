package org.acapengine.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.FilterWarning;

/**
 * A one-line progress bar on stderr for interactive runs: phase, percentage of the input, items,
 * bytes and rates, redrawn in place with a carriage return at most every {@link #INTERVAL_NANOS}.
 * When disabled (stderr is not a terminal) it prints nothing at all, so logs and pipes stay clean.
 */
public final class ProgressMeter implements FilterListener {

  /** The shortest time between two redraws. */
  public static final long INTERVAL_NANOS = 200_000_000L;

  private static final int BAR = 20;

  private final PrintWriter err;
  private final boolean enabled;
  private final String noun;
  private final LongSupplier clock;
  private final FilterListener delegate;
  private String phase = "";
  private long phaseStart;
  private long lastDraw = Long.MIN_VALUE;
  private int lastWidth;

  /**
   * @param err where to draw
   * @param enabled whether to draw at all ({@code Io.errIsTerminal()})
   * @param noun what the items are, for example {@code pages}
   * @param clock nanoseconds, {@link System#nanoTime} outside tests
   * @param delegate receives the warnings (the meter clears its line before each)
   */
  public ProgressMeter(PrintWriter err, boolean enabled, String noun, LongSupplier clock, FilterListener delegate) {
    this.err = err;
    this.enabled = enabled;
    this.noun = noun;
    this.clock = clock;
    this.delegate = delegate;
  }

  @Override
  public void warning(FilterWarning warning) {
    clear();
    delegate.warning(warning);
  }

  @Override
  public void progress(String phase, long items, long bytes, long totalBytes) {
    if (!enabled) {
      return;
    }
    long now = clock.getAsLong();
    boolean newPhase = !phase.equals(this.phase);
    if (newPhase) {
      this.phase = phase;
      phaseStart = now;
    } else if (now - lastDraw < INTERVAL_NANOS && !(totalBytes > 0 && bytes >= totalBytes)) {
      return;
    }
    lastDraw = now;
    draw(render(phase, items, bytes, totalBytes, now - phaseStart));
  }

  /** Removes the bar, if one is drawn, so the next line starts clean. */
  public void clear() {
    if (enabled && lastWidth > 0) {
      err.print("\r" + " ".repeat(lastWidth) + "\r");
      err.flush();
      lastWidth = 0;
    }
  }

  private void draw(String line) {
    int pad = Math.max(0, lastWidth - line.length());
    err.print("\r" + line + " ".repeat(pad));
    err.flush();
    lastWidth = line.length();
  }

  String render(String phase, long items, long bytes, long totalBytes, long elapsedNanos) {
    StringBuilder b = new StringBuilder(96);
    if (totalBytes > 0) {
      double fraction = Math.min(1.0, (double) bytes / totalBytes);
      int filled = (int) Math.round(fraction * BAR);
      b.append('[').append("#".repeat(filled)).append("-".repeat(BAR - filled)).append("] ");
      b.append(String.format(Locale.ROOT, "%3d%% ", (int) Math.floor(fraction * 100)));
    }
    b.append(phase).append("  ").append(items).append(' ').append(noun).append("  ").append(bytes(bytes));
    double seconds = elapsedNanos / 1e9;
    if (seconds > 0.05) {
      b.append("  ").append(bytes((long) (bytes / seconds))).append("/s");
      b.append(String.format(Locale.ROOT, "  %.0f %s/s", items / seconds, noun));
    }
    return b.toString();
  }

  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = n;
    int unit = -1;
    while (v >= 1024 && unit < units.length - 1) {
      v /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[unit]);
  }
}
