package org.acapengine.cli;

import java.net.URI;
import java.util.Optional;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.SitePagePolicy;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Option;

/**
 * The options the collection commands ({@code acap scp filter}, {@code acap tct sitemap}) take
 * besides the {@link PolicyOptions} every deciding command shares: the usage the pages are wanted
 * for, and the site the policy belongs to.
 */
public final class CollectionOptions {

  @Option(names = "--usage", required = true, paramLabel = "U",
      description = "the usage the pages are wanted for: crawl, index, present, preserve, ... (crawl must be allowed too)")
  String usage;

  @Option(names = "--site", paramLabel = "https://host",
      description = "the site the policy belongs to; default: the origin of an http(s) --robots URL")
  String site;

  /**
   * Checks the options of both mixins: a policy source and a crawler (as {@code check} requires),
   * no blank value.
   */
  void check(PolicyOptions policy) {
    policy.requireSourceAndCrawler();
    nonBlank(usage, "--usage");
    for (String crawler : policy.crawlers) {
      nonBlank(crawler, "--crawler");
    }
  }

  /**
   * The site pages must belong to: {@code --site}, or the origin of an http(s) {@code --robots}
   * URL (RFC 9309 section 2.3: a robots.txt governs its own origin).
   */
  SiteOrigin site(PolicyOptions policy) {
    if (site == null) {
      String robots = policy.robots;
      if (robots == null) {
        throw new UserInputException("cannot tell which site the policy belongs to: give --site https://host");
      }
      return SiteOrigin.ofUrl(robots).orElseThrow(() -> new UserInputException(
          "cannot tell which site " + PlainText.shorten(robots, 100) + " belongs to: give --site https://host"));
    }
    Optional<URI> uri = SiteOrigin.parseHttpUrl(site);
    if (uri.isEmpty()) {
      throw new UserInputException("--site must be an http(s) origin such as https://example.com, not '" + PlainText.shorten(site, 100) + "'");
    }
    URI u = uri.get();
    boolean bare = (u.getRawPath() == null || u.getRawPath().isEmpty() || u.getRawPath().equals("/"))
        && u.getRawQuery() == null && u.getRawFragment() == null && u.getRawUserInfo() == null;
    if (!bare) {
      throw new UserInputException("--site must be an origin (scheme, host and optional port) without path, query or user: '"
          + PlainText.shorten(site, 100) + "'");
    }
    return SiteOrigin.parse(site);
  }

  /** The site's policy, from every source given, decided for the crawler, purpose and --honour given. */
  PagePolicy pagePolicy(PolicyOptions policy, Io io) {
    SitePolicy sitePolicy = policy.site(io);
    PolicyOptions.requireKnownUsage(sitePolicy, usage, "--usage");
    return SitePagePolicy.of(sitePolicy, policy.query(policy.crawlers).build(), policy.siteFiles(policy.robots).licensee());
  }

  private static void nonBlank(String value, String option) {
    if (value == null || value.isBlank()) {
      throw new UserInputException(option + " must not be blank");
    }
  }
}
