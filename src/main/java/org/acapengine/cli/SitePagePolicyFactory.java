package org.acapengine.cli;

import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.PagePolicyFactory;
import org.acapengine.collections.PageVerdict;
import org.acapengine.collections.PolicyOptions;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.Loaded;
import org.acapengine.load.PolicyLoader;
import org.acapengine.model.Severity;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SitePolicy;

/**
 * The policy the collection commands ({@code acap scp filter}, {@code acap tct sitemap}) filter
 * pages by: the site's robots.txt and, when given, its llm-policy.json, decided with {@link
 * SitePolicy} for the crawler, purpose and usage the command was given.
 */
final class SitePagePolicyFactory implements PagePolicyFactory {

  private final Io io;

  SitePagePolicyFactory(Io io) {
    this.io = io;
  }

  @Override
  public PagePolicy create(PolicyOptions options) {
    PolicyLoader loader = new PolicyLoader(LoadOptions.defaults(), io.in());
    SitePolicy.Builder b = SitePolicy.builder().robots(loader.robots(options.robots()).orElseThrow(UserInputException::new));
    options.llmPolicy().ifPresent(file -> {
      Loaded<TctPolicy> l = loader.llmPolicy(file);
      l.failure().ifPresent(f -> {
        throw new UserInputException(f);
      });
      org.acapengine.cli.PolicyOptions.print(io, file, l.diagnostics().stream().filter(d -> d.severity().atLeast(Severity.WARNING)).toList());
      l.value().ifPresent(b::llmPolicy);
    });
    SitePolicy site = b.build();
    Query.Builder base = Query.builder().crawlers(options.crawlers());
    options.purpose().ifPresent(base::purpose);
    Query template = base.build();
    return (url, usage) -> {
      SiteDecision d = site.decide(template.withUsage(usage).withPath(url));
      SourceLine e = d.decidingLine();
      return e == null
          ? new PageVerdict(d.allowed(), "", 0, d.basis())
          : new PageVerdict(d.allowed(), e.source(), e.line(), e.text());
    };
  }
}
