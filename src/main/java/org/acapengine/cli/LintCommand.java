package org.acapengine.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.acapengine.lint.CodeSelection;
import org.acapengine.lint.Finding;
import org.acapengine.lint.LintConfig;
import org.acapengine.lint.LintOptions;
import org.acapengine.lint.Linter;
import org.acapengine.lint.Report;
import org.acapengine.lint.RuleListing;
import org.acapengine.load.InputFiles;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.Loaded;
import org.acapengine.load.LoadedSite;
import org.acapengine.load.SiteFiles;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.Severity;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.render.PlainText;
import org.acapengine.site.PolicySource;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap lint FILE...}: robots.txt and ACAP findings for publisher CI. */
@Command(name = "lint", mixinStandardHelpOptions = true,
    description = {"Lint robots.txt files: ACAP 1.0 and RFC 9309 problems, each with a stable code, the line, and how to fix it.",
        "Exit code 1 when a finding at or above --fail-on exists, 0 otherwise, 2 for bad arguments, a bad configuration or unreadable files.",
        "Settings come from the nearest " + LintConfig.FILE_NAME + " above the linted file; the command line wins. See docs/lint.md."})
public final class LintCommand implements Callable<Integer> {

  enum Format { text, json, sarif, github }

  enum Level { error, warning }

  @ParentCommand
  private AcapCommand parent;

  @Option(names = "--format", paramLabel = "FORMAT",
      description = "text, json, sarif (SARIF 2.1.0) or github (workflow annotations); default: the configuration's, else text")
  private Format format;

  @Option(names = "--strict", description = "fail on warnings too (the same as --fail-on warning)")
  private boolean strict;

  @Option(names = "--fail-on", paramLabel = "LEVEL",
      description = "exit 1 when a finding of this severity or worse exists: error or warning; default: the configuration's, else error")
  private Level failOn;

  @Option(names = "--select", split = ",", paramLabel = "CODE",
      description = "report only these codes or code prefixes (comma-separated, repeatable; all for every code)")
  private List<String> select = new ArrayList<>();

  @Option(names = "--ignore", split = ",", paramLabel = "CODE",
      description = "do not report these codes or code prefixes (comma-separated, repeatable)")
  private List<String> ignore = new ArrayList<>();

  @Option(names = "--config", paramLabel = "FILE",
      description = "read this configuration file instead of the nearest " + LintConfig.FILE_NAME + " above the linted file")
  private Path config;

  @Option(names = "--no-config", description = "read no configuration file")
  private boolean noConfig;

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

  @Option(names = "--llm-policy", paramLabel = "FILE",
      description = "the site's TCT llm-policy.json, read only to report where it and the robots.txt disagree (preference-divergence)")
  private String llmPolicy;

  @Option(names = "--tdmrep", paramLabel = "FILE",
      description = "the site's W3C TDMRep tdmrep.json, read only to report where it and the robots.txt disagree (preference-divergence)")
  private String tdmRep;

  @Option(names = "--rsl", paramLabel = "FILE",
      description = "the site's RSL licence (a local copy of what License: names; repeatable): its own findings, with their XML lines, and where it and the robots.txt disagree (preference-divergence)")
  private List<String> rsl = new ArrayList<>();

  @Parameters(paramLabel = "FILE", arity = "0..*", description = "robots.txt files to lint; - for standard input")
  private List<String> files = new ArrayList<>();

  private final Clock clock;

  /**
   * The command with the system clock.
   */
  public LintCommand() {
    this(Clock.systemDefaultZone());
  }

