package org.acapengine.eval;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.acapengine.parse.ParseOptions;

/**
 * How a policy is compiled.
 *
 * @param conventionalAppliesTo the usages conventional Allow/Disallow rules apply to (2.9; by
 *     default only {@code crawl}: RFC 9309 rules say what may be crawled)
 * @param resolver loads permissions references (2.3.2)
 * @param parseOptions limits for parsing referenced files
 */
public record CompileOptions(Set<String> conventionalAppliesTo, ReferenceResolver resolver, ParseOptions parseOptions) {

  public CompileOptions {
    conventionalAppliesTo = conventionalAppliesTo.stream().map(u -> u.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    Objects.requireNonNull(resolver, "resolver");
    Objects.requireNonNull(parseOptions, "parseOptions");
  }

  public static CompileOptions defaults() {
    return new CompileOptions(Set.of("crawl"), ReferenceResolver.none(), ParseOptions.defaults());
  }

  public CompileOptions withResolver(ReferenceResolver r) {
    return new CompileOptions(conventionalAppliesTo, r, parseOptions);
  }

  public CompileOptions withConventionalAppliesTo(Set<String> usages) {
    return new CompileOptions(usages, resolver, parseOptions);
  }
}
