package org.acapengine.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.acapengine.hints.CrawlHints;
import org.acapengine.render.HintsRender;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code acap hints}: a crawler's politeness limits, merged across a site's sources. */
@Command(name = "hints", mixinStandardHelpOptions = true,
    description = "Print a crawler's crawl hints (delays, rates, limits), the most restrictive of each across --robots, --llm-policy and --scorpion, with its source.")
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
    CrawlHints hints = site.hints(policy.query(policy.crawlers).build().crawlers(), Optional.ofNullable(policy.purpose));
    if (format == Format.json) {
      io.out().println(HintsRender.json(hints));
    } else {
      io.out().print(HintsRender.text(hints));
    }
    return ExitCodes.OK;
  }
}
