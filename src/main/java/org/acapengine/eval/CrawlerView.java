package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;
import org.acapengine.model.UserAgentLine;

/**
 * Everything of a policy that concerns one crawler (one set of names): its ACAP rules by tier
 * (records naming it, records for any crawler, referenced files), the conventional rules of the
 * group(s) RFC 9309 selects for it, and per-usage indexes built on first use. Immutable apart
 * from that cache; thread-safe.
 */
final class CrawlerView {

  final List<String> names;
  /** Every ACAP rule of the crawler, all usages, in file order. */
  final List<CompiledRule> acapRules;
  /** Conventional rules for ACAP crawlers: without the ones inside ACAP records; none when the file says to ignore them. */
  final List<CompiledRule> conventionalRules;
  /** Conventional rules as a legacy (RFC 9309-only) crawler reads them. */
  final List<CompiledRule> legacyRules;
  /** A permissions reference of a record naming the crawler that could not be loaded. */
  final SourceLine namedFailure;
  final String namedFailureReason;
  /** A permissions reference of a record for any crawler that could not be loaded. */
  final SourceLine anyFailure;
  final String anyFailureReason;
  final Selection selection;
  final List<AcapField.ActionRequest> actionRequests;
  /** The number of distinct {@link CompiledRule#scopeRank}s among the view's rules. */
  final int scopeRanks;
  private final Set<String> conventionalAppliesTo;
  private final ConcurrentHashMap<String, UsageBucket> buckets = new ConcurrentHashMap<>();
  private volatile UsageBucket legacyBucket;

  CrawlerView(List<String> names, PolicyDocument doc, Map<AcapField.PermissionsReference, ResolvedReference> references, Set<String> conventionalAppliesTo) {
    this.names = List.copyOf(names);
    // The query's names are reduced and case-folded once per view, never per rule (ProductToken).
    Set<String> keys = keys(this.names);
    this.conventionalAppliesTo = conventionalAppliesTo;
    List<Selection.Reference> refNotes = new ArrayList<>();
    List<CompiledRule> acap = new ArrayList<>();
    List<AcapField.ActionRequest> actions = new ArrayList<>();
    SourceLine nf = null;
    String nfr = null;
    SourceLine af = null;
    String afr = null;
    Definitions defs = new Definitions(doc, null);
    List<Integer> namedLines = new ArrayList<>();
    List<Integer> anyLines = new ArrayList<>();
    for (AcapRecord r : doc.acapRecords()) {
      CompiledRule.Tier tier = tierOf(r, keys);
      if (tier == null) {
        continue;
      }
      (tier == CompiledRule.Tier.NAMED ? namedLines : anyLines).add(r.line());
      if (r.permissionsReference().isPresent()) {
        ResolvedReference ref = references.get(r.permissionsReference().get());
        if (ref == null || ref.document().isEmpty()) {
          String why = ref == null ? "not loaded" : ref.failure().orElse("not loaded");
          SourceLine ev = evidence(doc, r.permissionsReference().get().span());
          if (tier == CompiledRule.Tier.NAMED && nf == null) {
            nf = ev;
            nfr = why;
          } else if (tier == CompiledRule.Tier.ANY && af == null) {
            af = ev;
            afr = why;
          }
          refNotes.add(new Selection.Failed(ev.line(), r.permissionsReference().get().locator(), why));
        } else {
          PolicyDocument referenced = ref.document().get();
          refNotes.add(new Selection.Followed(r.line(), referenced.source().name()));
          Definitions refDefs = new Definitions(referenced, defs);
          for (AcapRecord rr : referenced.acapRecords()) {
            if (tierOf(rr, keys) == null) {
              continue;
            }
            if (rr.permissionsReference().isPresent()) {
              refNotes.add(new Selection.NotFollowed(referenced.source().name(), rr.line()));
            }
            addRecord(rr, tier, referenced, refDefs, acap, actions);
          }
        }
      }
      addRecord(r, tier, doc, defs, acap, actions);
    }
    this.acapRules = IdenticalRules.collapse(acap);
    this.actionRequests = List.copyOf(actions);
    this.namedFailure = nf;
    this.namedFailureReason = nfr;
    this.anyFailure = af;
    this.anyFailureReason = afr;

    List<ConventionalGroup> groups = selectGroupsByKey(doc.conventionalGroups(), keys);
    List<CompiledRule> legacy = new ArrayList<>();
    List<CompiledRule> conventional = new ArrayList<>();
    for (ConventionalGroup g : groups) {
      for (ConventionalRule rule : g.rules()) {
        if (rule.pattern().isEmpty()) {
          continue; // RFC 9309 2.2.2: an empty rule matches nothing (google: priority 0, never decides)
        }
        CompiledRule c = conventionalRule(doc, rule);
        legacy.add(c);
        if (!rule.insideAcapRecord() && !doc.ignoresConventionalRecords()) {
          conventional.add(c);
        }
      }
    }
    List<Selection.Group> groupLines = new ArrayList<>(groups.size());
    for (ConventionalGroup g : groups) {
      UserAgentLine ua = g.userAgents().get(0);
      groupLines.add(new Selection.Group(ua.span().line(), ua.value()));
    }
    this.legacyRules = IdenticalRules.collapse(legacy);
    // The conventional rules are the legacy ones less those inside ACAP records (same objects, same
    // order), so when none was left out they are the same list: collapse it once.
    this.conventionalRules = conventional.size() == legacy.size() ? legacyRules : IdenticalRules.collapse(conventional);
    // Ranks serve only the narrowest-scope comparison, which a view without ACAP rules never makes.
    if (acapRules.isEmpty()) {
      this.scopeRanks = 0;
    } else {
      List<CompiledRule> all = new ArrayList<>(acapRules);
      all.addAll(legacyRules);
      all.addAll(conventionalRules);
      this.scopeRanks = ScopeOrder.rank(all);
    }
    this.selection = new Selection(namedLines, anyLines, refNotes, groupLines, doc.ignoresConventionalRecords(),
        List.copyOf(new java.util.TreeSet<>(conventionalAppliesTo)));
  }

