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
import org.acapengine.eval.DecidingLines;
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
 * decides, its length the normalised pattern's as for Allow/Disallow (a rule without a path stands
 * for {@code /}; equally long ones combine most restrictively); rules apply only to paths the
 * crawler may crawl. The vocab-08 labels speak to
 * the purposes of the one vocabulary ({@link Purpose}: {@code search} overrides the others for a
 * use that is search), for the usages of the content, never crawl. docs/formats.md.
 *
 * <p>Rules of one pattern in one group are a <em>run</em>, whose combined outcome for each purpose
 * is computed when the source is made: a decision combines the runs of its longest match, so that
 * 11 000 copies of {@code Content-Usage: / train-ai=n} decide in the time one does, their lines
 * read when asked ({@link DecidingLines}).
 */
public final class ContentUsageSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "content-usage";

  private static final String FIELD = "content-usage";

  /** One rule: its line, its group's number, its preferences; a header's line in {@code header}. */
  private record Rule(ExtensionField field, int group, UsagePreferences preferences, SourceLine header) {}

  /** A label of a run's outcome and where it first comes: its rule's number, then its place in the rule's labels. */
  private record Label(String text, long order) {}

  /**
   * What the rules of a run say together for a purpose: the most restrictive verdict, the labels
   * of the rules that give it (in file order, each once) and those rules' lines.
   */
  private record Outcome(Verdict verdict, List<Label> labels, DecidingLines.Part lines) {}

  private static final Purpose[] PURPOSES = Purpose.values();

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
  /**
   * The runs: the rules of one pattern (a {@link PathPatternSet} group) in one robots.txt group.
   * Pattern group g's runs are {@code runStarts[g]} to {@code runStarts[g + 1] - 1}, by robots.txt
   * group; run r is in group {@code runGroup[r]} and holds rules {@code runRules[ruleStarts[r]]} to
   * {@code runRules[ruleStarts[r + 1] - 1]}, in file order.
   */
  private final int[] runStarts;
  private final int[] runGroup;
  private final int[] ruleStarts;
  private final int[] runRules;
  /** Per run of several rules, its outcome per purpose (by ordinal); null for a run of one rule, read when decided. */
  private final Outcome[][] outcomes;
  /** The Content-Usage lines of the {@code *} groups, for the reason that they do not reach a crawler with a group of its own. */
  private final int[] wildcardLines;

  private ContentUsageSource(String name, CompiledPolicy policy, List<ConventionalGroup> groups, List<Rule> rules, List<String> patterns) {
    this.name = name;
    this.policy = policy;
    this.groupNumbers = new IdentityHashMap<>();
    for (int i = 0; i < groups.size(); i++) {
      groupNumbers.put(groups.get(i), i);
    }
    this.rules = List.copyOf(rules);
    this.patterns = PathPatternSet.compile(patterns, false);
    this.wildcardLines = policy == null ? new int[0] : ContentUse.wildcardLines(policy, FIELD);
    int groupCount = Math.max(1, groups.size());
    this.ruleCounts = new int[groupCount];
    this.beyondSearch = new boolean[groupCount];
    for (Rule r : rules) {
      ruleCounts[r.group()]++;
      beyondSearch[r.group()] |= r.preferences().stated().keySet().stream().anyMatch(k -> !k.equals("search"));
    }
    // Runs: each pattern group's rules (in file order) sorted stably by their robots.txt group.
    int distinct = this.patterns.groups();
    this.runStarts = new int[distinct + 1];
    this.runRules = new int[rules.size()];
    int[] runGroups = new int[rules.size()];
    int[] starts = new int[rules.size() + 1];
    int runs = 0;
    int at = 0;
    for (int g = 0; g < distinct; g++) {
      runStarts[g] = runs;
      int n = this.patterns.memberCount(g);
      Integer[] members = new Integer[n];
      for (int k = 0; k < n; k++) {
        members[k] = this.patterns.member(g, k);
      }
      if (n > 1) {
        Arrays.sort(members, (a, b) -> Integer.compare(rules.get(a).group(), rules.get(b).group()));
      }
      for (int k = 0; k < n; k++) {
        int group = rules.get(members[k]).group();
        if (k == 0 || group != runGroups[runs - 1]) {
          runGroups[runs] = group;
          starts[runs++] = at;
        }
        runRules[at++] = members[k];
      }
    }
    runStarts[distinct] = runs;
    starts[runs] = at;
    this.runGroup = Arrays.copyOf(runGroups, runs);
    this.ruleStarts = Arrays.copyOf(starts, runs + 1);
    this.outcomes = new Outcome[runs][];
    for (int r = 0; r < runs; r++) {
      if (ruleStarts[r + 1] - ruleStarts[r] > 1) {
        outcomes[r] = new Outcome[PURPOSES.length];
        for (Purpose purpose : PURPOSES) {
          outcomes[r][purpose.ordinal()] = outcome(r, purpose);
        }
      }
    }
  }

  /** What run r's rules say together for a purpose: one pass over them. */
  private Outcome outcome(int r, Purpose purpose) {
    Verdict verdict = Verdict.NO_OPINION;
    int count = 0;
    List<Label> labels = new ArrayList<>();
    for (int k = ruleStarts[r]; k < ruleStarts[r + 1]; k++) {
      Rule rule = rules.get(runRules[k]);
      Verdict v = rule.preferences().verdict(purpose);
      if (v == Verdict.NO_OPINION) {
        continue;
      }
      Verdict combined = Verdict.stricter(verdict, v);
      if (combined != verdict) {
        count = 0;
        labels.clear();
      }
      verdict = combined;
      if (v == verdict) {
        count++;
        List<String> deciding = rule.preferences().deciding(purpose);
        for (int i = 0; i < deciding.size(); i++) {
          String label = deciding.get(i);
          if (labels.stream().noneMatch(l -> l.text().equals(label))) {
            labels.add(new Label(label, ((long) runRules[k] << 16) | Math.min(i, 0xffff)));
          }
        }
      }
    }
    return new Outcome(verdict, List.copyOf(labels), verdict == Verdict.NO_OPINION ? null : new RunLines(r, purpose, verdict, count));
  }

  /** The lines of a run's rules that give its verdict for a purpose, found when first read (once per run and purpose, not per decision). */
  private final class RunLines implements DecidingLines.Part {
    private final int run;
    private final Purpose purpose;
    private final Verdict verdict;
    private final int count;
    private volatile int[] found;

    RunLines(int run, Purpose purpose, Verdict verdict, int count) {
      this.run = run;
      this.purpose = purpose;
      this.verdict = verdict;
      this.count = count;
    }

    @Override
    public int lineCount() {
      return count;
    }

    @Override
    public SourceLine line(int k) {
      java.util.Objects.checkIndex(k, count);
      int[] f = found;
      if (f == null) {
        f = new int[count];
        int n = 0;
        for (int i = ruleStarts[run]; i < ruleStarts[run + 1] && n < count; i++) {
          if (rules.get(runRules[i]).preferences().verdict(purpose) == verdict) {
            f[n++] = runRules[i];
          }
        }
        found = f;
      }
      return ContentUsageSource.this.line(rules.get(f[k]));
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
          rules.add(new Rule(f, g, r.preferences(), null));
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
    Rule r = new Rule(null, 0, UsagePreferences.parse(Objects.requireNonNull(value, "value")), line);
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
            + ContentUse.notReaching(wildcardLines, groups, query.crawlers(), "Content-Usage"));
      }
      Query crawl = new Query(query.crawlers(), Optional.empty(), "crawl", query.path(), Optional.empty(), query.rawPath());
      if (!policy.decide(crawl).allowed()) {
        return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(),
            "the path may not be crawled, so the group's Content-Usage rules do not apply to it (draft-ietf-aipref-attach)");
      }
    }
    // The runs of the selected groups whose pattern matches, of the longest pattern (equally long ones combine).
    int[] matching = patterns.matchingGroups(query.path());
    int longest = -1;
    int[] tie = new int[4];
    int count = 0;
    for (int g : matching) {
      int length = patterns.groupLength(g);
      if (length < longest) {
        continue;
      }
      for (int group : selected) {
        int r = Arrays.binarySearch(runGroup, runStarts[g], runStarts[g + 1], group);
        if (r < 0) {
          continue;
        }
        if (length > longest) {
          longest = length;
          count = 0;
        }
        if (count == tie.length) {
          tie = Arrays.copyOf(tie, 2 * count);
        }
        tie[count++] = r;
      }
    }
    Verdict verdict = Verdict.NO_OPINION;
    Outcome[] decided = new Outcome[count];
    for (int k = 0; k < count; k++) {
      decided[k] = outcome(tie[k], purpose, true);
      verdict = Verdict.stricter(verdict, decided[k].verdict());
    }
    List<DecidingLines.Part> parts = new ArrayList<>();
    List<Label> found = new ArrayList<>();
    for (Outcome o : decided) {
      if (verdict != Verdict.NO_OPINION && o.verdict() == verdict) {
        parts.add(o.lines());
        found.addAll(o.labels());
      }
    }
    found.sort(java.util.Comparator.comparingLong(Label::order));
    List<String> labels = found.stream().map(Label::text).distinct().toList();
    List<SourceLine> evidence = DecidingLines.of(parts.toArray(new DecidingLines.Part[0]));
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

  /** Run r's outcome for a purpose: computed when the source was made, or now for a run of one rule. */
  private Outcome outcome(int r, Purpose purpose, boolean kept) {
    Outcome[] o = outcomes[r];
    return kept && o != null ? o[purpose.ordinal()] : outcome(r, purpose);
  }

  private SourceLine line(Rule r) {
    if (r.field() == null) {
      return r.header();
    }
    PolicyDocument doc = policy.document();
    return new SourceLine(doc.source().name(), r.field().span().line(), doc.source().line(r.field().span().line()).strip());
  }
}
