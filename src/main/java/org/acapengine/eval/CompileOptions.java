package org.acapengine.eval;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How a policy is compiled. Loading permissions references is not compiling: they are given to
 * {@link CompiledPolicy#compile(org.acapengine.model.PolicyDocument, java.util.Map, CompileOptions)}
 * as data.
 *
 * @param conventionalAppliesTo the usages conventional Allow/Disallow rules apply to (2.9; by
 *     default only {@code crawl}: RFC 9309 rules say what may be crawled)
 */
public record CompileOptions(Set<String> conventionalAppliesTo) {

  /**
   * Strips and lower-cases the usage names and copies them into an immutable set.
   *
   * @param conventionalAppliesTo the usages conventional Allow/Disallow rules apply to (2.9; by
   *     default only {@code crawl}: RFC 9309 rules say what may be crawled)
   */
  public CompileOptions {
    conventionalAppliesTo = conventionalAppliesTo.stream().map(u -> u.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
  }

  /**
   * The default: conventional rules apply to {@code crawl} only.
   *
   * @return the options
   */
  public static CompileOptions defaults() {
    return new CompileOptions(Set.of("crawl"));
  }

  /**
   * These options with other usages for conventional rules.
   *
   * @param usages the usages conventional Allow/Disallow rules apply to
   * @return the new options
   */
  public CompileOptions withConventionalAppliesTo(Set<String> usages) {
    return new CompileOptions(usages);
  }
}