  /**
   * The crawler's names as keys: each reduced to its crawler token and case-folded ({@link
   * ProductToken#key}); names that reduce to nothing (or to {@code *}) name no crawler and are left
   * out.
   */
  static Set<String> keys(List<String> names) {
    Set<String> keys = new java.util.LinkedHashSet<>();
    for (String n : names) {
      String k = ProductToken.key(n);
      if (!k.isEmpty()) {
        keys.add(k);
      }
    }
    return keys;
  }

  /** NAMED when a crawler field names one of the crawler's {@link #keys}, ANY for {@code *}, else null. */
  static CompiledRule.Tier tierOf(AcapRecord r, Set<String> keys) {
    boolean any = false;
    for (CrawlerName c : r.crawlers()) {
      if (c.isAnyCrawler()) {
        any = true;
        continue;
      }
      String k = ProductToken.key(c.name());
      if (!k.isEmpty() && keys.contains(k)) {
        return CompiledRule.Tier.NAMED;
      }
    }
    return any ? CompiledRule.Tier.ANY : null;
  }

  /** RFC 9309 2.2.1: the groups naming the crawler, merged; else the groups for '*'. */
  static List<ConventionalGroup> selectGroups(List<ConventionalGroup> groups, List<String> names) {
    return selectGroupsByKey(groups, keys(names));
  }

  static List<ConventionalGroup> selectGroupsByKey(List<ConventionalGroup> groups, Set<String> keys) {
    List<ConventionalGroup> specific = new ArrayList<>();
    List<ConventionalGroup> global = new ArrayList<>();
    for (ConventionalGroup g : groups) {
      boolean isSpecific = false;
      boolean isGlobal = false;
      for (UserAgentLine ua : g.userAgents()) {
        String token = ProductToken.of(ua.value());
        if (token.equals(ProductToken.WILDCARD)) {
          isGlobal = true;
        } else if (!token.isEmpty() && keys.contains(ProductToken.fold(token))) {
          isSpecific = true;
        }
      }
      if (isSpecific) {
        specific.add(g);
      } else if (isGlobal) {
        global.add(g);
      }
    }
    return specific.isEmpty() ? global : specific;
  }

  /**
   * A conventional rule, matched case-sensitively (RFC 9309 2.2.2). google/robotstxt also reads
   * "Allow: /dir/index.html" as allowing "/dir/"; that is a deviation from RFC 9309 prefix
   * matching and is not followed (docs/rfc9309-deviations.md).
   */
  private static CompiledRule conventionalRule(PolicyDocument doc, ConventionalRule rule) {
    return new CompiledRule(CompiledRule.Tier.CONVENTIONAL, rule.allow(), "", PathPattern.compile(rule.pattern(), false),
        NO_PURPOSES, List.of(), evidence(doc, rule.span()), "");
  }

