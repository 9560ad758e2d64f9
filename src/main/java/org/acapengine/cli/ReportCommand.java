package org.acapengine.cli;

import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.acapengine.load.InputFiles;
import org.acapengine.load.LoadedSite;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.report.HtmlReport;
import org.acapengine.report.MatrixCrawlers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap report FILE --format html}: one self-contained page with the findings, the annotated file and the audit matrix. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"One self-contained HTML page about a robots.txt, for a CI artifact or a pull request: the lint findings,",
        "the file with each finding under its line, and which AI and search crawlers it lets crawl and use the content (inline CSS, no script)."})
public final class ReportCommand implements Callable<Integer> {

  enum Format { html }

  @ParentCommand
  private AcapCommand parent;

  @Parameters(index = "0", paramLabel = "FILE", description = "the robots.txt (- for standard input)")
  private String file;

  @Option(names = "--format", defaultValue = "html", description = "html (the one format); default ${DEFAULT-VALUE}")
  private Format format;

  @Option(names = "--today", paramLabel = "YYYY-MM-DD", description = "the date time limits are compared with; default: the clock")
  private String today;

  @Option(names = "--max-bytes", paramLabel = "N", defaultValue = "" + ParseOptions.DEFAULT_MAX_BYTES,
      description = "content beyond this many bytes is not parsed; default ${DEFAULT-VALUE}")
  private long maxBytes;

  private final Clock clock;

  /** The command with the system clock. */
  public ReportCommand() {
    this(Clock.systemDefaultZone());
  }

  /**
   * With the clock that gives today's date when --today is not given.
   *
   * @param clock the clock
   */
  public ReportCommand(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public Integer call() {
    Io io = parent.io();
    if (maxBytes < 1) {
      throw new UserInputException("--max-bytes must be positive");
    }
    byte[] content = InputFiles.readBounded(file, io.in(), maxBytes).orElseThrow(UserInputException::new);
    io.out().print(HtmlReport.render(file, content, date(), MatrixCrawlers.all(), maxBytes));
    if (content.length > maxBytes) {
      // The report shows the cut; standard error says so too, in lint's form.
      PolicyOptions.print(io, file, LoadedSite.truncations(new RobotsTxtParser(new ParseOptions(maxBytes)).parse(content, file).diagnostics()));
    }
    return ExitCodes.OK;
  }

  private LocalDate date() {
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
