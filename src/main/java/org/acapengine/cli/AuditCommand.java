package org.acapengine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.acapengine.audit.Audit;
import org.acapengine.audit.AuditReport;
import org.acapengine.audit.AuditRow;
import org.acapengine.audit.CrawlerList;
import org.acapengine.load.InputFiles;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap audit}: which known AI crawlers a site's policy keeps out, and from what. */
@Command(name = "audit", mixinStandardHelpOptions = true,
    description = {"For each known AI crawler (a bundled, dated list), whether the site's policy lets it crawl / (and each --path),",
        "and whether it may use the content for search, ai-input and ai-train. --crawler adds crawlers not in the list."})
public final class AuditCommand implements Callable<Integer> {

  enum Format { text, json, markdown }

  @ParentCommand
  private AcapCommand parent;

  @Mixin
  private PolicyOptions policy;

  @Option(names = "--path", paramLabel = "PATH", description = "also report crawl of this path (repeatable)")
  private List<String> paths = new ArrayList<>();

  @Option(names = "--crawlers-file", paramLabel = "FILE", description = "a crawler list to use instead of the bundled one: ai.robots.txt's robots.json as published, or the shape of docs/formats.md")
  private String crawlersFile;

  @Option(names = "--format", defaultValue = "text", description = "text, json or markdown (for a pull-request comment); default ${DEFAULT-VALUE}")
  private Format format;

  @Parameters(paramLabel = "ROBOTS", arity = "0..1", description = "the robots.txt to audit, as --robots gives it (- for standard input, or an http(s) URL)")
  private String robotsFile;

  @Override
  public Integer call() {
    Io io = parent.io();
    if (robotsFile != null) {
      if (policy.robots != null) {
        throw new UserInputException("give the robots.txt once: as ROBOTS or as --robots, not both");
      }
      policy.robots = robotsFile;
    }
    policy.requireSource();
    for (String p : paths) {
      if (p.isBlank()) {
        throw new UserInputException("--path must not be blank");
      }
    }
    for (String name : policy.crawlers) {
      if (name.isBlank()) {
        throw new UserInputException("--crawler must not be blank");
      }
    }
    CrawlerList list = crawlerList(io).withAdded(policy.crawlers);
    SitePolicy site = policy.site(io);
    List<AuditRow> rows = Audit.run(site, list.crawlers(), paths);
    String name = site.sources().isEmpty() ? "" : site.sources().get(0).name();
    io.out().print(switch (format) {
      case json -> AuditReport.json(rows);
      case markdown -> AuditReport.markdown(rows, list, name);
      case text -> AuditReport.text(rows, list);
    });
    return ExitCodes.OK;
  }

  private CrawlerList crawlerList(Io io) {
    if (crawlersFile == null) {
      return CrawlerList.bundled();
    }
    byte[] bytes = InputFiles.readBounded(crawlersFile, io.in(), CrawlerList.MAX_BYTES).orElseThrow(UserInputException::new);
    try {
      return CrawlerList.read(bytes, crawlersFile).orElseThrow(() -> new UserInputException(crawlersFile + ": larger than " + CrawlerList.MAX_BYTES + " bytes"));
    } catch (CrawlerList.ListException e) {
      throw new UserInputException(PlainText.shorten(crawlersFile, 200) + ": " + e.getMessage());
    }
  }
}
