package org.acapengine.adapters.scorpion;

import org.acapengine.adapters.AcapComment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;

/**
 * Writes a Scorpion crawl policy, as one crawler reads it, as ACAP robots.txt text
 * (acap-rep-extensions-part1-v1.0.txt; syntax per acap-abnf-reconstructed.md).
 *
 * <p>Scorpion takes the first matching line; ACAP the narrowest pattern (2.4.5). The converter
 * drops every rule an earlier rule of its category shadows ({@link RuleShadowing}), then writes
 * the remaining {@code c}, {@code C}, {@code i}, {@code v} rules and the implicit final
 * {@code C/} as {@code ACAP-allow-crawl}, {@code ACAP-disallow-crawl}, {@code ACAP-allow-index},
 * {@code ACAP-disallow-index} fields of one record. The record is addressed to the crawler's first
 * name that is a valid ACAP crawler name, else to {@code *}. Prefixes are written with
 * {@link AcapPattern} ({@code *} → {@code %2A}, {@code $} → {@code %24}, ...).
 *
 * <p>Exactness: for every path, the longest-matching converted field compared byte for byte
 * gives the native decision. ACAP compares case-insensitively (2.8), so the ACAP reading equals
 * the native decision for the lower-cased path when no prefix contains an upper-case letter;
 * every prefix with an upper-case letter, and every pair of kept prefixes equal but for case,
 * gets a {@code # WARNING} comment. A file that is not understood becomes
 * {@code ACAP-disallow-crawl: /}. The {@code d} rules, numbers and dropped rules become comments.
 */
public final class ScorpionToAcap {

  private ScorpionToAcap() {}

  /**
   * The file as read by the crawler with {@code crawlerNames} querying for {@code purpose}.
   *
   * @param file the whole file
   * @param crawlerNames the crawler's own names
   * @param purpose the query's purpose; see {@link ScorpionCrawler#of}
   * @return the ACAP robots.txt text, lines ending with LF
   */
  public static String convert(ScorpionFile file, Collection<String> crawlerNames, Optional<String> purpose) {
    return convert(ScorpionCrawlerPolicy.of(file, crawlerNames, purpose));
  }

  /**
   * The policy as an ACAP robots.txt, as described in the class comment.
   *
   * @param policy the file as read by one crawler; not null
   * @return the ACAP robots.txt text, lines ending with LF
   */
  public static String convert(ScorpionCrawlerPolicy policy) {
    StringBuilder out = new StringBuilder("##ACAP version=1.0\n");
    comment(out, "Converted by acap-engine from the Scorpion crawl policy " + policy.file().sourceName()
        + " as read by the crawler named " + policy.crawler().names().stream()
            .map(n -> "\"" + n + "\"").collect(Collectors.joining(", ")) + ".");
    if (policy.notUnderstood().isPresent()) {
      comment(out, "The file is not understood for this crawler (" + policy.notUnderstood().get().reason()
          + "): it may crawl nothing.");
      out.append("\nACAP-crawler: ").append(recordName(policy.crawler())).append('\n');
      out.append("ACAP-disallow-crawl: /\n");
      return out.toString();
    }
    comment(out, "Scorpion applies the first matching line of each kind, ACAP the narrowest pattern (2.4.5):");
    comment(out, "lines an earlier line of the same kind always overrides are dropped, so both agree"
        + " for byte-wise path comparison.");
    List<ScorpionRule> crawl = new ArrayList<>(policy.crawlRules());
    crawl.add(ScorpionRule.IMPLICIT_DISALLOW);
    RuleShadowing.Result crawlResult = RuleShadowing.reduce(crawl);
    RuleShadowing.Result indexResult = RuleShadowing.reduce(policy.indexRules());
    for (RuleShadowing.Shadowed s : concat(crawlResult.dropped(), indexResult.dropped())) {
      comment(out, "Dropped " + describe(s.rule()) + ": " + describe(s.by()) + " always matches first.");
    }
    notCarried(out, policy);
    out.append("\nACAP-crawler: ").append(recordName(policy.crawler())).append('\n');
    writeFields(out, crawlResult.kept(), "crawl");
    writeFields(out, indexResult.kept(), "index");
    return out.toString();
  }

  private static void writeFields(StringBuilder out, List<ScorpionRule> kept, String usage) {
    Map<String, ScorpionRule> byFoldedPrefix = new HashMap<>();
    for (ScorpionRule rule : kept) {
      comment(out, "from " + describe(rule));
      if (hasUpperCaseAscii(rule.prefix())) {
        comment(out, "WARNING: this prefix has upper-case letters; Scorpion compares bytes,"
            + " ACAP compares case-insensitively (2.8).");
      }
      ScorpionRule twin = byFoldedPrefix.putIfAbsent(fold(rule.prefix()), rule);
      if (twin != null) {
        comment(out, "WARNING: this prefix and that of " + describe(twin)
            + " differ only by case; ACAP cannot tell them apart (2.8).");
      }
      out.append(rule.allows() ? "ACAP-allow-" : "ACAP-disallow-").append(usage).append(": ")
          .append(AcapPattern.encode(rule.prefix())).append('\n');
    }
  }

  private static void notCarried(StringBuilder out, ScorpionCrawlerPolicy policy) {
    for (ScorpionRule d : policy.dynamicRules()) {
      comment(out, "Not carried by ACAP: " + describe(d) + " marks probably dynamic files (maybe not useful to mirror).");
    }
    CrawlHints h = policy.hints();
    h.maxFiles().ifPresent(v -> hint(out, v, "at most " + v.value() + " files"));
    h.maxParallelDownloads().ifPresent(v -> hint(out, v, "at most " + v.value() + " simultaneous downloads"));
    h.minDelay().ifPresent(v -> hint(out, v, "wait " + seconds(v) + " s after each file"));
    h.revisitInterval().ifPresent(v -> hint(out, v, "at least " + seconds(v) + " s from starting to starting over"));
    h.policyRefetchInterval().ifPresent(v -> hint(out, v, "fetch the policy again after " + seconds(v) + " s"));
    policy.estimates().files().ifPresent(n -> comment(out, "Not carried by ACAP: estimate of " + n + " files."));
    policy.estimates().totalSize().ifPresent(n -> comment(out, "Not carried by ACAP: estimated total size " + n + " bytes."));
  }

  private static <T> void hint(StringBuilder out, Hint<T> hint, String meaning) {
    comment(out, "Not carried by ACAP: line " + hint.source().line() + " (" + hint.source().text() + "): " + meaning + ".");
  }

  private static long seconds(Hint<Duration> hint) {
    return hint.value().getSeconds();
  }

  /** The first name that ACAP's crawler-name rule accepts (ALPHA, then VCHAR other than # and '), else {@code *}. */
  static String recordName(ScorpionCrawler crawler) {
    for (String name : crawler.names()) {
      if (name.matches("[A-Za-z][\\x21-\\x22\\x24-\\x26\\x28-\\x7E]*")) {
        return name;
      }
    }
    return "*";
  }

  private static String describe(ScorpionRule rule) {
    return rule.implicit() ? "the implicit final C/" : "line " + rule.line() + " (" + rule.asWritten() + ")";
  }

  private static boolean hasUpperCaseAscii(String s) {
    return s.chars().anyMatch(c -> c >= 'A' && c <= 'Z');
  }

  private static String fold(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
    }
    return b.toString();
  }

  private static void comment(StringBuilder out, String text) {
    out.append(AcapComment.line(text));
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
