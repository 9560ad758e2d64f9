package org.acapengine.site;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.Purpose;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageType;

/**
 * What the usage-preference sources (Content-Signal, AIPREF Content-Usage, TDMRep, RSL, page
 * signals) have in common: they state how content may be used, for the purposes of the one
 * vocabulary ({@link Purpose}), never whether it may be fetched.
 */
final class ContentUse {

  private ContentUse() {}

  /**
   * True for the usages these statements govern: what is done with content ({@code index},
   * {@code preserve}, {@code present}, {@code present-*}, {@code other}), never {@code crawl} or
   * {@code follow}, which Allow/Disallow and the ACAP crawl fields keep.
   *
   * @param usage a usage name
   * @return whether a usage preference speaks to it
   */
  static boolean governs(String usage) {
    Usage u = Usage.parse(usage.strip());
    return u.isInVocabulary() && u.type().get() != UsageType.CRAWL && u.type().get() != UsageType.FOLLOW;
  }

  /**
   * Why a usage-preference source says nothing about a query, or empty when it may speak.
   *
   * @param kind the source's format, for the sentence
   * @param usage the query's usage
   * @param purpose the query's purpose, if any
   * @return the reason for no opinion, or empty
   */
  static Optional<String> silence(String kind, String usage, Optional<String> purpose) {
    if (!governs(usage)) {
      return Optional.of(kind + " states how content may be used, never whether '" + usage
          + "' may be done: access stays with Allow/Disallow and the ACAP crawl fields");
    }
    if (Purpose.of(purpose).isEmpty()) {
      return Optional.of(kind + " speaks to the purposes of the one vocabulary (search, ai-train, ai-input, ...; docs/formats.md), and the query names "
          + purpose.map(p -> "'" + p + "'").orElse("no purpose"));
    }
    return Optional.empty();
  }

  /** How many lines {@link #notReaching} lists before it counts the rest. */
  static final int SHOWN_LINES = 10;

  /**
   * The lines of a field in the {@code User-agent: *} groups, in file order: what {@link
   * #notReaching} names, found once per source.
   *
   * @param policy the compiled robots.txt
   * @param field the field, lower case ({@code content-signal})
   * @return the line numbers
   */
  static int[] wildcardLines(CompiledPolicy policy, String field) {
    List<Integer> lines = new ArrayList<>();
    for (ConventionalGroup g : policy.document().conventionalGroups()) {
      if (isWildcardGroup(g)) {
        for (ExtensionField f : g.fields()) {
          if (f.key().equals(field)) {
            lines.add(f.span().line());
          }
        }
      }
    }
    return lines.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The misreading of a preference line in the {@code *} group: when the crawler has a group of
   * its own (RFC 9309 2.2.1 gives a crawler one group), the {@code *} group's lines do not reach
   * it. Says so, naming the first {@value #SHOWN_LINES} lines (and counting the rest) and the
   * crawler's group, or nothing when it does not apply.
   *
   * @param wildcardLines the field's lines in the {@code *} groups ({@link #wildcardLines})
   * @param selected the groups selected for the crawler
   * @param crawlers the crawler's names
   * @param label the field as a sentence writes it
   * @return "; the … line(s) of 'User-agent: *' … do not reach …", or ""
   */
  static String notReaching(int[] wildcardLines, List<ConventionalGroup> selected, List<String> crawlers, String label) {
    if (wildcardLines.length == 0 || selected.isEmpty() || selected.stream().anyMatch(ContentUse::isWildcardGroup)) {
      return "";
    }
    int n = wildcardLines.length;
    StringBuilder sb = new StringBuilder("; the ").append(label).append(n == 1 ? " line" : " lines").append(" of 'User-agent: *' (")
        .append(n == 1 ? "line " : "lines ");
    for (int i = 0; i < Math.min(n, SHOWN_LINES); i++) {
      sb.append(i == 0 ? "" : ", ").append(wildcardLines[i]);
    }
    if (n > SHOWN_LINES) {
      sb.append(" and ").append(n - SHOWN_LINES).append(" more");
    }
    sb.append(n == 1 ? ") does" : ") do").append(" not reach ").append(crawlers.get(0))
        .append(", which has a group of its own (line ").append(selected.get(0).span().line()).append("; RFC 9309 2.2.1 gives a crawler one group)");
    return sb.toString();
  }

  /** True for a group with a {@code User-agent: *} line. */
  static boolean isWildcardGroup(ConventionalGroup g) {
    return g.userAgents().stream().anyMatch(ua -> ProductToken.of(ua.value()).equals(ProductToken.WILDCARD));
  }
}
