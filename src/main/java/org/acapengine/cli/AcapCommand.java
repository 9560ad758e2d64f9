package org.acapengine.cli;

import java.util.concurrent.atomic.AtomicBoolean;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

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

  /** Read from the parse result ({@link #debugAsked}), wherever on the command line it stands. */
  @Option(names = "--debug", scope = ScopeType.INHERIT,
      description = "when the run fails (out of memory, a stack overflow, a bug), print the stack trace after the one line that says so")
  boolean debug;

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
   * @return the exit code: 0 success, 1 findings, 2 bad input or a run that could not finish
   */
  public static int run(String[] args, Io io) {
    return run(args, io, new AtomicBoolean());
  }

  /**
   * {@link #run(String[], Io)}, reporting a failure only when {@code reported} was still false:
   * the process's entry point shares it with the handler of failures in other threads, so that
   * whatever ends the run is said once.
   */
  static int run(String[] args, Io io, AtomicBoolean reported) {
    return execute(commandLine(io), io, args, reported);
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
   * and exit code 2; so is anything else that ends the run — running out of memory, a stack
   * overflow, a bug ({@link #failed}) — with the stack trace after it only when {@code --debug} is
   * given or the environment variable {@code ACAP_DEBUG} is set.
   *
   * @param cli the command tree ({@link #commandLine})
   * @param io the streams to use
   * @param args the command-line arguments
   * @return the exit code
   */
  public static int execute(CommandLine cli, Io io, String[] args) {
    return execute(cli, io, args, new AtomicBoolean());
  }

  private static int execute(CommandLine cli, Io io, String[] args, AtomicBoolean reported) {
    cli.setOut(io.out());
    cli.setErr(io.err());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setParameterExceptionHandler(
        (ex, ignoredArgs) -> {
          io.err().println("acap: " + oneLine(ex.getMessage()) + suggestion(ex));
          io.err().flush();
          return ExitCodes.USAGE;
        });
    cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failed(io, ex, debugAsked(parseResult), reported));
    int code;
    try {
      code = cli.execute(args);
    } catch (Throwable t) { // an Error picocli passes on, or one thrown while it parses or prints (the heap may still be short)
      code = failed(io, t, debugAsked(cli.getParseResult()), reported);
    }
    io.out().flush();
    io.err().flush();
    return code;
  }

  /**
   * Reports what ended a run as one escaped line on standard error, and returns exit code 2: the
   * user's input error as it is; running out of memory or stack as what to do about it; anything
   * else as an internal error to report. The stack trace follows only when asked for.
   *
   * @param io the streams
   * @param failure what ended the run
   * @param debug whether to print the stack trace too
   * @param reported set once a failure of this run has been reported: a second one (the same
   *     failure thrown again while the first was reported, another thread's) is not printed
   * @return {@link ExitCodes#USAGE}
   */
  static int failed(Io io, Throwable failure, boolean debug, AtomicBoolean reported) {
    if (!reported.compareAndSet(false, true)) {
      return ExitCodes.USAGE;
    }
    Throwable t = failure instanceof CommandLine.ExecutionException && failure.getCause() != null ? failure.getCause() : failure;
    try {
      io.err().println(describe(t));
      if (!(t instanceof UserInputException) && (debug || System.getenv("ACAP_DEBUG") != null)) {
        t.printStackTrace(io.err());
      }
    } catch (OutOfMemoryError stillShort) {
      io.err().println("acap: out of memory"); // nothing left to build a longer line with
    }
    io.err().flush();
    return ExitCodes.USAGE;
  }

  /** The one line that says what ended a run. */
  private static String describe(Throwable t) {
    if (t instanceof UserInputException) {
      return "acap: " + oneLine(t.getMessage());
    }
    if (t instanceof OutOfMemoryError) {
      return "acap: out of memory: the input needs more than the " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
          + " MiB the heap may use (ACAP_JAVA_OPTS=-Xmx2g raises it)";
    }
    if (t instanceof StackOverflowError) {
      return "acap: stack overflow: the input is nested more deeply than the stack allows (please report it; --debug shows where)";
    }
    return "acap: internal error: " + oneLine(String.valueOf(t)) + " (please report it; --debug shows the stack trace)";
  }

  /** Whether {@code --debug} was given to any command of the parse. */
  static boolean debugAsked(ParseResult parse) {
    for (ParseResult p = parse; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--debug")) {
        return true;
      }
    }
    return false;
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
