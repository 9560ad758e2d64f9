package org.acapengine.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.acapengine.diff.DiffReport;
import org.acapengine.diff.DiffResult;
import org.acapengine.diff.DiffScope;
import org.acapengine.diff.PolicyDiff;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.load.InputFiles;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.LoadedSite;
import org.acapengine.load.SiteFiles;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap diff OLD NEW}: which crawlers and paths change verdict between two versions of a robots.txt. */
@Command(name = "diff", mixinStandardHelpOptions = true,
    description = {"What changes if NEW replaces OLD: for each crawler the files name (and any other crawler), each path their rules name",
        "(and each of --urls), and each --usage, the answers whose verdict differs, with both deciding lines.",
        "Exit 0 (1 with --fail-on-change when a verdict changes), 2 for bad arguments or unreadable files."})
public final class DiffCommand implements Callable<Integer> {

  enum Format { text, json, markdown }

  /** The largest --urls file read. */
  static final long MAX_URLS_BYTES = 16L * 1024 * 1024;

  @ParentCommand
  private AcapCommand parent;

  @Parameters(index = "0", paramLabel = "OLD", description = "the robots.txt as published now (a file, - for standard input, or an http(s) URL)")
  private String oldFile;

  @Parameters(index = "1", paramLabel = "NEW", description = "the version to compare it with")
  private String newFile;

  @Option(names = "--urls", paramLabel = "FILE", description = "also ask about these paths or URLs, one per line (# starts a comment)")
  private String urlsFile;

  @Option(names = "--crawler", paramLabel = "NAME", description = "also ask about this crawler (repeatable)")
  private List<String> crawlers = new ArrayList<>();

  @Option(names = "--usage", split = ",", paramLabel = "U", defaultValue = "crawl", description = "the usage(s) to compare; default ${DEFAULT-VALUE}")
  private List<String> usages;

  @Option(names = "--purpose", paramLabel = "P", description = "the purpose every question states")
  private String purpose;

  @Option(names = "--format", defaultValue = "text", description = "text, json or markdown (for a pull-request comment); default ${DEFAULT-VALUE}")
  private Format format;

  @Option(names = "--fail-on-change", description = "exit 1 when any verdict changes (for CI)")
  private boolean failOnChange;

  @Option(names = "--max-bytes", paramLabel = "N", defaultValue = "" + ParseOptions.DEFAULT_MAX_BYTES,
      description = "robots.txt content beyond this many bytes is not parsed; default ${DEFAULT-VALUE}")
  private long maxBytes;

  @Override
  public Integer call() {
    Io io = parent.io();
    if (maxBytes < 1) {
      throw new UserInputException("--max-bytes must be positive");
    }
    if ("-".equals(oldFile) && "-".equals(newFile) || "-".equals(urlsFile) && ("-".equals(oldFile) || "-".equals(newFile))) {
      throw new UserInputException("standard input (-) can feed only one input");
    }
    // A robots.txt's own findings are lint's to report; the diff compares what the files say. A
    // file cut at the size limit is the exception (its notice): what was not read changed nothing.
    SiteLoader loader = new SiteLoader(LoadOptions.defaults().withMaxBytes(maxBytes), io.in());
    LoadedSite old = loader.load(SiteFiles.none().withRobots(oldFile));
    SitePolicy before = old.orElseThrow(UserInputException::new);
    LoadedSite now = loader.load(SiteFiles.none().withRobots(newFile));
    SitePolicy after = now.orElseThrow(UserInputException::new);
    PolicyOptions.print(io, old.notices());
    PolicyOptions.print(io, now.notices());
    for (String u : usages) {
      if (u.isBlank()) {
        throw new UserInputException("--usage: an empty usage name");
      }
      if (!before.knowsUsage(u) && !after.knowsUsage(u)) {
        PolicyOptions.requireKnownUsage(after, u, "--usage");
      }
    }
    List<PolicyDocument> docs = new ArrayList<>();
    old.robots().map(CompiledPolicy::document).ifPresent(docs::add);
    now.robots().map(CompiledPolicy::document).ifPresent(docs::add);
    Set<String> names = new LinkedHashSet<>(PolicyDiff.crawlers(docs));
    for (String c : crawlers) {
      if (c.isBlank()) {
        throw new UserInputException("--crawler must not be blank");
      }
      names.add(c.strip());
    }
    Set<String> paths = new LinkedHashSet<>(PolicyDiff.paths(docs));
    paths.addAll(urls(io));
    DiffScope scope = new DiffScope(List.copyOf(names), List.copyOf(paths), usages.stream().map(String::strip).toList(), Optional.ofNullable(purpose));
    DiffResult r = PolicyDiff.compare(oldFile, before, newFile, after, scope);
    io.out().print(switch (format) {
      case text -> DiffReport.text(r);
      case json -> DiffReport.json(r);
      case markdown -> DiffReport.markdown(r);
    });
    return failOnChange && r.changed() ? ExitCodes.FINDINGS : ExitCodes.OK;
  }

  private List<String> urls(Io io) {
    if (urlsFile == null) {
      return List.of();
    }
    byte[] bytes = InputFiles.readBounded(urlsFile, io.in(), MAX_URLS_BYTES).orElseThrow(UserInputException::new);
    if (bytes.length > MAX_URLS_BYTES) {
      throw new UserInputException(urlsFile + ": larger than " + MAX_URLS_BYTES + " bytes");
    }
    List<String> out = new ArrayList<>();
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n", -1)) {
      String l = line.strip();
      if (!l.isEmpty() && !l.startsWith("#")) {
        out.add(l);
      }
    }
    return out;
  }
}
