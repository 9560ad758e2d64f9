package org.acapengine.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.acapengine.hints.CrawlHints;
import org.acapengine.render.NoteRender;
import org.acapengine.render.HintsRender;
import org.acapengine.render.PlainText;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code acap hints}: a crawler's politeness limits, merged across a site's sources. */
@Command(name = "hints", mixinStandardHelpOptions = true,
    description = {"Print a crawler's crawl hints (delays, rates, limits), the most restrictive of each across --robots, --llm-policy and --scorpion, with its source,",
        "then what the sources ask of a crawler that uses the content (an RSL licence's payments, licence server and terms), each with its line."})
public final class HintsCommand implements Callable<Integer> {

  enum Format { text, json }

  @ParentCommand
  private AcapCommand parent;

  @Mixin
  private PolicyOptions policy;

  @Option(names = "--format", defaultValue = "text", description = "text or json; default ${DEFAULT-VALUE}")
  private Format format;

  @Override
  public Integer call() {
    Io io = parent.io();
    policy.requireSourceAndCrawler();
    SitePolicy site = policy.site(io);
    java.util.List<String> names = policy.query(policy.crawlers).build().crawlers();
    CrawlHints hints = site.hints(names, Optional.ofNullable(policy.purpose));
    java.util.List<org.acapengine.site.DecisionNote> conditions = PolicyOptions.remedies(site.conditions(names, Optional.ofNullable(policy.purpose)));
    if (format == Format.json) {
      io.out().println(HintsRender.json(hints, conditions));
    } else {
      io.out().print(HintsRender.text(hints));
      if (!conditions.isEmpty()) {
        io.out().println("conditions (what the sources ask of a crawler that uses the content):");
        conditions.forEach(c -> io.out().println(PlainText.safe("  " + NoteRender.text(c))));
      }
    }
    return ExitCodes.OK;
  }
}
