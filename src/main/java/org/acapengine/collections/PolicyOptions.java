package org.acapengine.collections;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The policy options a collection command was given, parsed and checked, for a {@link
 * PagePolicyFactory} to turn into a {@link PagePolicy}.
 *
 * @param robots the {@code --robots} value as given: a file path, or an http(s) URL
 * @param llmPolicy the {@code --llm-policy} value (a TCT {@code llm-policy.json}), if given
 * @param crawlers the {@code --crawler} names in the order given (at least one)
 * @param usage the {@code --usage} value
 * @param purpose the {@code --purpose} value (an ACAP usage purpose), if given
 * @param site the site the policy belongs to: {@code --site}, or the origin of an http(s)
 *     {@code --robots} URL
 */
public record PolicyOptions(
    String robots,
    Optional<String> llmPolicy,
    List<String> crawlers,
    String usage,
    Optional<String> purpose,
    SiteOrigin site) {

  public PolicyOptions {
    Objects.requireNonNull(robots, "robots");
    Objects.requireNonNull(llmPolicy, "llmPolicy");
    crawlers = List.copyOf(crawlers);
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(purpose, "purpose");
    Objects.requireNonNull(site, "site");
    if (crawlers.isEmpty()) {
      throw new IllegalArgumentException("at least one crawler is required");
    }
  }
}
