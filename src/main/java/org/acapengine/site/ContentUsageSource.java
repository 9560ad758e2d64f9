package org.acapengine.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.aipref.ContentUsageRule;
import org.acapengine.adapters.aipref.UsagePreferences;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.PathPatternSet;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Purpose;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * IETF AIPREF usage preferences (draft-ietf-aipref-vocab) as a policy source, attached either as
 * {@code Content-Usage:} rules of a robots.txt (draft-ietf-aipref-attach) or as one {@code
 * Content-Usage} HTTP header value. In a robots.txt: the rules of the group RFC 9309 selects for
 * the crawler; a rule's path pattern is matched like Allow/Disallow and the longest matching one
 * decides (a rule without a path stands for {@code /}; equally long ones combine most
 * restrictively); rules apply only to paths the crawler may crawl. The vocab-08 labels speak to
 * the purposes of the one vocabulary ({@link Purpose}: {@code search} overrides the others for a
 * use that is search), for the usages of the content, never crawl. docs/formats.md.
 */
public final class ContentUsageSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "content-usage";

  private static final String FIELD = "content-usage";

  /** One rule: its line, its group's number, the pattern's length as written, its preferences; a header's line in {@code header}. */
  private record Rule(ExtensionField field, int group, int length, UsagePreferences preferences, SourceLine header) {}

  private final String name;
  private final CompiledPolicy policy;
  /** The document's groups, each to its number (the instances {@link CompiledPolicy#selectedGroups} returns). */
  private final Map<ConventionalGroup, Integer> groupNumbers;
  /** Every rule of every group in file order; rule i's pattern is pattern i of {@link #patterns}. */
  private final List<Rule> rules;
  private final PathPatternSet patterns;
  /** Per group: how many rules it has, and whether one states a label other than {@code search}. */
  private final int[] ruleCounts;
  private final boolean[] beyondSearch;

  private ContentUsageSource(String name, CompiledPolicy policy, List<ConventionalGroup> groups, List<Rule> rules, List<String> patterns) {
    this.name = name;
    this.policy = policy;
    this.groupNumbers = new IdentityHashMap<>();
    for (int i = 0; i < groups.size(); i++) {
      groupNumbers.put(groups.get(i), i);
    }
    this.rules = List.copyOf(rules);
    this.patterns = PathPatternSet.compile(patterns, false);
    int groupCount = Math.max(1, groups.size());
    this.ruleCounts = new int[groupCount];
    this.beyondSearch = new boolean[groupCount];
    for (Rule r : rules) {
      ruleCounts[r.group()]++;
      beyondSearch[r.group()] |= r.preferences().stated().keySet().stream().anyMatch(k -> !k.equals("search"));
    }
  }

  /**
   * A source for the {@code Content-Usage:} rules of a compiled robots.txt.
   *
   * @param policy the compiled robots.txt; not null
   * @return the source
   */
  public static ContentUsageSource inRobots(CompiledPolicy policy) {
    Objects.requireNonNull(policy, "policy");
    List<ConventionalGroup> groups = policy.document().conventionalGroups();
    List<Rule> rules = new ArrayList<>();
    List<String> patterns = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      for (ExtensionField f : groups.get(g).fields()) {
        if (f.key().equals(FIELD)) {
          ContentUsageRule r = ContentUsageRule.parse(f.value());
          String pattern = r.path().orElse("/");
          rules.add(new Rule(f, g, pattern.length(), r.preferences(), null));
          patterns.add(pattern);
        }
      }
    }
    return new ContentUsageSource(policy.document().source().name(), policy, groups, rules, patterns);
  }

  /**
   * A source for a {@code Content-Usage} HTTP header value, which applies to the one resource it
   * came with, so here to every path asked about.
   *
   * @param value the header value, an RFC 9651 Dictionary such as {@code train-ai=n}
   * @return the source, named {@code Content-Usage header}
   */
  public static ContentUsageSource header(String value) {
    return header(new SourceLine("Content-Usage header", 0, Objects.requireNonNull(value, "value").strip()), value);
  }

  /**
   * A source for a {@code Content-Usage} HTTP header read from a file of response headers (or a
   * page), which applies to the one resource it came with, so here to every path asked about.
   *
   * @param line where the header stands: the file, its line, {@code Content-Usage: VALUE} as written
   * @param value the header value, an RFC 9651 Dictionary such as {@code train-ai=n}
   * @return the source, named after the line's file
   */
  public static ContentUsageSource header(SourceLine line, String value) {
    Rule r = new Rule(null, 0, 0, UsagePreferences.parse(Objects.requireNonNull(value, "value")), line);
    return new ContentUsageSource(line.source(), null, List.of(), List.of(r), List.of("/"));
  }

  /**
   * True when a group of the document has a Content-Usage line, so that this source can speak.
   *
   * @param doc a parsed robots.txt
   * @return whether any group holds one
   */
  public static boolean presentIn(PolicyDocument doc) {
    return doc.conventionalGroups().stream().flatMap(g -> g.fields().stream()).anyMatch(f -> f.key().equals(FIELD));
  }

  /** Speaks to using content, never to fetching it. */
  @Override
  public boolean decidesCrawl() {
    return false;
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    Optional<String> silent = ContentUse.silence("Content-Usage", query.usage(), query.purpose());
    if (silent.isPresent()) {
      return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(), silent.get());
    }
    Purpose purpose = Purpose.of(query.purpose()).orElseThrow();
    int[] selected = {0};
    if (policy != null) {
      List<ConventionalGroup> groups = policy.selectedGroups(query.crawlers());
      selected = new int[groups.size()];
      boolean any = false;
      for (int i = 0; i < selected.length; i++) {
        selected[i] = groupNumbers.get(groups.get(i));
        any |= ruleCounts[selected[i]] > 0;
      }
      Arrays.sort(selected);
      if (!any) {
        return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(), "the crawler's group has no Content-Usage rule"
            + ContentUse.notReaching(policy, groups, query.crawlers(), FIELD, "Content-Usage"));
      }
      Query crawl = new Query(query.crawlers(), Optional.empty(), "crawl", query.path(), Optional.empty(), query.rawPath());
      if (!policy.decide(crawl).allowed()) {
        return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(),
            "the path may not be crawled, so the group's Content-Usage rules do not apply to it (draft-ietf-aipref-attach)");
      }
    }
    // The selected groups' rules that match, the longest of them in file order (equally long ones combine).
    int[] matching = patterns.matching(query.path());
    int longest = -1;
    int count = 0;
    for (int i : matching) {
      Rule r = rules.get(i);
      if (Arrays.binarySearch(selected, r.group()) < 0 || r.length() < longest) {
        continue;
      }
      if (r.length() > longest) {
        longest = r.length();
        count = 0;
      }
      matching[count++] = i;
    }
    Verdict verdict = Verdict.NO_OPINION;
    List<SourceLine> evidence = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      Rule r = rules.get(matching[k]);
      Verdict v = r.preferences().verdict(purpose);
      if (v != Verdict.NO_OPINION) {
        Verdict combined = Verdict.stricter(verdict, v);
        if (combined != verdict) {
          evidence.clear();
          labels.clear();
        }
        verdict = combined;
        if (v == verdict) {
          evidence.add(line(r));
          r.preferences().deciding(purpose).stream().filter(l -> !labels.contains(l)).forEach(labels::add);
        }
      }
    }
    String label = String.join(", ", labels);
    String override = purpose.within(Purpose.SEARCH) && Arrays.stream(selected).anyMatch(g -> beyondSearch[g])
        ? "; a use that is search is decided by the search label alone (vocab-08 section 4.3)" : "";
    return switch (verdict) {
      case PROHIBITED -> new SourceVerdict(KIND, name, verdict, evidence,
          "Content-Usage " + label + ": no " + query.usage() + " of the content for " + purpose.token()
              + " (crawling stays with Allow/Disallow)" + override).withBasis(KIND);
      case ALLOWED -> new SourceVerdict(KIND, name, verdict, evidence, "Content-Usage " + label + override).withBasis(KIND);
      default -> new SourceVerdict(KIND, name, verdict, List.of(), "no Content-Usage rule for the path states a preference for " + purpose.token());
    };
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }

  private SourceLine line(Rule r) {
    if (r.field() == null) {
      return r.header();
    }
    PolicyDocument doc = policy.document();
    return new SourceLine(doc.source().name(), r.field().span().line(), doc.source().line(r.field().span().line()).strip());
  }
}
