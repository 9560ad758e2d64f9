package org.acapengine.adapters.scorpion;

import java.util.Optional;

/**
 * The command bytes of a {@code /.special/crawl} file (scorpion-protocol.txt, "Automated
 * crawling", "The commands are:") and the parameter each takes.
 */
public enum ScorpionCommand {
  /** {@code `}: a comment with no meaning. */
  COMMENT('`', Parameter.TEXT),
  /** {@code @}: starts the section of the crawler with this name. */
  SECTION('@', Parameter.NAME),
  /** {@code i}: suggests indexing the prefix. */
  INDEX('i', Parameter.PREFIX),
  /** {@code v}: suggests not indexing the prefix. */
  NO_INDEX('v', Parameter.PREFIX),
  /** {@code d}: files with the prefix are probably dynamic (maybe not useful to mirror). */
  DYNAMIC('d', Parameter.PREFIX),
  /** {@code c}: allows crawling the prefix. */
  ALLOW_CRAWL('c', Parameter.PREFIX),
  /** {@code C}: disallows crawling the prefix. */
  DISALLOW_CRAWL('C', Parameter.PREFIX),
  /** {@code n}: estimated number of files to download. */
  ESTIMATED_FILES('n', Parameter.NUMBER),
  /** {@code t}: estimated total size of the files to download (bytes: the draft gives no unit). */
  ESTIMATED_SIZE('t', Parameter.NUMBER),
  /** {@code N}: maximum number of files to download. */
  MAX_FILES('N', Parameter.NUMBER),
  /** {@code P}: maximum number of simultaneous downloads. */
  MAX_PARALLEL('P', Parameter.NUMBER),
  /** {@code D}: minimum delay in seconds after downloading one file before the next. */
  MIN_DELAY('D', Parameter.NUMBER),
  /** {@code R}: minimum delay in seconds from starting the first file to starting over. */
  RESTART_DELAY('R', Parameter.NUMBER),
  /** {@code w}: suggested seconds to wait before downloading the policy file again. */
  POLICY_REFETCH('w', Parameter.NUMBER),
  /** {@code a}: reserved for archiving, not specified yet: never understood. */
  ARCHIVE('a', Parameter.UNSPECIFIED);

  /** What a command's parameter is. */
  public enum Parameter {
    /** anything */
    TEXT,
    /** a crawler name, compared byte for byte */
    NAME,
    /** a URL prefix starting with {@code /} */
    PREFIX,
    /** a non-negative decimal integer of digits 0-9 only */
    NUMBER,
    /** not specified by the draft */
    UNSPECIFIED
  }

  private final char code;
  private final Parameter parameter;

  ScorpionCommand(char code, Parameter parameter) {
    this.code = code;
    this.parameter = parameter;
  }

  /**
   * The command byte.
   *
   * @return the byte that starts the line, as a char
   */
  public char code() {
    return code;
  }

  /**
   * The kind of parameter the command takes, which decides the syntax its line must have to be
   * understood.
   *
   * @return the parameter kind
   */
  public Parameter parameter() {
    return parameter;
  }

  /**
   * The command with this byte, if the draft defines one.
   *
   * @param commandByte the first byte of a line (0-255)
   * @return the command, or empty when the draft defines no command for this byte
   */
  public static Optional<ScorpionCommand> of(int commandByte) {
    for (ScorpionCommand c : values()) {
      if (c.code == commandByte) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }
}
