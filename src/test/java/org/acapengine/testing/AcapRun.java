package org.acapengine.testing;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.acapengine.cli.AcapCommand;
import org.acapengine.cli.Io;
import picocli.CommandLine;

/**
 * The one in-process runner of {@code acap} for tests: in-memory streams, the conventions of
 * {@link AcapCommand#execute} (a bad argument or a user input error is one {@code acap: ...}
 * line on standard error and exit code 2, and so is whatever else ends a run), and the output as one {@link
 * Result}. {@link #setup()} adds an interactive standard error or a command of the test's own in
 * place of a registered one (a lint with a fixed clock, a collection filter with a stub policy).
 */
public final class AcapRun {

  /** The example files the docs use (docs/formats.md); paths relative to the project root, where Maven runs tests. */
  public static final String ROBOTS = "grammars-samples/site-example.robots.txt";
  public static final String LLM = "docs/examples/llm-policy.json";
  public static final String SCORPION = "docs/examples/scorpion.crawl";
  /** An instant at which docs/examples/llm-policy.json is in force. */
  public static final String NOW = "2026-01-01T00:00:00Z";

  /** What a run returned and printed. */
  public record Result(int exitCode, String out, String err) {
    public List<String> outLines() {
      return out.lines().toList();
    }

    public List<String> errLines() {
      return err.lines().toList();
    }
  }

  private AcapRun() {}

  /** Runs {@code acap ARGS} with empty standard input. */
  public static Result run(String... args) {
    return setup().run(args);
  }

  /** Runs {@code acap ARGS} with {@code stdin} as standard input. */
  public static Result runWithInput(byte[] stdin, String... args) {
    return setup().stdin(stdin).run(args);
  }

  /** Runs {@code acap ARGS} with {@code stdin} (UTF-8) as standard input. */
  public static Result runWithInput(String stdin, String... args) {
    return setup().stdin(stdin).run(args);
  }

  /** Runs {@code acap ARGS} reading standard input from {@code stdin}. */
  public static Result runWithInput(InputStream stdin, String... args) {
    return setup().stdin(stdin).run(args);
  }

  /** A run to configure: empty standard input, a standard error that is no terminal. */
  public static Setup setup() {
    return new Setup();
  }

  /** The settings of one run. */
  public static final class Setup {
    private InputStream stdin = new ByteArrayInputStream(new byte[0]);
    private boolean terminal;
    private final Map<String, Object> replacements = new LinkedHashMap<>();

    private Setup() {}

    public Setup stdin(InputStream in) {
      this.stdin = Objects.requireNonNull(in, "in");
      return this;
    }

    public Setup stdin(byte[] in) {
      return stdin(new ByteArrayInputStream(in));
    }

    public Setup stdin(String in) {
      return stdin(in.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether standard error counts as a terminal (progress bars are drawn only there). */
    public Setup terminal(boolean isTerminal) {
      this.terminal = isTerminal;
      return this;
    }

    /**
     * Runs {@code command} in place of the registered command at {@code path}, the command names
     * from {@code acap} down separated by spaces ({@code "lint"}, {@code "scp filter"}).
     */
    public Setup replace(String path, Object command) {
      replacements.put(path, Objects.requireNonNull(command, "command"));
      return this;
    }

    /** Runs {@code acap ARGS}. */
    public Result run(String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      Io io = new Io(stdin, new PrintWriter(out), new PrintWriter(err), terminal);
      CommandLine acap = AcapCommand.commandLine(io);
      replacements.forEach((path, command) -> replace(acap, path, command));
      int code = AcapCommand.execute(acap, io, args);
      return new Result(code, out.toString(), err.toString());
    }

    private static void replace(CommandLine acap, String path, Object command) {
      String[] names = path.split(" ");
      CommandLine parent = acap;
      for (int i = 0; i < names.length - 1; i++) {
        parent = Objects.requireNonNull(parent.getSubcommands().get(names[i]), "no command " + names[i]);
      }
      String name = names[names.length - 1];
      if (parent.getCommandSpec().removeSubcommand(name) == null) {
        throw new IllegalArgumentException("no command " + path);
      }
      parent.addSubcommand(name, command);
    }
  }
}
