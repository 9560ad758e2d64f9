package org.acapengine.cli;

import java.util.Locale;
import org.acapengine.render.PlainText;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses a byte count: digits, optionally followed by {@code KB}, {@code MB}, {@code GB}, {@code
 * TB} (powers of 1000, as the SCP spec counts) or {@code KiB}, {@code MiB}, {@code GiB}, {@code
 * TiB} (powers of 1024), in any case. No regular expressions.
 */
public final class ByteSizeConverter implements ITypeConverter<Long> {

  @Override
  public Long convert(String value) {
    return parse(value);
  }

  /**
   * Parses {@code value}; throws {@link TypeConversionException} for anything else.
   *
   * @param value a number of bytes with an optional suffix
   * @return the number of bytes
   * @throws TypeConversionException if the value is not a size
   */
  public static long parse(String value) {
    String s = value.strip();
    int digits = 0;
    while (digits < s.length() && s.charAt(digits) >= '0' && s.charAt(digits) <= '9') {
      digits++;
    }
    if (digits == 0 || digits > 18) {
      throw bad(value);
    }
    long number = Long.parseLong(s.substring(0, digits));
    String unit = s.substring(digits).strip().toLowerCase(Locale.ROOT);
    long multiplier;
    switch (unit) {
      case "":
      case "b":
        multiplier = 1;
        break;
      case "kb":
        multiplier = 1000L;
        break;
      case "mb":
        multiplier = 1000L * 1000;
        break;
      case "gb":
        multiplier = 1000L * 1000 * 1000;
        break;
      case "tb":
        multiplier = 1000L * 1000 * 1000 * 1000;
        break;
      case "kib":
        multiplier = 1L << 10;
        break;
      case "mib":
        multiplier = 1L << 20;
        break;
      case "gib":
        multiplier = 1L << 30;
        break;
      case "tib":
        multiplier = 1L << 40;
        break;
      default:
        throw bad(value);
    }
    if (number == 0 || number > Long.MAX_VALUE / multiplier) {
      throw bad(value);
    }
    return number * multiplier;
  }

  private static TypeConversionException bad(String value) {
    return new TypeConversionException(
        "'" + PlainText.shorten(value, 40) + "' is not a positive byte count (digits, optionally followed by KB, MB, GB, TB, KiB, MiB, GiB or TiB)");
  }
}
