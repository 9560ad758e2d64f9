package org.acapengine.adapters.scorpion;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One prefix command of the effective lines: {@code c}/{@code C} (crawl), {@code i}/{@code v}
 * (index) or {@code d} (dynamic), with the line it came from. The prefix is bytes held as
 * ISO-8859-1 chars; it matches every URL it is a prefix of, byte for byte, "including that URL
 * itself" (scorpion-protocol.txt, "Automated crawling").
 *
 * @param command the prefix command of the line
 * @param prefix the prefix bytes as ISO-8859-1 chars
 * @param line the 1-based line number, 0 for {@link #IMPLICIT_DISALLOW}
 */
public record ScorpionRule(ScorpionCommand command, String prefix, int line) {

  /** The rule categories; first match is per category (docs/adapters.md). */
  public enum Category {
    /** {@code c} and {@code C}: may the crawler fetch the URL. */
    CRAWL,
    /** {@code i} and {@code v}: does the site suggest indexing the URL. */
    INDEX,
    /** {@code d}: the URL is probably dynamic. */
    DYNAMIC
  }

  /** The rule the draft implies after every file: "assume that an implicit "C/" follows". */
  public static final ScorpionRule IMPLICIT_DISALLOW = new ScorpionRule(ScorpionCommand.DISALLOW_CRAWL, "/", 0);

  /**
   * Checks the command takes a prefix and the line number is 0 or positive.
   *
   * @param command the prefix command of the line
   * @param prefix the prefix bytes as ISO-8859-1 chars
   * @param line the 1-based line number, 0 for {@link #IMPLICIT_DISALLOW}
   * @throws IllegalArgumentException for a command that takes no prefix or a negative line
   */
  public ScorpionRule {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(prefix, "prefix");
    if (command.parameter() != ScorpionCommand.Parameter.PREFIX) {
      throw new IllegalArgumentException("not a prefix command: " + command);
    }
    if (line < 0) {
      throw new IllegalArgumentException("line is 0 (implicit) or 1-based: " + line);
    }
  }

  /**
   * The category this rule's command belongs to; first match applies within a category.
   *
   * @return CRAWL, INDEX or DYNAMIC
   */
  public Category category() {
    switch (command) {
      case ALLOW_CRAWL:
      case DISALLOW_CRAWL:
        return Category.CRAWL;
      case INDEX:
      case NO_INDEX:
        return Category.INDEX;
      default:
        return Category.DYNAMIC;
    }
  }

  /**
   * True for {@code c} and {@code i}; false for {@code C}, {@code v} and {@code d}.
   *
   * @return true when the rule allows
   */
  public boolean allows() {
    return command == ScorpionCommand.ALLOW_CRAWL || command == ScorpionCommand.INDEX;
  }

  /**
   * True for the implicit final {@code C/}.
   *
   * @return true only for {@link #IMPLICIT_DISALLOW}
   */
  public boolean implicit() {
    return line == 0;
  }

  /**
   * The prefix's bytes.
   *
   * @return a fresh copy of the prefix's bytes
   */
  public byte[] prefixBytes() {
    return prefix.getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * True when the prefix is a byte prefix of {@code path} (or equals it).
   *
   * @param path the request path and query as bytes
   * @return true when the rule matches {@code path}
   */
  public boolean matches(byte[] path) {
    if (path.length < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if ((path[i] & 0xFF) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The rule as written in the file, e.g. {@code C/private/}.
   *
   * @return the command byte followed by the prefix
   */
  public String asWritten() {
    return command.code() + prefix;
  }
}
