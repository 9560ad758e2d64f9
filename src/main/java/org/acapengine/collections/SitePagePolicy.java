package org.acapengine.collections;

import java.util.Objects;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.PageSources;
import org.acapengine.site.RslSource;
import org.acapengine.site.SitePolicy;

/**
 * A {@link PagePolicy} over a site's whole policy: every source {@link SitePolicy} combines
 * (robots.txt with the ACAP 1.0 extensions and RFC 9309, llm-policy.json, Scorpion), asked with a
 * query template that names the crawler, its purpose and what it can honour. Each page is decided
 * with the template's usage and path replaced. A scheduler filters a collection with it directly:
 * {@code new ScpFilter(SitePagePolicy.of(site, template), origin, settings, listener)}.
 */
public final class SitePagePolicy implements PagePolicy {

  private final SitePolicy site;
  private final Query template;
  private final RslSource.Licensee licensee;

  private SitePagePolicy(SitePolicy site, Query template, RslSource.Licensee licensee) {
    this.site = Objects.requireNonNull(site, "site");
    this.template = Objects.requireNonNull(template, "template");
    this.licensee = Objects.requireNonNull(licensee, "licensee");
  }

  /**
   * Decides pages by {@code site} for the crawler, purpose and honourable qualifiers of {@code
   * template} (its usage and path are replaced for each page).
   *
   * @param site the site's policy; not null
   * @param template the query whose crawler, purpose and qualifiers every page decision uses
   * @return the page policy
   */
  public static SitePagePolicy of(SitePolicy site, Query template) {
    return new SitePagePolicy(site, template, RslSource.Licensee.UNSTATED);
  }

  /**
   * As {@link #of(SitePolicy, Query)}, with what the crawler states of itself for the RSL
   * licences pages embed.
   *
   * @param site the site's policy; not null
   * @param template the query whose crawler, purpose and qualifiers every page decision uses
   * @param licensee the crawler's user type and country
   * @return the page policy
   */
  public static SitePagePolicy of(SitePolicy site, Query template, RslSource.Licensee licensee) {
    return new SitePagePolicy(site, template, licensee);
  }

  @Override
  public PageVerdict decide(String url, String usage) {
    return verdict(site.decide(template.withUsage(usage).withPath(url)));
  }

  /** The site's sources and the page's own (docs/collections.md, "Page-level signals"). */
  @Override
  public PageVerdict decide(String url, String usage, PageSignals page) {
    if (page.isEmpty()) {
      return decide(url, usage);
    }
    return verdict(site.with(PageSources.of(page, licensee).sources()).decide(template.withUsage(usage).withPath(url)));
  }

  /** The page verdict of a site decision: its deciding line, or its basis when no line decided. */
  static PageVerdict verdict(SiteDecision d) {
    SourceLine line = d.decidingLine();
    return line == null ? PageVerdict.byBasis(d.allowed(), d.basis()) : PageVerdict.byLine(d.allowed(), line);
  }
}
