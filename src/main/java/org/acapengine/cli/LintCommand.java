package org.acapengine.cli;

import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.acapengine.lint.Finding;
import org.acapengine.lint.LintOptions;
import org.acapengine.lint.Linter;
import org.acapengine.lint.Report;
import org.acapengine.lint.RuleListing;
import org.acapengine.load.InputFiles;
import org.acapengine.load.PolicyLoader;
import org.acapengine.model.Severity;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap lint FILE...}: robots.txt and ACAP findings for publisher CI. */
@Command(name = "lint", mixinStandardHelpOptions = true,
    description = {"Lint robots.txt files: ACAP 1.0 and RFC 9309 problems, each with a stable code, the line, and how to fix it.",
        "Exit code 1 when a finding at or above --fail-on exists, 0 otherwise, 2 for bad arguments or unreadable files."})
public final class LintCommand implements Callable<Integer> {

  enum Format { text, json, sarif, github }

  enum Level { error, warning }

  @ParentCommand
  private AcapCommand parent;

  @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
      description = "text, json, sarif (SARIF 2.1.0) or github (workflow annotations); default ${DEFAULT-VALUE}")
  private Format format;

  @Option(names = "--strict", description = "fail on warnings too (the same as --fail-on warning)")
  private boolean strict;

  @Option(names = "--fail-on", defaultValue = "error", paramLabel = "LEVEL",
      description = "exit 1 when a finding of this severity or worse exists: error or warning; default ${DEFAULT-VALUE}")
  private Level failOn;

  @Option(names = "--resolve-references",
      description = "load permissions references (paths, from the directory holding the robots.txt; never URLs) and report those that cannot be loaded or refer on")
  private boolean resolveReferences;

  @Option(names = "--today", paramLabel = "YYYY-MM-DD", description = "the date time limits are compared with; default: the clock")
  private String today;

  @Option(names = "--max-bytes", paramLabel = "N", defaultValue = "" + ParseOptions.DEFAULT_MAX_BYTES,
      description = "content beyond this many bytes is not parsed; default ${DEFAULT-VALUE}")
  private long maxBytes;

  @Option(names = "--list-rules", description = "print every finding code with its severity, title and help (text or json), and exit")
  private boolean listRules;

  @Parameters(paramLabel = "FILE", arity = "0..*", description = "robots.txt files to lint; - for standard input")
  private List<String> files = new ArrayList<>();

  private final Clock clock;

  public LintCommand() {
    this(Clock.systemDefaultZone());
  }

  /** With the clock that gives today's date when --today is not given. */
  public LintCommand(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public Integer call() {
    Io io = parent.io();
    if (listRules) {
      io.out().print(format == Format.json ? RuleListing.json() : RuleListing.text());
      return ExitCodes.OK;
    }
    if (files.isEmpty()) {
      throw new UserInputException("lint: no FILE given (- reads standard input)");
    }
    if (maxBytes < 1) {
      throw new UserInputException("--max-bytes must be positive");
    }
    if (files.stream().filter("-"::equals).count() > 1) {
      throw new UserInputException("standard input (-) can be named only once");
    }
    LintOptions options = new LintOptions(today(), resolveReferences, new ParseOptions(maxBytes));
    // Read every file before linting any, so that an unreadable one stops the run with no output.
    List<byte[]> contents = new ArrayList<>(files.size());
    for (String f : files) {
      contents.add(InputFiles.readBounded(f, io.in(), maxBytes).orElseThrow(UserInputException::new));
    }
    Linter linter = new Linter(options);
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      findings.addAll(linter.lint(files.get(i), contents.get(i), PolicyLoader.documentRoot(files.get(i))));
    }
    io.out().print(Report.forFormat(format.name()).render(findings, files.size()));
    Severity threshold = strict || failOn == Level.warning ? Severity.WARNING : Severity.ERROR;
    for (Finding f : findings) {
      if (f.diagnostic().severity().atLeast(threshold)) {
        return ExitCodes.FINDINGS;
      }
    }
    return ExitCodes.OK;
  }

  private LocalDate today() {
    if (today == null) {
      return LocalDate.now(clock);
    }
    try {
      return LocalDate.parse(today.strip());
    } catch (DateTimeParseException e) {
      throw new UserInputException("--today: '" + today + "' is not a date (YYYY-MM-DD)");
    }
  }
}
