package org.acapengine.cli;

import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top-level {@code acap} command: holds the streams and dispatches to the subcommands. */
@Command(
    name = "acap",
    mixinStandardHelpOptions = true,
    versionProvider = AcapCommand.Version.class,
    description = "robots.txt policy engine for the ACAP 1.0 extensions and RFC 9309.",
    subcommands = {CommandLine.HelpCommand.class, ParseCommand.class, CheckCommand.class, ExplainCommand.class, HintsCommand.class, AuditCommand.class, ConvertCommand.class, LintCommand.class, DiffCommand.class, ReportCommand.class, ServeCommand.class,
        CommandGroup.Scp.class, CommandGroup.Tct.class})
public final class AcapCommand implements Runnable {

  private final Io io;

  AcapCommand(Io io) {
    this.io = io;
  }

  /**
   * The streams of this run; subcommands reach them through {@code @ParentCommand}.
   *
   * @return the streams given at construction
   */
  public Io io() {
    return io;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(new CommandLine(this), "a command is required (try acap --help)");
  }

  /**
   * Runs {@code acap} with {@code args} against {@code io} and returns the exit code.
   *
   * @param args the command-line arguments, without the program name
   * @param io the streams to use
   * @return the exit code: 0 success, 1 findings or prohibited, 2 bad input, 3 internal error
   */
  public static int run(String[] args, Io io) {
    return execute(commandLine(io), io, args);
  }

  /**
   * The {@code acap} command tree over {@code io}, not yet run: {@link #execute} runs it. Tests
   * use it to put a command of their own (a fixed clock, a stub policy) in place of a registered one.
   *
   * @param io the streams the commands will use
   * @return the command line, ready to execute
   */
  public static CommandLine commandLine(Io io) {
    return new CommandLine(new AcapCommand(io));
  }

  /**
   * Runs a command line with the conventions every acap command follows: output to {@code io};
   * a bad argument or a {@link UserInputException} is one {@code acap: ...} line on standard error
   * and exit code 2; anything else is an internal error, exit code 3 (with the stack trace when
   * the environment variable {@code ACAP_DEBUG} is set).
   *
   * @param cli the command tree ({@link #commandLine})
   * @param io the streams to use
   * @param args the command-line arguments
   * @return the exit code
   */
  public static int execute(CommandLine cli, Io io, String[] args) {
    cli.setOut(io.out());
    cli.setErr(io.err());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler(
        (ex, ignoredArgs) -> {
          io.err().println("acap: " + oneLine(ex.getMessage()) + suggestion(ex));
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
          io.err().println("acap: internal error: " + oneLine(String.valueOf(ex)));
          if (System.getenv("ACAP_DEBUG") != null) {
            ex.printStackTrace(io.err());
          }
          io.err().flush();
          return ExitCodes.INTERNAL;
        });
    int code = cli.execute(args);
    io.out().flush();
    io.err().flush();
    return code;
  }

  /**
   * picocli's nearest command or option for a misspelt one ({@code acap chek}), in the one line of
   * the error: " (did you mean 'check'?)", or "" when it has none.
   */
  static String suggestion(CommandLine.ParameterException ex) {
    if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
      return " (did you mean '" + oneLine(u.getSuggestions().get(0)) + "'?)";
    }
    return "";
  }

  static String oneLine(String message) {
    if (message == null) {
      return "";
    }
    // A message may quote a file name or a file's content: no control or line-separator character
    // reaches the terminal raw.
    return PlainText.safeLine(message.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ').strip());
  }

  /** Reads the version from the jar manifest, falling back to the development version. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = AcapCommand.class.getPackage().getImplementationVersion();
      return new String[] {"acap-engine " + (v == null ? "0.1.0-dev" : v)};
    }
  }
}
