package org.acapengine.cli;

import java.io.PrintWriter;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.FilterWarning;
import org.acapengine.render.PlainText;

/**
 * Prints skipped-line warnings on stderr, one line each ({@code acap: warning: ...}), up to a cap
 * so that a collection with millions of bad lines cannot flood the terminal; the rest are only
 * counted, and {@link #finish} says how many were not shown.
 */
public final class WarningPrinter implements FilterListener {

  private final PrintWriter err;
  private final String inputName;
  private final String positionName;
  private final int cap;
  private long count;

  /**
   * A printer that has printed nothing yet.
   *
   * @param err where warnings go
   * @param inputName how warnings name the input
   * @param positionName {@code line} (SCP) or {@code item} (TCT)
   * @param cap how many to print
   */
  public WarningPrinter(PrintWriter err, String inputName, String positionName, int cap) {
    this.err = err;
    this.inputName = inputName;
    this.positionName = positionName;
    this.cap = cap;
  }

  @Override
  public void warning(FilterWarning warning) {
    count++;
    if (count <= cap) {
      err.println("acap: warning: " + PlainText.shorten(inputName, 200) + ": " + positionName + " " + warning.position()
          + ": skipped (" + warning.reason().label() + "): " + warning.message());
      err.flush();
    }
  }

  /**
   * How many warnings there were, printed or not.
   *
   * @return the count so far
   */
  public long count() {
    return count;
  }

  /** Says how many warnings were not printed, if any. */
  public void finish() {
    if (count > cap) {
      err.println("acap: warning: " + (count - cap) + " more skipped " + positionName + "s not shown");
      err.flush();
    }
  }
}
