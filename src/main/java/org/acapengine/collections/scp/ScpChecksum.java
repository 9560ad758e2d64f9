package org.acapengine.collections.scp;

import com.google.common.base.Ascii;
import com.google.common.base.CharMatcher;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The SCP collection checksum ("Collection Metadata", "Checksum Calculation"): {@code "sha256:"}
 * followed by 64 lowercase hexadecimal digits of a SHA-256 (FIPS 180-4) digest. The metadata
 * schema also admits upper-case digits ({@code ^sha256:[a-fA-F0-9]{64}$}), so both are read;
 * this implementation writes lower case.
 *
 * <p>What the digest covers: the spec says "the complete uncompressed file", but the file holds
 * the line that holds the checksum, which cannot cover itself. This implementation reads it as
 * the SHA-256 of the uncompressed bytes after the metadata line — every page line with its
 * newline — see {@code docs/collections.md}.
 */
public final class ScpChecksum {

  /** The prefix the spec prescribes. */
  public static final String PREFIX = "sha256:";

  private static final CharMatcher HEX_DIGIT =
      CharMatcher.inRange('0', '9').or(CharMatcher.inRange('a', 'f')).or(CharMatcher.inRange('A', 'F'));

  private ScpChecksum() {}

  /**
   * A fresh SHA-256 digest.
   *
   * @return a new SHA-256 {@link MessageDigest}, not shared
   */
  public static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  /**
   * {@code sha256:<hex>} for a finished digest.
   *
   * @param digest the 32 bytes of a finished SHA-256 digest
   * @return {@code sha256:} followed by 64 lower-case hex digits
   */
  public static String format(byte[] digest) {
    return PREFIX + HexFormat.of().formatHex(digest);
  }

  /**
   * The 64 hex digits (lower-cased) of a checksum value, or empty when it is not {@code
   * sha256:} followed by exactly 64 hex digits.
   *
   * @param value the checksum value as given, possibly hostile
   * @return the 64 lower-case hex digits, or empty for any other value
   */
  public static Optional<String> parseHex(String value) {
    if (value == null || !value.startsWith(PREFIX) || value.length() != PREFIX.length() + 64) {
      return Optional.empty();
    }
    String hex = value.substring(PREFIX.length());
    return HEX_DIGIT.matchesAllOf(hex) ? Optional.of(Ascii.toLowerCase(hex)) : Optional.empty();
  }
}
