package org.acapengine.collections.testing;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.acapengine.cli.ExitCodes;
import org.acapengine.cli.Io;
import org.acapengine.cli.UserInputException;
import picocli.CommandLine;

/**
 * Runs a command group in-process with the conventions of {@code AcapCommand.run}: streams from
 * an {@link Io}, a bad argument or a {@link UserInputException} as one {@code acap: ...} line on
 * stderr with exit code 2, anything else as an internal error with exit code 3.
 */
public final class CliHarness {

  private CliHarness() {}

  /** What a run printed and returned. */
  public record Result(int exitCode, String out, String err) {}

  /** Builds the group with {@code io} and runs it with {@code args}. */
  public static Result run(java.util.function.Function<Io, Object> group, InputStream stdin, boolean terminal, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Io io = new Io(stdin, new PrintWriter(out), new PrintWriter(err), terminal);
    CommandLine cli = new CommandLine(group.apply(io));
    cli.setOut(io.out());
    cli.setErr(io.err());
    cli.setParameterExceptionHandler(
        (ex, ignored) -> {
          io.err().println("acap: " + oneLine(ex.getMessage()));
          io.err().flush();
          return ExitCodes.USAGE;
        });
    cli.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          if (ex instanceof UserInputException) {
            io.err().println("acap: " + oneLine(ex.getMessage()));
            io.err().flush();
            return ExitCodes.USAGE;
          }
          StringWriter trace = new StringWriter();
          ex.printStackTrace(new PrintWriter(trace));
          io.err().println("acap: internal error: " + oneLine(String.valueOf(ex)));
          io.err().println(trace);
          io.err().flush();
          return ExitCodes.INTERNAL;
        });
    int code = cli.execute(args);
    io.out().flush();
    io.err().flush();
    return new Result(code, out.toString(), err.toString());
  }

  /** Runs with empty stdin and a non-terminal stderr. */
  public static Result run(java.util.function.Function<Io, Object> group, String... args) {
    return run(group, new ByteArrayInputStream(new byte[0]), false, args);
  }

  private static String oneLine(String message) {
    if (message == null) {
      return "";
    }
    return message.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ').strip();
  }
}
