package org.acapengine.cli;

/**
 * A problem with what the user asked for (an unreadable file, a bad option value) that a command
 * reports as one line on standard error with exit code 2. Thrown inside commands only; {@link
 * AcapCommand} turns it into that line.
 */
public final class UserInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UserInputException(String message) {
    super(message);
  }

  public UserInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
