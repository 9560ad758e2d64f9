package org.acapengine.collections;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.cli.UserInputException;
import picocli.CommandLine.Option;

/**
 * The policy options every collection command takes ({@code --robots}, {@code --llm-policy},
 * {@code --crawler}, {@code --usage}, {@code --purpose}, {@code --site}), checked and turned into
 * {@link PolicyOptions} for the {@link PagePolicyFactory}.
 */
public final class PolicyOptionsMixin {

  @Option(
      names = "--robots",
      required = true,
      paramLabel = "R",
      description = "The site's robots.txt (with ACAP 1.0 records): a file, or its http(s) URL.")
  private String robots;

  @Option(
      names = "--llm-policy",
      paramLabel = "L",
      description = "The site's TCT llm-policy.json descriptor, if any.")
  private String llmPolicy;

  @Option(
      names = "--crawler",
      required = true,
      paramLabel = "C",
      description = "A name the crawler answers to (repeatable).")
  private List<String> crawlers = new ArrayList<>();

  @Option(
      names = "--usage",
      required = true,
      paramLabel = "U",
      description = "The usage the pages are wanted for: crawl, index, present, preserve, ...")
  private String usage;

  @Option(names = "--purpose", paramLabel = "P", description = "The ACAP usage purpose, if any.")
  private String purpose;

  @Option(
      names = "--site",
      paramLabel = "https://host",
      description = "The site the policy belongs to; default: the origin of an http(s) --robots URL.")
  private String site;

  /**
   * The checked options.
   *
   * @throws UserInputException for a blank value, a malformed {@code --site}, or when the site
   *     cannot be told
   */
  public PolicyOptions resolve() {
    nonBlank(robots, "--robots");
    nonBlank(usage, "--usage");
    for (String crawler : crawlers) {
      nonBlank(crawler, "--crawler");
    }
    if (purpose != null) {
      nonBlank(purpose, "--purpose");
    }
    if (llmPolicy != null) {
      nonBlank(llmPolicy, "--llm-policy");
    }
    return new PolicyOptions(
        robots, Optional.ofNullable(llmPolicy), crawlers, usage, Optional.ofNullable(purpose), site());
  }

  private SiteOrigin site() {
    if (site != null) {
      Optional<URI> uri = SiteOrigin.parseHttpUrl(site);
      if (uri.isEmpty()) {
        throw new UserInputException("--site must be an http(s) origin such as https://example.com, not '" + DisplayText.clean(site, 100) + "'");
      }
      URI u = uri.get();
      boolean bare = (u.getRawPath() == null || u.getRawPath().isEmpty() || u.getRawPath().equals("/"))
          && u.getRawQuery() == null && u.getRawFragment() == null && u.getRawUserInfo() == null;
      if (!bare) {
        throw new UserInputException("--site must be an origin (scheme, host and optional port) without path, query or user: '" + DisplayText.clean(site, 100) + "'");
      }
      return SiteOrigin.parse(site);
    }
    return SiteOrigin.ofUrl(robots)
        .orElseThrow(
            () -> new UserInputException(
                "cannot tell which site " + DisplayText.clean(robots, 100) + " belongs to: give --site https://host"));
  }

  private static void nonBlank(String value, String option) {
    if (value == null || value.isBlank()) {
      throw new UserInputException(option + " must not be blank");
    }
  }
}