  /** The purposes of a general field: none, one array shared by every rule (never written). */
  private static final PathPattern[] NO_PURPOSES = new PathPattern[0];

  private static void addRecord(AcapRecord r, CompiledRule.Tier tier, PolicyDocument doc, Definitions defs, List<CompiledRule> out,
      List<AcapField.ActionRequest> actions) {
    for (AcapField f : r.fields()) {
      expand(f, tier, NO_PURPOSES, doc, defs, out);
      if (f instanceof AcapField.ActionRequest a) {
        actions.add(a);
      }
    }
    for (AcapSubRecord s : r.subRecords()) {
      PathPattern[] purposes = new PathPattern[s.purposes().size()];
      for (int i = 0; i < purposes.length; i++) {
        PurposePattern p = s.purposes().get(i);
        String pat = p.pattern().endsWith("$") ? p.pattern() : p.pattern() + "$";
        purposes[i] = PathPattern.compile(pat, true);
      }
      for (AcapField f : s.fields()) {
        expand(f, tier, purposes, doc, defs, out);
      }
    }
  }

  /** 2.4.1.3, 2.7: one field becomes one rule per (usage, pattern) it stands for. */
  private static void expand(AcapField f, CompiledRule.Tier tier, PathPattern[] purposes, PolicyDocument doc, Definitions defs, List<CompiledRule> out) {
    SourceLine ev;
    if (f instanceof AcapField.Permission p) {
      ev = evidence(doc, p.span());
      List<String[]> patterns = patterns(p.resource(), defs);
      if (p.usage() instanceof UsageRef.Standard s) {
        add(out, tier, true, s.usage().name(), patterns, purposes, p.qualifiers(), ev, "");
        return;
      }
      UsageRef.Local local = (UsageRef.Local) p.usage();
      AcapDefinition def = defs.usage(local.key());
      if (def instanceof AcapDefinition.QualifiedUsage q) {
        add(out, tier, true, q.usage().name(), patterns, purposes, q.qualifiers(), ev, "via qualified usage " + q.name() + " (line " + q.span().line() + ")");
      } else if (def instanceof AcapDefinition.CompositeUsage c) {
        String via = "via composite usage " + c.name() + " (line " + c.span().line() + ")";
        for (UsageRef m : c.members()) {
          if (m instanceof UsageRef.Standard s) {
            add(out, tier, true, s.usage().name(), patterns, purposes, List.of(), ev, via);
          } else if (defs.usage(((UsageRef.Local) m).key()) instanceof AcapDefinition.QualifiedUsage q) {
            add(out, tier, true, q.usage().name(), patterns, purposes, q.qualifiers(), ev, via + " and qualified usage " + q.name());
          }
        }
      }
      // An undefined local usage grants nothing (reported by the parser).
    } else if (f instanceof AcapField.Prohibition p && p.usage() instanceof UsageRef.Standard s) {
      ev = evidence(doc, p.span());
      add(out, tier, false, s.usage().name(), patterns(p.resource(), defs), purposes, List.of(), ev, "");
    }
  }

  private static void add(List<CompiledRule> out, CompiledRule.Tier tier, boolean allow, String usage, List<String[]> patterns, PathPattern[] purposes,
      List<Qualifier> qualifiers, SourceLine ev, String via) {
    for (String[] p : patterns) {
      String derivation = p[1].isEmpty() ? via : via.isEmpty() ? p[1] : via + ", " + p[1];
      out.add(new CompiledRule(tier, allow, usage, PathPattern.compile(p[0], true), purposes, qualifiers, ev, derivation));
    }
  }

  /** The patterns a resource specification stands for, each with how it was found; none for an undefined set. */
  private static List<String[]> patterns(ResourceSpec spec, Definitions defs) {
    if (spec instanceof ResourceSpec.PathPattern p) {
      return List.<String[]>of(new String[] {p.pattern(), ""});
    }
    ResourceSpec.ResourceSetRef ref = (ResourceSpec.ResourceSetRef) spec;
    AcapDefinition.ResourceSet set = defs.set(ref.key());
    if (set == null) {
      return List.of();
    }
    List<String[]> out = new ArrayList<>();
    for (String p : set.patterns()) {
      out.add(new String[] {p, "resource set " + set.name() + " (line " + set.span().line() + ")"});
    }
    return out;
  }

