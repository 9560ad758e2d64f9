package org.acapengine.cli;

import java.util.concurrent.Callable;
import org.acapengine.eval.Query;
import org.acapengine.model.UserInputException;
import org.acapengine.render.DecisionRender;
import org.acapengine.site.SiteExplanation;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap explain}: why a crawler may or may not do a usage on a path. */
@Command(name = "explain", mixinStandardHelpOptions = true,
    description = "Explain a decision: the verdict, the deciding line, and the rules that lost and why.")
public final class ExplainCommand implements Callable<Integer> {

  enum Format { text, json }

  @ParentCommand
  private AcapCommand parent;

  @Mixin
  private PolicyOptions policy;

  @Option(names = "--usage", paramLabel = "U", defaultValue = "crawl", description = "the usage; default ${DEFAULT-VALUE}")
  private String usage;

  @Option(names = "--format", defaultValue = "text", description = "text or json (the full trace); default ${DEFAULT-VALUE}")
  private Format format;

  @Option(names = "--all", description = "text: list the rules for other usages and purposes too")
  private boolean all;

  @Option(names = "--max-rules", paramLabel = "N|all", defaultValue = "1000",
      description = "list at most N rules for the usage (and N for others), the rest counted; 'all' for every one; default ${DEFAULT-VALUE}")
  private String maxRules;

  @Parameters(index = "0", paramLabel = "PATH_OR_URL", description = "the path (with query) or URL")
  private String path;

  /** {@code --max-rules} as a number: {@code all} is every rule. */
  private int maxRules() {
    if (maxRules.equals("all")) {
      return Integer.MAX_VALUE;
    }
    try {
      int n = Integer.parseInt(maxRules);
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new UserInputException("--max-rules: '" + maxRules + "' is neither a number of rules (0 or more) nor 'all'");
  }

  @Override
  public Integer call() {
    Io io = parent.io();
    policy.requireSourceAndCrawler();
    if (usage.isBlank()) {
      throw new UserInputException("--usage: an empty usage name");
    }
    SitePolicy site = policy.site(io);
    PolicyOptions.requireKnownUsage(site, usage, "--usage");
    Query q = policy.query(policy.crawlers).usage(usage).url(path).build();
    SiteExplanation x = PolicyOptions.remedies(site.explain(q, maxRules()));
    if (format == Format.json) {
      io.out().println(DecisionRender.explainJson(x));
    } else {
      io.out().print(DecisionRender.explainText(x, all));
    }
    return ExitCodes.OK;
  }
}
