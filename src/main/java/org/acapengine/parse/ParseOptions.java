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

  public ParseOptions {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
  }

  public static ParseOptions defaults() {
    return new ParseOptions(DEFAULT_MAX_BYTES);
  }

  public ParseOptions withMaxBytes(long max) {
    return new ParseOptions(max);
  }
}
