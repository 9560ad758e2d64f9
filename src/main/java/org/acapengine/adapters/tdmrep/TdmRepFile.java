package org.acapengine.adapters.tdmrep;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Diagnostic;

/**
 * A read {@code tdmrep.json}: its rules in array order and what could not be read. The rule for a
 * path is the first whose location matches it (TDMRep: "the first matching rule applies").
 *
 * @param sourceName the file's name or URL
 * @param rules the rules that could be read, in array order
 * @param diagnostics every problem, with line and column
 */
public record TdmRepFile(String sourceName, List<TdmRule> rules, List<Diagnostic> diagnostics) {
  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param sourceName the file's name or URL
   * @param rules the rules that could be read, in array order
   * @param diagnostics every problem, with line and column
   */
  public TdmRepFile {
    Objects.requireNonNull(sourceName, "sourceName");
    rules = List.copyOf(rules);
    diagnostics = List.copyOf(diagnostics);
  }

  /**
   * The first rule, in array order, whose location matches the path.
   *
   * @param path the canonical path with query
   * @param matcher how a location is compared with a path
   * @return the rule, or empty when none matches
   */
  public Optional<TdmRule> ruleFor(String path, LocationMatcher matcher) {
    for (TdmRule r : rules) {
      if (matcher.matches(r.location(), path)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** How a location pattern is compared with a path (the caller's RFC 9309 matcher). */
  @FunctionalInterface
  public interface LocationMatcher {
    /**
     * Whether a location pattern matches a path.
     *
     * @param location the rule's {@code location}, an RFC 9309 pattern
     * @param path the canonical path with query
     * @return true when it matches
     */
    boolean matches(String location, String path);
  }
}
