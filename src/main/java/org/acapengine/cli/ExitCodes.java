package org.acapengine.cli;

/** The exit codes every command uses. */
public final class ExitCodes {
  /** The command ran (whatever the decisions or findings, unless a command says otherwise). */
  public static final int OK = 0;
  /** The command ran and found what its caller asked it to fail on (lint findings, for one). */
  public static final int FINDINGS = 1;
  /** Bad arguments, or an input that cannot be read. */
  public static final int USAGE = 2;
  /** A bug in acap-engine itself. */
  public static final int INTERNAL = 3;

  private ExitCodes() {}
}
