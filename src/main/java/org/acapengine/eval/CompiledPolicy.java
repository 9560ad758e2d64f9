package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;

/**
 * A robots.txt compiled for evaluation: parse once, compile once, then {@link #decide} many times
 * from many threads. Immutable and thread-safe; each crawler's rules are gathered and indexed on
 * its first query and cached.
 *
 * <p>{@link #decide} answers without building an explanation and allocates nothing per rule;
 * {@link #explain} returns the full trace of the same decision.
 */
public final class CompiledPolicy {

  private static final int MAX_CACHED_CRAWLERS = 1024;

  private final PolicyDocument document;
  private final CompileOptions options;
  private final Map<AcapField.PermissionsReference, ResolvedReference> references;
  private final ConcurrentHashMap<List<String>, CrawlerView> views = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<List<Object>, CrawlerView> bySelection = new ConcurrentHashMap<>();

  /** Why a reference the caller gave no answer for is unresolved. */
  static final String NOT_LOADED = "permissions references are not loaded (none were given to compile)";

  private CompiledPolicy(PolicyDocument document, Map<AcapField.PermissionsReference, ResolvedReference> given, CompileOptions options) {
    this.document = document;
    this.options = options;
    // Every reference of the document has an answer: the caller's, else "not loaded" (2.3.2: the
    // record's crawlers may then do no ACAP usage).
    Map<AcapField.PermissionsReference, ResolvedReference> refs = new IdentityHashMap<>();
    for (AcapRecord r : document.acapRecords()) {
      if (r.permissionsReference().isPresent()) {
        AcapField.PermissionsReference ref = r.permissionsReference().get();
        ResolvedReference resolved = given.get(ref);
        refs.put(ref, resolved != null ? resolved : ResolvedReference.failed(document, ref, NOT_LOADED));
      }
    }
    this.references = Collections.unmodifiableMap(refs);
  }

  /**
   * Compiles with the default options: conventional rules apply to crawl, references not loaded.
   *
   * @param document the parsed robots.txt; not null
   * @return the policy, ready to decide for any crawler
   */
  public static CompiledPolicy compile(PolicyDocument document) {
    return compile(document, Map.of(), CompileOptions.defaults());
  }

  /**
   * Compiles with no permissions reference loaded: each one's records may do no ACAP usage.
   *
   * @param document the parsed robots.txt; not null
   * @param options which usages conventional rules govern; not null
   * @return the policy, ready to decide for any crawler
   */
  public static CompiledPolicy compile(PolicyDocument document, CompileOptions options) {
    return compile(document, Map.of(), options);
  }

  /**
   * Compiles a document with its permissions references already loaded ({@code
   * org.acapengine.load.ReferenceLoader} loads them); a reference missing from {@code references}
   * counts as not loaded.
   *
   * @param document the parsed robots.txt; not null
   * @param references each reference's loaded file or failure; not null
   * @param options which usages conventional rules govern; not null
   * @return the policy, ready to decide for any crawler
   */
  public static CompiledPolicy compile(PolicyDocument document, Map<AcapField.PermissionsReference, ResolvedReference> references,
      CompileOptions options) {
    return new CompiledPolicy(Objects.requireNonNull(document, "document"), Objects.requireNonNull(references, "references"),
        Objects.requireNonNull(options, "options"));
  }

  /**
   * The document compiled, whole.
   *
   * @return the parsed robots.txt
   */
  public PolicyDocument document() {
    return document;
  }

  /**
   * The permissions references this policy was compiled with, each loaded or not.
   *
   * @return every reference of the document with its answer, unmodifiable
   */
  public Map<AcapField.PermissionsReference, ResolvedReference> references() {
    return references;
  }

  /**
   * The action requests (2.6) addressed to a crawler, in file order.
   *
   * @param crawlerNames the crawler's names
   * @return the requests, those addressed to {@code *} included
   */
  public List<AcapField.ActionRequest> actionRequests(List<String> crawlerNames) {
    return view(crawlerNames).actionRequests;
  }

  /**
   * The conventional groups RFC 9309 selects for a crawler (2.2.1: its own, else the '*' groups).
   *
   * @param crawlerNames the crawler's names
   * @return the groups in file order; empty when none applies
   */
  public List<org.acapengine.model.ConventionalGroup> selectedGroups(List<String> crawlerNames) {
    return CrawlerView.selectGroups(document.conventionalGroups(), crawlerNames);
  }

  // ---- decisions ------------------------------------------------------------------------------

  /**
   * Decides a query. Thread-safe; allocates no per-rule garbage.
   *
   * @param query the crawler, usage, purpose and path
   * @return the decision with its basis, deciding lines and qualifiers
   */
  public Decision decide(Query query) {
    return decide(view(query.crawlers()), query);
  }

  /** {@link #decide} in a crawler's view, for this class and {@link CrawlerPolicy}. */
  static Decision decide(CrawlerView v, Query query) {
    if (isRobotsTxt(query)) {
      return ROBOTS_TXT;
    }
    MatchScratch s = MatchScratch.get();
    s.collect(v.bucket(query.usage()), query.path(), purposeOf(query));
    return Resolution.resolve(v, query, s, DecisionTrace.NONE);
  }

