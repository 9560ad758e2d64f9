package org.acapengine.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs {@code acap} in-process against in-memory streams, for the CLI tests. */
record CliRun(int exit, String out, String err) {

  static CliRun run(String stdin, String... args) {
    return run(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), args);
  }

  static CliRun run(InputStream stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = AcapCommand.run(args, new Io(stdin, new PrintWriter(out), new PrintWriter(err), false));
    return new CliRun(code, out.toString(), err.toString());
  }

  List<String> outLines() {
    return out.lines().collect(java.util.stream.Collectors.toList());
  }

  List<String> errLines() {
    return err.lines().collect(java.util.stream.Collectors.toList());
  }
}
