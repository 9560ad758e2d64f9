package org.acapengine.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * Runs {@code acap lint} in-process for tests, the way {@link AcapCommand#run} runs every
 * command. While {@code lint} is not yet registered in {@link AcapCommand}'s subcommands, it is
 * added here; once it is, this delegates to {@link AcapCommand#run} unchanged (unless a test
 * needs a {@link LintCommand} of its own, with a fixed clock).
 */
public final class LintCli {

  /** What a run printed and returned. */
  public record Result(int exitCode, String out, String err) {}

  private LintCli() {}

  /** Runs {@code acap ARGS} with {@code stdin} as standard input. */
  public static Result run(byte[] stdin, String... args) {
    return run(null, stdin, args);
  }

  /** Runs {@code acap ARGS} with the given lint command (null: a default one). */
  public static Result run(LintCommand lint, byte[] stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Io io = new Io(new ByteArrayInputStream(stdin), new PrintWriter(out), new PrintWriter(err), false);
    boolean registered = new CommandLine(new AcapCommand(io)).getSubcommands().containsKey("lint");
    int code;
    if (registered && lint == null) {
      code = AcapCommand.run(args, io);
    } else {
      CommandLine cli = new CommandLine(new AcapCommand(io));
      if (registered) {
        cli.getCommandSpec().removeSubcommand("lint");
      }
      cli.addSubcommand(lint == null ? new LintCommand() : lint);
      code = execute(cli, io, args);
    }
    return new Result(code, out.toString(), err.toString());
  }

  public static Result run(String... args) {
    return run(new byte[0], args);
  }

  /** The same handlers as {@link AcapCommand#run}. */
  private static int execute(CommandLine cli, Io io, String[] args) {
    cli.setOut(io.out());
    cli.setErr(io.err());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler((ex, ignored) -> {
      io.err().println("acap: " + AcapCommand.oneLine(ex.getMessage()));
      io.err().flush();
      return ExitCodes.USAGE;
    });
    cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      if (ex instanceof UserInputException) {
        io.err().println("acap: " + AcapCommand.oneLine(ex.getMessage()));
        io.err().flush();
        return ExitCodes.USAGE;
      }
      io.err().println("acap: internal error: " + AcapCommand.oneLine(String.valueOf(ex)));
      io.err().flush();
      return ExitCodes.INTERNAL;
    });
    int code = cli.execute(args);
    io.out().flush();
    io.err().flush();
    return code;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
