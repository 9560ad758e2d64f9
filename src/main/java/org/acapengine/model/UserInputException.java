package org.acapengine.model;

/**
 * An input the caller gave that cannot be used as a whole: an unreadable or missing file, a bad
 * option value, a collection or sitemap that must be rejected (a fatal error in the sense of SCP
 * "Error Handling", or a limit of its "Resource Exhaustion Attacks"). Its message names the input
 * and is fit to show as it is.
 *
 * <p>The one "tell the user" exception of the code base. It lives in {@code model}, the floor
 * every other package stands on, because library code ({@code collections}, rejecting a
 * collection) and the command line ({@code cli}, rejecting an option) both throw it and neither
 * may import the other's layer sideways or upwards. Unchecked, so that it leaves the
 * decompressing streams and picocli's callbacks unchanged; {@code cli.AcapCommand} reports it as
 * one {@code acap: ...} line with exit code 2. Problems inside a policy file are never thrown:
 * they are {@link Diagnostic}s.
 */
public final class UserInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * An exception with the one line to show.
   *
   * @param message the line, naming the input and the problem
   */
  public UserInputException(String message) {
    super(message);
  }

  /**
   * An exception with the one line to show and its cause.
   *
   * @param message the line, naming the input and the problem
   * @param cause the exception that led to it
   */
  public UserInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
