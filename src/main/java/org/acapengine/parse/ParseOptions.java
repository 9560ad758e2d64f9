package org.acapengine.parse;

/**
 * Limits for parsing.
 *
 * @param maxBytes content beyond this many bytes is not parsed (RFC 9309 2.5: at least 500 KiB
 *     must be parsed; that is the default). The line the limit falls in is not parsed either, so
 *     a rule is never read cut short.
 */
public record ParseOptions(long maxBytes) {

  /** 500 KiB, the minimum RFC 9309 2.5 requires crawlers to parse. */
  public static final long DEFAULT_MAX_BYTES = 500L * 1024;

  /**
   * Checks that the limit is positive.
   *
   * @param maxBytes content beyond this many bytes is not parsed (RFC 9309 2.5: at least 500 KiB
   *     must be parsed; that is the default). The line the limit falls in is not parsed either, so
   *     a rule is never read cut short.
   * @throws IllegalArgumentException if {@code maxBytes} is less than 1
   */
  public ParseOptions {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
  }

  /**
   * The default: RFC 9309's minimum of 500 KiB.
   *
   * @return the options
   */
  public static ParseOptions defaults() {
    return new ParseOptions(DEFAULT_MAX_BYTES);
  }

  /**
   * These options with another size limit.
   *
   * @param max the largest number of bytes read; positive
   * @return the new options
   */
  public ParseOptions withMaxBytes(long max) {
    return new ParseOptions(max);
  }
}