  /**
   * The rules of one crawler alone, without the document: what a crawler keeps per host. It
   * decides as {@link #decide} does for the same names, and holds only the crawler's compiled
   * rules, so that this policy and its document can be dropped; {@link #explain} needs them.
   *
   * <p>A crawler that no ACAP record selects keeps its conventional rules in flat arrays
   * (ConventionalTable), built here without the objects {@link #decide} builds.
   *
   * @param crawlerNames the crawler's names, at least one (a User-Agent string names its token)
   * @return the crawler's policy; later calls with equal names may share its rules
   * @throws IllegalArgumentException if {@code crawlerNames} is empty
   */
  public CrawlerPolicy forCrawler(List<String> crawlerNames) {
    if (crawlerNames.isEmpty()) {
      throw new IllegalArgumentException("a crawler policy names at least one crawler");
    }
    ConventionalTable table = ConventionalTable.of(document, crawlerNames, options.conventionalAppliesTo());
    return table != null ? new CrawlerPolicy(crawlerNames, table) : new CrawlerPolicy(crawlerNames, view(crawlerNames));
  }

  /**
   * The full trace of {@link #decide} for the same query: group and record selection, every
   * rule considered, the winner and the rules that lost.
   *
   * @param query the crawler, usage, purpose and path
   * @return the explanation, whose decision equals {@code decide(query)}
   */
  public Explanation explain(Query query) {
    CrawlerView v = view(query.crawlers());
    if (isRobotsTxt(query)) {
      return new Explanation(query, ROBOTS_TXT, v.selection, List.of(), List.of(),
          "/robots.txt itself may always be crawled (RFC 9309 2.2.2), whatever the fields say");
    }
    MatchScratch s = new MatchScratch();
    String purpose = purposeOf(query);
    s.collect(v.bucket(query.usage()), query.path(), purpose);
    ExplainTrace trace = new ExplainTrace(v, query, purpose);
    Decision d = Resolution.resolve(v, query, s, trace);
    return trace.finish(d);
  }

  /**
   * The crawl decision of a legacy crawler, one that reads only the conventional records (RFC
   * 9309), conventional fields inside ACAP records included. For comparing the two readings.
   *
   * @param crawlerNames the crawler's names
   * @param path the canonical path with query
   * @return the decision by longest match alone
   */
  public Decision decideConventionalOnly(List<String> crawlerNames, String path) {
    Query q = new Query(crawlerNames, Optional.empty(), "crawl", path, Optional.empty());
    return decideConventionalOnly(view(q.crawlers()), q);
  }

  /** {@link #decideConventionalOnly(List, String)} in a crawler's view. */
  static Decision decideConventionalOnly(CrawlerView v, Query q) {
    if (isRobotsTxt(q)) {
      return ROBOTS_TXT;
    }
    MatchScratch s = MatchScratch.get();
    s.collect(v.legacyBucket(), q.path(), null);
    return Resolution.resolveConventional(s, q, DecisionTrace.NONE);
  }

  static final Decision ROBOTS_TXT = new Decision(true, Basis.ROBOTS_TXT, List.of(new SourceLine("", 0, "/robots.txt may always be crawled (RFC 9309 2.2.2)")), List.of());

  static boolean isRobotsTxt(Query q) {
    return isRobotsTxt(q.usage(), q.path());
  }

  /** True for usage {@code crawl} of /robots.txt itself (RFC 9309 2.2.2), with or without a query. */
  static boolean isRobotsTxt(String usage, String path) {
    return usage.equals("crawl") && (path.equals("/robots.txt") || path.startsWith("/robots.txt?"));
  }

  private static String purposeOf(Query q) {
    return q.purpose().isEmpty() ? null : PercentEncoding.normalise(q.purpose().get());
  }

  /**
   * The crawler's view, built on first use and cached by the names as the query gives them (no
   * allocation on a hit; "Googlebot" and "googlebot" get equal views of their own).
   */
  CrawlerView view(List<String> crawlers) {
    CrawlerView v = views.get(crawlers);
    if (v != null) {
      return v;
    }
    List<String> key = List.copyOf(crawlers);
    // Crawlers that select the same records and groups share one view (ViewKey).
    List<Object> selection = ViewKey.of(key, document, references);
    v = bySelection.get(selection);
    if (v == null) {
      v = new CrawlerView(key, document, references, options.conventionalAppliesTo());
      if (bySelection.size() < MAX_CACHED_CRAWLERS) {
        CrawlerView prior = bySelection.putIfAbsent(selection, v);
        v = prior != null ? prior : v;
      }
    }
    if (views.size() < MAX_CACHED_CRAWLERS) {
      CrawlerView prior = views.putIfAbsent(key, v);
      return prior != null ? prior : v;
    }
    return v;
  }

  // ---- usage names ------------------------------------------------------------------------------

  private volatile Set<String> usageNames;

  /**
   * The usage names outside the ACAP dictionary ({@link org.acapengine.model.Usage#vocabulary()})
   * that this file's permissions, prohibitions and usage definitions name, and those of the
   * permissions references it was compiled with: a query for such a name can be decided by the
   * file ({@code ACAP-disallow-train: /} speaks to usage {@code train}). The names of qualified and
   * composite usages are not among them: their fields stand for the usages they define (2.7).
   *
   * @return lower-case names, immutable; empty for a file that names none
   */
  public Set<String> usageNames() {
    Set<String> names = usageNames;
    if (names == null) {
      Set<String> found = new TreeSet<>();
      UsageNames.collect(document, found);
      for (ResolvedReference r : references.values()) {
        r.document().ifPresent(d -> UsageNames.collect(d, found));
      }
      names = Collections.unmodifiableSet(found);
      usageNames = names;
    }
    return names;
  }
}