  static SourceLine evidence(PolicyDocument doc, Span span) {
    return new SourceLine(doc.source().name(), span.line(), doc.source().line(span.line()).strip());
  }

  /** The definitions visible in a file: its own (the first of a name wins), then the referencing file's. */
  private static final class Definitions {
    private final Map<String, AcapDefinition> usages = new HashMap<>();
    private final Map<String, AcapDefinition.ResourceSet> sets = new HashMap<>();
    private final Definitions outer;

    Definitions(PolicyDocument doc, Definitions outer) {
      this.outer = outer;
      for (AcapDefinition d : doc.definitions()) {
        if (d instanceof AcapDefinition.ResourceSet s) {
          sets.putIfAbsent(s.key(), s);
        } else {
          usages.putIfAbsent(d.key(), d);
        }
      }
    }

    AcapDefinition usage(String key) {
      AcapDefinition d = usages.get(key);
      return d != null || outer == null ? d : outer.usage(key);
    }

    AcapDefinition.ResourceSet set(String key) {
      AcapDefinition.ResourceSet s = sets.get(key);
      return s != null || outer == null ? s : outer.set(key);
    }
  }

  // ---- per-usage indexes ------------------------------------------------------------------------

  /** True when a rule for {@code ruleUsage} speaks to a query for {@code queryUsage} (2.5, 2.5.6). */
  static boolean applies(String ruleUsage, String queryUsage) {
    if (ruleUsage.equals(queryUsage) || ruleUsage.equals("other")) {
      return true;
    }
    return ruleUsage.equals("present") && queryUsage.startsWith("present-") && Usage.parse(queryUsage).isPresentVariant();
  }

  boolean conventionalAppliesTo(String usage) {
    return conventionalAppliesTo.contains(usage);
  }

  UsageBucket bucket(String usage) {
    UsageBucket b = buckets.get(usage);
    if (b != null) {
      return b;
    }
    List<CompiledRule> rules = new ArrayList<>();
    for (CompiledRule r : acapRules) {
      if (applies(r.usage, usage)) {
        rules.add(r);
      }
    }
    if (conventionalAppliesTo(usage)) {
      rules.addAll(conventionalRules);
    }
    b = new UsageBucket(rules);
    if (buckets.size() < 256) {
      UsageBucket prior = buckets.putIfAbsent(usage, b);
      return prior != null ? prior : b;
    }
    return b;
  }

  UsageBucket legacyBucket() {
    UsageBucket b = legacyBucket;
    if (b == null) {
      b = new UsageBucket(legacyRules);
      legacyBucket = b;
    }
    return b;
  }

  /**
   * The rules one usage consults, indexed so that a decision tests only the rules that could
   * match (ACAP: case-folded; conventional: exact): by literal prefix, or — when the prefix is at
   * most one character ({@code /*.pdf$}) and a literal segment follows — by that segment.
   */
  static final class UsageBucket {
    final CompiledRule[] rules;
    final PrefixTrie acapTrie;
    final PrefixTrie conventionalTrie;
    final SegmentIndex acapSegments;
    final SegmentIndex conventionalSegments;

    UsageBucket(List<CompiledRule> list) {
      this.rules = list.toArray(new CompiledRule[0]);
      List<String> acap = new ArrayList<>(rules.length);
      List<String> conv = new ArrayList<>(rules.length);
      List<String> acapSeg = new ArrayList<>(rules.length);
      List<String> convSeg = new ArrayList<>(rules.length);
      for (CompiledRule r : rules) {
        String prefix = r.literalPrefix();
        String segment = prefix.length() <= 1 ? r.longestSegmentAfterPrefix() : "";
        String trieKey = segment.isEmpty() ? prefix : null;
        acap.add(r.isAcap() ? trieKey : null);
        conv.add(r.isAcap() ? null : trieKey);
        acapSeg.add(r.isAcap() ? segment : null);
        convSeg.add(r.isAcap() ? null : segment);
      }
      this.acapTrie = PrefixTrie.build(acap, true);
      this.conventionalTrie = PrefixTrie.build(conv, false);
      this.acapSegments = SegmentIndex.build(acapSeg, true);
      this.conventionalSegments = SegmentIndex.build(convSeg, false);
    }
  }

  static final Comparator<SourceLine> BY_LINE = Comparator.comparing(SourceLine::source).thenComparingInt(SourceLine::line);
}
