package org.acapengine.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** The process entry point: the only place that exits. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    boolean errIsTerminal = System.console() != null && !"true".equalsIgnoreCase(System.getenv("CI"));
    int code = AcapCommand.run(args, new Io(System.in, out, err, errIsTerminal));
    out.flush();
    err.flush();
    System.exit(code);
  }
}
