package org.acapengine.collections.testing;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.acapengine.cli.AcapCommand;
import org.acapengine.cli.Io;
import org.acapengine.cli.UserInputException;
import picocli.CommandLine;

/**
 * Runs a command group in-process with a test's own policy factory, through {@link
 * AcapCommand#execute}: streams from an {@link Io}, a bad argument or a {@link
 * UserInputException} as one {@code acap: ...} line on stderr with exit code 2, anything else as
 * an internal error with exit code 3.
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
    int code = AcapCommand.execute(new CommandLine(group.apply(io)), io, args);
    return new Result(code, out.toString(), err.toString());
  }

  /** Runs with empty stdin and a non-terminal stderr. */
  public static Result run(java.util.function.Function<Io, Object> group, String... args) {
    return run(group, new ByteArrayInputStream(new byte[0]), false, args);
  }
}
