package org.acapengine.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * The streams a command talks to. {@link Main} builds one from the process streams; tests build
 * one from in-memory streams and run commands in-process.
 *
 * @param in standard input
 * @param out standard output
 * @param err standard error
 * @param errIsTerminal whether standard error is a terminal (progress is drawn only then)
 */
public record Io(InputStream in, PrintWriter out, PrintWriter err, boolean errIsTerminal) {

  /**
   * Checks that no stream is null.
   *
   * @param in standard input
   * @param out standard output
   * @param err standard error
   * @param errIsTerminal whether standard error is a terminal
   */
  public Io {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(err, "err");
  }
}
