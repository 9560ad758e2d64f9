package org.acapengine.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Objects;

/**
 * The streams a command talks to. {@link Main} builds one from the process streams; tests build
 * one from in-memory streams and run commands in-process.
 */
public record Io(InputStream in, PrintWriter out, PrintWriter err, boolean errIsTerminal) {

  public Io {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(err, "err");
  }
}
