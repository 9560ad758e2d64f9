package org.acapengine.adapters.scorpion;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One line of a {@code /.special/crawl} file, kept whole: its 1-based number and its bytes,
 * without the terminating LF (or CR LF). {@code text} holds one {@code char} per byte (ISO-8859-1),
 * so comparisons on it are byte comparisons. The first byte is the command, the rest the
 * parameter (scorpion-protocol.txt, "Automated crawling": "each line starts with one byte command
 * code, and then the parameter").
 *
 * @param number the 1-based line number
 * @param text the line's bytes, one ISO-8859-1 char per byte, without the line terminator
 */
public record ScorpionLine(int number, String text) {

  /**
   * Checks the line number and that the text holds only bytes.
   *
   * @param number the 1-based line number
   * @param text the line's bytes, one ISO-8859-1 char per byte, without the line terminator
   * @throws IllegalArgumentException when {@code number} is below 1 or a char is above U+00FF
   */
  public ScorpionLine {
    Objects.requireNonNull(text, "text");
    if (number < 1) {
      throw new IllegalArgumentException("line numbers are 1-based: " + number);
    }
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 0xFF) {
        throw new IllegalArgumentException("a line holds bytes (ISO-8859-1 chars), not " + (int) text.charAt(i));
      }
    }
  }

  /**
   * The line from its raw bytes.
   *
   * @param number the 1-based line number
   * @param bytes the line's bytes, without the line terminator
   * @return the line
   */
  public static ScorpionLine of(int number, byte[] bytes) {
    return new ScorpionLine(number, new String(bytes, StandardCharsets.ISO_8859_1));
  }

  /**
   * True for a line with no byte at all, which therefore has no command.
   *
   * @return true when the line has no byte
   */
  public boolean isEmpty() {
    return text.isEmpty();
  }

  /**
   * The command byte (0-255), absent for an empty line.
   *
   * @return the command byte, or empty for an empty line
   */
  public OptionalInt commandByte() {
    return text.isEmpty() ? OptionalInt.empty() : OptionalInt.of(text.charAt(0));
  }

  /**
   * The command, if the byte is one the draft defines.
   *
   * @return the command, or empty for an empty line or an undefined byte
   */
  public Optional<ScorpionCommand> command() {
    return text.isEmpty() ? Optional.empty() : ScorpionCommand.of(text.charAt(0));
  }

  /**
   * Everything after the command byte, one char per byte.
   *
   * @return the parameter as ISO-8859-1 chars, empty when the line has at most one byte
   */
  public String parameter() {
    return text.isEmpty() ? "" : text.substring(1);
  }

  /**
   * The parameter's bytes.
   *
   * @return a fresh copy of the parameter's bytes
   */
  public byte[] parameterBytes() {
    return parameter().getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Bit 5 (0x20) of the command byte: when set, a line that is not understood is skipped; when
   * clear, it makes the whole file not understood.
   *
   * @return true when bit 5 of the command byte is set; false for an empty line
   */
  public boolean skippableIfNotUnderstood() {
    return !text.isEmpty() && (text.charAt(0) & 0x20) != 0;
  }

  /**
   * Why this line is not understood, empty when it is. A line is understood when its command byte
   * is defined and its parameter has the syntax the draft gives: a prefix starts with {@code /}, a
   * number is one or more digits 0-9. The {@code a} command, whose meaning "has not been written
   * yet", is never understood. An empty line has no command: {@link ScorpionCrawlerPolicy} ignores it
   * rather than applying the bit 5 rule to a byte that is not there.
   *
   * @return the reason, or empty when the line is understood
   */
  public Optional<String> problem() {
    if (text.isEmpty()) {
      return Optional.of("empty line: no command byte");
    }
    Optional<ScorpionCommand> command = command();
    if (command.isEmpty()) {
      return Optional.of("unknown command byte " + describeByte(text.charAt(0)));
    }
    switch (command.get().parameter()) {
      case PREFIX:
        return parameter().startsWith("/")
            ? Optional.empty()
            : Optional.of("the prefix of command '" + command.get().code() + "' does not start with /");
      case NUMBER:
        return isDigits(parameter())
            ? Optional.empty()
            : Optional.of("the parameter of command '" + command.get().code() + "' is not a decimal number (digits 0-9 only)");
      case UNSPECIFIED:
        return Optional.of("command 'a' (archiving) is not specified yet");
      default:
        return Optional.empty();
    }
  }

  /**
   * The value of a number command, saturated at {@link Long#MAX_VALUE}; empty when not a number.
   *
   * @return the value, or empty when the parameter is not one or more decimal digits (whatever the
   *     command)
   */
  public OptionalLong numberValue() {
    String p = parameter();
    if (!isDigits(p)) {
      return OptionalLong.empty();
    }
    long value = 0;
    for (int i = 0; i < p.length(); i++) {
      int digit = p.charAt(i) - '0';
      if (value > (Long.MAX_VALUE - digit) / 10) {
        return OptionalLong.of(Long.MAX_VALUE);
      }
      value = value * 10 + digit;
    }
    return OptionalLong.of(value);
  }

  /**
   * True when {@link #numberValue()} had to saturate.
   *
   * @return true when the number was larger than {@link Long#MAX_VALUE}
   */
  public boolean numberSaturated() {
    String p = parameter().replaceFirst("^0+(?=.)", "");
    return isDigits(p) && (p.length() > 19 || (p.length() == 19 && p.compareTo(Long.toString(Long.MAX_VALUE)) > 0));
  }

  static String describeByte(int b) {
    String hex = String.format("0x%02X", b);
    return b > 0x20 && b < 0x7F ? "'" + (char) b + "' (" + hex + ")" : hex;
  }

  private static boolean isDigits(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