  /**
   * With the clock that gives today's date when --today is not given.
   *
   * @param clock the clock for today's date
   */
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
    Optional<LintConfig> settings = configuration();
    CodeSelection selection = CodeSelection.all();
    if (settings.isPresent()) {
      selection = selection.then(settings.get().select(), settings.get().ignore());
    }
    selection = selection.then(select.isEmpty() ? Optional.empty() : Optional.of(checked("--select", select)), checked("--ignore", ignore));
    String outputFormat = format != null ? format.name() : settings.flatMap(LintConfig::format).orElse("text");
    String failLevel = strict ? "warning" : failOn != null ? failOn.name() : settings.flatMap(LintConfig::failOn).orElse("error");
    LoadedSite others = otherSources(io);
    LintOptions options = new LintOptions(today(), resolveReferences, new ParseOptions(maxBytes), selection,
        others.policy().map(SitePolicy::sources).orElse(List.of()));
    // Read every file before linting any, so that an unreadable one stops the run with no output.
    List<byte[]> contents = new ArrayList<>(files.size());
    for (String f : files) {
      contents.add(InputFiles.readBounded(f, io.in(), maxBytes).orElseThrow(UserInputException::new));
    }
    Linter linter = new Linter(options);
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      findings.addAll(linter.lint(files.get(i), contents.get(i), SiteLoader.documentRoot(files.get(i))));
    }
    // The other files' own findings, as check shows them: a file rejected whole reads as if the
    // site had none, and its rejection is an error to fix.
    for (LoadedSite.Notice n : others.notices()) {
      if (!rsl.contains(n.source()) && selection.reports(n.diagnostic().code())) {
        findings.add(new Finding(n.source(), n.diagnostic()));
      }
    }
    // An RSL licence is linted here as a file of its own: every finding, with its XML line.
    for (Loaded<PolicySource> l : others.files()) {
      if (rsl.contains(l.source())) {
        CodeSelection selected = selection;
        l.diagnostics().stream().filter(d -> selected.reports(d.code())).sorted(Linter.ORDER).forEach(d -> findings.add(new Finding(l.source(), d)));
      }
    }
    io.out().print(Report.forFormat(outputFormat).render(findings, files.size() + rsl.size()));
    Severity threshold = failLevel.equals("warning") ? Severity.WARNING : Severity.ERROR;
    for (Finding f : findings) {
      if (f.diagnostic().severity().atLeast(threshold)) {
        return ExitCodes.FINDINGS;
      }
    }
    return ExitCodes.OK;
  }

  /**
   * The --llm-policy, --tdmrep and --rsl files, read as every deciding command reads them ({@link
   * SiteLoader#load}): a file that cannot be read stops the run ({@link UserInputException}); a
   * file read but rejected whole is left out, as if the site had none, and its rejection is among
   * the notices, which lint reports as findings (docs/lint.md, "The site's other files").
   */
  private LoadedSite otherSources(Io io) {
    List<String> local = new ArrayList<>(rsl);
    local.add(llmPolicy);
    local.add(tdmRep);
    for (String f : local) {
      if ("-".equals(f) || f != null && SiteLoader.isHttpUrl(f)) {
        throw new UserInputException("lint reads --llm-policy, --tdmrep and --rsl from local files only: " + PlainText.safeLine(f));
      }
    }
    LoadedSite site = new SiteLoader(LoadOptions.defaults(), io.in()).load(SiteFiles.none().withLlmPolicy(llmPolicy).withTdmRep(tdmRep).withRsl(rsl));
    site.failure().ifPresent(f -> {
      throw new UserInputException(f);
    });
    return site;
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

  /** Where the codes are listed, after a library message that an entry matches none; empty after others. */
  private static String listRules(String message) {
    return message.contains(CodeSelection.NO_SUCH_CODE) ? ": acap lint --list-rules lists the codes" : "";
  }

  /** The entries of --select or --ignore, each checked to match a code. */
  private static List<String> checked(String option, List<String> entries) {
    for (String e : entries) {
      Optional<String> problem = CodeSelection.problem(e);
      if (problem.isPresent()) {
        throw new UserInputException(option + ": " + PlainText.safeLine(problem.get()) + listRules(problem.get()));
      }
    }
    return entries;
  }

  /**
   * The configuration: --config's file, else the nearest acap-lint.toml above the linted files
   * (which must all have the same one), else none; --no-config: none.
   */
  private Optional<LintConfig> configuration() {
    if (noConfig) {
      if (config != null) {
        throw new UserInputException("--config and --no-config cannot be given together");
      }
      return Optional.empty();
    }
    Path file = config;
    if (file == null) {
      Map<Path, String> found = new LinkedHashMap<>();
      for (String f : files) {
        LintConfig.find(documentRoot(f)).ifPresent(p -> found.putIfAbsent(p, f));
      }
      if (found.isEmpty()) {
        return Optional.empty();
      }
      if (found.size() > 1 || found.size() == 1 && files.stream().anyMatch(f -> LintConfig.find(documentRoot(f)).isEmpty())) {
        throw new UserInputException("the files named do not share one " + LintConfig.FILE_NAME + " ("
            + PlainText.safeLine(String.join(", ", found.keySet().stream().map(p -> shown(p).toString()).toList()))
            + "): lint them in separate runs, or choose one with --config FILE or none with --no-config");
      }
      file = shown(found.keySet().iterator().next());
    }
    LintConfig.Result result = LintConfig.read(file);
    if (result instanceof LintConfig.Invalid invalid) {
      throw new UserInputException(PlainText.safeLine(invalid.describe()) + listRules(invalid.message()));
    }
    return Optional.of(((LintConfig.Loaded) result).config());
  }

  /** A path as messages show it: relative to the working directory when under it. */
  private static Path shown(Path p) {
    Path cwd = Path.of("").toAbsolutePath();
    return p.startsWith(cwd) ? cwd.relativize(p) : p;
  }

  private static Path documentRoot(String file) {
    return SiteLoader.documentRoot(file);
  }
}
