package org.acapengine.adapters.scorpion;

import java.io.ByteArrayOutputStream;
import java.util.Optional;

/**
 * Writes a Scorpion prefix (bytes) as an ACAP resource path pattern and reads it back.
 *
 * <p>Kept literally: ALPHA, DIGIT, {@code - . _ ~} (unreserved), the sub-delims except {@code *}
 * and {@code $}, and {@code : @ / ?}. Everything else is percent-encoded with upper-case hex:
 * {@code *} and {@code $} (ACAP wildcards, 2.8), {@code %} itself, {@code #} (starts a comment),
 * space, control bytes, DEL, the other characters a URI may not contain, and every byte over
 * 0x7F. Encoding {@code %} too makes the mapping a byte-by-byte code in which no token is a
 * prefix of another, so one prefix extends another exactly when their patterns do, and
 * {@link #decode} inverts {@link #encode}.
 */
final class AcapPattern {

  private static final String LITERAL =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!&'()+,;=:@/?";

  private AcapPattern() {}

  static String encode(String latin1Bytes) {
    StringBuilder out = new StringBuilder(latin1Bytes.length());
    for (int i = 0; i < latin1Bytes.length(); i++) {
      char c = latin1Bytes.charAt(i);
      if (LITERAL.indexOf(c) >= 0) {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", (int) c));
      }
    }
    return out.toString();
  }

  /** The bytes a pattern written by {@link #encode} stands for; empty when it is not such a pattern. */
  static Optional<byte[]> decode(String pattern) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '%') {
        if (i + 2 >= pattern.length()) {
          return Optional.empty();
        }
        int hi = Character.digit(pattern.charAt(i + 1), 16);
        int lo = Character.digit(pattern.charAt(i + 2), 16);
        if (hi < 0 || lo < 0) {
          return Optional.empty();
        }
        out.write(hi * 16 + lo);
        i += 2;
      } else if (LITERAL.indexOf(c) >= 0) {
        out.write(c);
      } else {
        return Optional.empty();
      }
    }
    return Optional.of(out.toByteArray());
  }
}
