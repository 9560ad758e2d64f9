package org.acapengine.adapters.tct;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * RFC 3339 section 5.6 {@code date-time}, strictly: {@code T} and {@code Z} in either case (the
 * note in 5.6), fractional seconds of any length, a numeric offset or {@code Z}; no space in
 * place of {@code T}, no missing offset. A leap second ({@code :60}) is read as the first
 * second of the next minute, as {@link Instant} has no leap seconds; {@code -00:00} ("offset unknown", section 4.3) is read as UTC.
 */
final class Rfc3339 {

  private static final Pattern DATE_TIME = Pattern.compile(
      "(\\d{4})-(\\d{2})-(\\d{2})[Tt](\\d{2}):(\\d{2}):(\\d{2})(\\.\\d{1,9})?(?:([Zz])|([+-])(\\d{2}):(\\d{2}))");

  private Rfc3339() {}

  static Optional<Instant> parse(String text) {
    Matcher m = DATE_TIME.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      int second = Integer.parseInt(m.group(6));
      boolean leap = second == 60;
      int nanos = m.group(7) == null ? 0 : Integer.parseInt((m.group(7).substring(1) + "00000000").substring(0, 9));
      LocalDateTime local = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
          Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
          leap ? 59 : second, nanos);
      ZoneOffset offset = ZoneOffset.UTC;
      if (m.group(8) == null) {
        int hours = Integer.parseInt(m.group(10));
        int minutes = Integer.parseInt(m.group(11));
        if (hours > 23 || minutes > 59) {
          return Optional.empty();
        }
        int sign = m.group(9).equals("-") ? -1 : 1;
        offset = ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
      }
      Instant instant = local.toInstant(offset);
      return Optional.of(leap ? instant.plusSeconds(1) : instant);
    } catch (DateTimeException | NumberFormatException e) {
      return Optional.empty();
    }
  }
}
