package org.acapengine.cli;

/** The exit codes every command uses. */
public final class ExitCodes {
  /** The command ran (whatever the decisions or findings, unless a command says otherwise). */
  public static final int OK = 0;
  /** The command ran and found what its caller asked it to fail on (lint findings, for one). */
  public static final int FINDINGS = 1;
  /**
   * Bad arguments, an input that cannot be read, or a run that could not finish (out of memory, a
   * stack overflow, a bug): always one line on standard error.
   */
  public static final int USAGE = 2;

  private ExitCodes() {}
}
