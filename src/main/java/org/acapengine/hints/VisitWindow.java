package org.acapengine.hints;

import java.time.LocalTime;
import java.util.Objects;

/**
 * The time-of-day window a robots.txt {@code Request-rate} applies in, as in
 * {@code Request-rate: 1/10s 0600-0845}. Times are UTC (the 1996 "extended standard for robot
 * exclusion" that introduced the field says GMT); both ends are inclusive to the minute, and a
 * window whose end is before its start wraps past midnight ({@code 2200-0600}).
 *
 * @param start the first minute of the window (UTC)
 * @param end the last minute of the window (UTC), before {@code start} when it wraps past midnight
 */
public record VisitWindow(LocalTime start, LocalTime end) {

  /**
   * Checks that no component is null; rejects invalid values (see below).
   *
   * @param start the first minute of the window (UTC)
   * @param end the last minute of the window (UTC), before {@code start} when it wraps past midnight
   * @throws IllegalArgumentException if the window starts and ends at the same minute
   */
  public VisitWindow {
    Objects.requireNonNull(start, "start");
    Objects.requireNonNull(end, "end");
    if (start.equals(end)) {
      throw new IllegalArgumentException("an empty visit window is not a window: " + start);
    }
  }

  /**
   * True when {@code time} (UTC, minute precision) lies inside the window.
   *
   * @param time a time of day, UTC
   * @return true when the time is inside the window, both ends included
   */
  public boolean contains(LocalTime time) {
    LocalTime minute = time.withSecond(0).withNano(0);
    if (start.isBefore(end)) {
      return !minute.isBefore(start) && !minute.isAfter(end);
    }
    return !minute.isBefore(start) || !minute.isAfter(end);
  }

  /** The window as written in robots.txt: {@code HHMM-HHMM}. */
  @Override
  public String toString() {
    return String.format("%02d%02d-%02d%02d", start.getHour(), start.getMinute(), end.getHour(), end.getMinute());
  }
}
