package org.acapengine.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * Runs {@code acap lint} in-process for tests through {@link AcapCommand#run}, or, for a test that
 * needs a {@link LintCommand} of its own (a fixed clock), through {@link AcapCommand#execute} with
 * that command in place of the registered one.
 */
public final class LintCli {

  /** What a run printed and returned. */
  public record Result(int exitCode, String out, String err) {}

  private LintCli() {}

  /** Runs {@code acap ARGS} with {@code stdin} as standard input. */
  public static Result run(byte[] stdin, String... args) {
    return run(null, stdin, args);
  }

  /** Runs {@code acap ARGS} with the given lint command (null: the registered one). */
  public static Result run(LintCommand lint, byte[] stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Io io = new Io(new ByteArrayInputStream(stdin), new PrintWriter(out), new PrintWriter(err), false);
    int code;
    if (lint == null) {
      code = AcapCommand.run(args, io);
    } else {
      CommandLine cli = new CommandLine(new AcapCommand(io));
      cli.getCommandSpec().removeSubcommand("lint");
      cli.addSubcommand(lint);
      code = AcapCommand.execute(cli, io, args);
    }
    return new Result(code, out.toString(), err.toString());
  }

  public static Result run(String... args) {
    return run(new byte[0], args);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
