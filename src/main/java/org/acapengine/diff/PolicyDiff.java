package org.acapengine.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.acapengine.eval.Query;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.UserAgentLine;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SitePolicy;

/**
 * What changes if a site publishes a new version of its policy: the same questions asked of both
 * versions — each crawler the files name (and any other crawler) × each path the files' rules name
 * (and any the caller adds) × each usage — and the answers whose verdict differs, with both
 * deciding lines. A path is taken from a rule's pattern as the shortest path the pattern matches
 * ({@code *} matches nothing, a final {@code $} is dropped): {@code /private/*.pdf$} gives {@code
 * /private/.pdf}. docs/serve.md, "acap diff".
 */
public final class PolicyDiff {

  /** How output names the crawler no group or record names: RFC 9309's {@code *} group and {@code ACAP-crawler: *}. */
  public static final String ANY_CRAWLER = "*";

  /**
   * The product token asked with for {@link #ANY_CRAWLER}: one no file names, so only the {@code
   * *} group and {@code ACAP-crawler: *} records reach it.
   */
  static final String ANY_CRAWLER_TOKEN = "acap-diff-any-other-crawler";

  /** The most paths taken from the files' rules (a file of 10 000 rules asks 10 000 × crawlers × usages questions otherwise). */
  public static final int MAX_RULE_PATHS = 2_000;

  /** The most crawler names taken from the files. */
  public static final int MAX_CRAWLERS = 500;

  private PolicyDiff() {}

  /**
   * The crawler names the documents' groups and records name, in file order, each once (compared
   * case-insensitively), then {@link #ANY_CRAWLER}; at most {@link #MAX_CRAWLERS}.
   *
   * @param docs the documents, in order
   * @return the names
   */
  public static List<String> crawlers(List<PolicyDocument> docs) {
    Map<String, String> names = new LinkedHashMap<>();
    for (PolicyDocument doc : docs) {
      for (ConventionalGroup g : doc.conventionalGroups()) {
        for (UserAgentLine ua : g.userAgents()) {
          add(names, ua.value());
        }
      }
      for (AcapRecord r : doc.acapRecords()) {
        for (CrawlerName c : r.crawlers()) {
          add(names, c.name());
        }
      }
    }
    List<String> out = new ArrayList<>(names.values());
    if (out.size() > MAX_CRAWLERS) {
      out = new ArrayList<>(out.subList(0, MAX_CRAWLERS));
    }
    out.add(ANY_CRAWLER);
    return out;
  }

  private static void add(Map<String, String> names, String name) {
    String n = name.strip();
    if (!n.isEmpty() && !n.equals("*")) {
      names.putIfAbsent(n.toLowerCase(Locale.ROOT), n);
    }
  }

  /**
   * {@code /}, then a path for each rule pattern of the documents (conventional rules, ACAP
   * permissions and prohibitions, resource sets), in file order, each once; at most {@link
   * #MAX_RULE_PATHS} besides {@code /}.
   *
   * @param docs the documents, in order
   * @return the paths
   */
  public static List<String> paths(List<PolicyDocument> docs) {
    Set<String> paths = new LinkedHashSet<>();
    paths.add("/");
    for (PolicyDocument doc : docs) {
      List<String> patterns = new ArrayList<>();
      doc.orphanRules().forEach(r -> patterns.add(r.pattern()));
      for (ConventionalGroup g : doc.conventionalGroups()) {
        for (ConventionalRule r : g.rules()) {
          patterns.add(r.pattern());
        }
      }
      for (AcapDefinition d : doc.definitions()) {
        if (d instanceof AcapDefinition.ResourceSet s) {
          patterns.addAll(s.patterns());
        }
      }
      for (AcapRecord r : doc.acapRecords()) {
        fieldPatterns(r.fields(), patterns);
        for (AcapSubRecord s : r.subRecords()) {
          fieldPatterns(s.fields(), patterns);
        }
      }
      for (String p : patterns) {
        if (paths.size() > MAX_RULE_PATHS) {
          break;
        }
        String path = samplePath(p);
        if (path != null) {
          paths.add(path);
        }
      }
    }
    return List.copyOf(paths);
  }

  private static void fieldPatterns(List<AcapField> fields, List<String> out) {
    for (AcapField f : fields) {
      ResourceSpec spec = f instanceof AcapField.Permission p ? p.resource() : f instanceof AcapField.Prohibition p ? p.resource() : null;
      if (spec instanceof ResourceSpec.PathPattern pp) {
        out.add(pp.pattern());
      }
    }
  }

  /**
   * The shortest path a rule pattern matches: {@code *} removed, a final {@code $} dropped.
   *
   * @param pattern the pattern as written
   * @return the path, or null for a pattern that is empty or does not start with {@code /}
   */
  static String samplePath(String pattern) {
    String p = pattern.strip();
    if (p.endsWith("$")) {
      p = p.substring(0, p.length() - 1);
    }
    p = p.replace("*", "");
    return p.startsWith("/") ? p : null;
  }

  /**
   * Asks both versions every question of the scope.
   *
   * @param beforeName the old version's name, as output shows it
   * @param before the old version
   * @param afterName the new version's name
   * @param after the new version
   * @param scope the questions
   * @return the changes, by crawler, then path, then usage
   */
  public static DiffResult compare(String beforeName, SitePolicy before, String afterName, SitePolicy after, DiffScope scope) {
    List<DiffChange> changes = new ArrayList<>();
    for (String crawler : scope.crawlers()) {
      String token = crawler.equals(ANY_CRAWLER) ? ANY_CRAWLER_TOKEN : crawler;
      for (String path : scope.paths()) {
        for (String usage : scope.usages()) {
          Query.Builder b = Query.builder().crawler(token).usage(usage).url(path);
          scope.purpose().ifPresent(b::purpose);
          Query q = b.build();
          SiteDecision old = before.decide(q);
          SiteDecision now = after.decide(q);
          if (old.allowed() != now.allowed()) {
            changes.add(new DiffChange(crawler, usage, path, DiffSide.of(old), DiffSide.of(now)));
          }
        }
      }
    }
    return new DiffResult(beforeName, afterName, scope, changes);
  }
}
