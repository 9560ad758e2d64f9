package org.acapengine.hints;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.SourceLine;

/**
 * Reads the value strings of the non-standard robots.txt rate fields. Neither is part of RFC 9309
 * (which leaves other records to the crawler, section 2.2.4); the forms accepted are the ones real
 * files use (see {@code docs/adapters.md}, "robots.txt rate fields"):
 *
 * <ul>
 *   <li>{@code Crawl-delay}: a non-negative decimal number of seconds: {@code 5}, {@code 10.0},
 *       {@code .5}. No sign, exponent or unit.
 *   <li>{@code Request-rate}: {@code requests/period[unit] [HHMM-HHMM]}, e.g. {@code 1/5},
 *       {@code 1/10s}, {@code 10/1m}, {@code 1/10s 0600-0845}; unit {@code s} (default),
 *       {@code m}, {@code h} or {@code d}; the optional window is UTC.
 * </ul>
 *
 * <p>A trailing {@code #} comment and surrounding white space are ignored. An invalid value gives a
 * warning and no value. Values larger than a {@link Duration} can hold saturate at the largest one
 * (with an info diagnostic): a huge delay means "practically never", not "no delay".
 */
public final class RobotsTxtHintReader {

  private static final Pattern DECIMAL = Pattern.compile("(?:\\d+(?:\\.\\d*)?|\\.\\d+)");
  private static final Pattern RATE = Pattern.compile(
      "(\\d{1,18})[ \\t]*/[ \\t]*(\\d{1,12})?[ \\t]*([smhdSMHD])?"
          + "(?:[ \\t]+(\\d{2})(\\d{2})[ \\t]*-[ \\t]*(\\d{2})(\\d{2}))?");
  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Long.MAX_VALUE);

  private RobotsTxtHintReader() {}

  /**
   * Reads a {@code Crawl-delay} value (seconds) into a minimum-delay hint.
   *
   * @param value the field's value
   * @param source the line it stands on
   * @return the hint, or a diagnostic for a value that is not a number of seconds
   */
  public static HintReading<Hint<Duration>> crawlDelay(String value, SourceLine source) {
    String text = stripComment(value);
    if (!DECIMAL.matcher(text).matches()) {
      return HintReading.invalid(Diagnostic.warning("hint-bad-crawl-delay",
          "Crawl-delay value '" + text + "' is not a non-negative number of seconds; ignored",
          "write the delay in seconds, e.g. 'Crawl-delay: 5' or 'Crawl-delay: 0.5'", source.span()));
    }
    BigDecimal seconds = new BigDecimal(text.startsWith(".") ? "0" + text : text);
    List<Diagnostic> diagnostics = saturationNote(seconds, source);
    return HintReading.of(new Hint<>(ofSeconds(seconds), source), diagnostics);
  }

  /**
   * Reads a {@code Request-rate} value into a request-rate hint.
   *
   * @param value the field's value ({@code 1/5}, {@code 1/10s 0600-0845})
   * @param source the line it stands on
   * @return the hint, or a diagnostic for a value that is not a rate
   */
  public static HintReading<Hint<RequestRate>> requestRate(String value, SourceLine source) {
    String text = stripComment(value);
    Matcher m = RATE.matcher(text);
    if (!m.matches() || (m.group(2) == null && m.group(3) == null)) {
      return HintReading.invalid(badRate("'" + text + "' is not requests/period[s|m|h|d] [HHMM-HHMM]", source));
    }
    long periodCount = m.group(2) == null ? 1 : Long.parseLong(m.group(2));
    if (periodCount == 0) {
      return HintReading.invalid(badRate("the period of '" + text + "' is zero", source));
    }
    long unitSeconds = unitSeconds(m.group(3));
    Optional<VisitWindow> window = Optional.empty();
    if (m.group(4) != null) {
      Optional<LocalTime> start = time(m.group(4), m.group(5));
      Optional<LocalTime> end = time(m.group(6), m.group(7));
      if (start.isEmpty() || end.isEmpty() || start.equals(end)) {
        return HintReading.invalid(badRate("the window of '" + text + "' is not HHMM-HHMM with two different times of day", source));
      }
      window = Optional.of(new VisitWindow(start.get(), end.get()));
    }
    RequestRate rate = new RequestRate(new BigDecimal(m.group(1)),
        Duration.ofSeconds(Math.multiplyExact(periodCount, unitSeconds)), window);
    return HintReading.of(new Hint<>(rate, source), List.of());
  }

  /** Seconds as a duration: rounded up to the nanosecond, saturated at the largest duration. */
  static Duration ofSeconds(BigDecimal seconds) {
    if (seconds.compareTo(MAX_SECONDS) > 0) {
      return Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);
    }
    BigDecimal whole = seconds.setScale(0, RoundingMode.FLOOR);
    long nanos = seconds.subtract(whole).movePointRight(9).setScale(0, RoundingMode.CEILING).longValueExact();
    return Duration.ofSeconds(whole.longValueExact()).plusNanos(nanos);
  }

  private static List<Diagnostic> saturationNote(BigDecimal seconds, SourceLine source) {
    if (seconds.compareTo(MAX_SECONDS) <= 0) {
      return List.of();
    }
    return List.of(Diagnostic.info("hint-saturated",
        "delay of " + seconds.toPlainString() + " seconds is beyond the largest representable; read as the largest",
        "", source.span()));
  }

  private static Diagnostic badRate(String why, SourceLine source) {
    return Diagnostic.warning("hint-bad-request-rate", "Request-rate value ignored: " + why,
        "write e.g. 'Request-rate: 1/5' (1 request per 5 seconds) or 'Request-rate: 10/1m 0600-0845'",
        source.span());
  }

  private static long unitSeconds(String unit) {
    if (unit == null) {
      return 1;
    }
    switch (unit.toLowerCase(Locale.ROOT)) {
      case "m":
        return 60;
      case "h":
        return 3600;
      case "d":
        return 86_400;
      default:
        return 1;
    }
  }

  private static Optional<LocalTime> time(String hours, String minutes) {
    int h = Integer.parseInt(hours);
    int m = Integer.parseInt(minutes);
    return h < 24 && m < 60 ? Optional.of(LocalTime.of(h, m)) : Optional.empty();
  }

  private static String stripComment(String value) {
    int hash = value.indexOf('#');
    return (hash < 0 ? value : value.substring(0, hash)).strip();
  }
}
