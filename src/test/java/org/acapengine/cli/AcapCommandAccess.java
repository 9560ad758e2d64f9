package org.acapengine.cli;

import java.io.InputStream;
import java.io.PrintWriter;

/** Lets tests outside the cli package run {@code acap} in-process. */
public final class AcapCommandAccess {

  private AcapCommandAccess() {}

  public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err) {
    return AcapCommand.run(args, new Io(in, out, err, false));
  }
}
