package org.acapengine.eval;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.PolicyDocument;

/**
 * A robots.txt compiled for evaluation: parse once, compile once, then {@link #decide} many times
 * from many threads. Immutable and thread-safe; each crawler's rules are gathered into flat
 * tables and indexed on its first query, and kept by what the crawler selects (crawlers that
 * select the same records and groups share them; names are looked up in an index of the file's
 * names, and what was not used recently is let go), so that any number of crawler names costs
 * what a few do.
 *
 * <p>{@link #decide} answers without building an explanation and allocates nothing per rule;
 * {@link #explain} returns the full trace of the same decision; {@link #forCrawler} keeps one
 * crawler's tables without the document, for a crawler that keeps a policy per host.
 */
public final class CompiledPolicy {

  /** How many rules {@link #explain(Query)} lists at most (the rest are counted). */
  public static final int EXPLAINED_RULES = 1000;

  private final PolicyDocument document;
  private final CompileOptions options;
  private final Map<AcapField.PermissionsReference, ResolvedReference> references;
  private volatile Views views;

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
   * The options this policy was compiled with.
   *
   * @return the options
   */
  public CompileOptions options() {
    return options;
  }

  /**
   * The action requests (2.6) addressed to a crawler, in file order.
   *
   * @param crawlerNames the crawler's names
   * @return the requests, those addressed to {@code *} included
   */
  public List<AcapField.ActionRequest> actionRequests(List<String> crawlerNames) {
    return view(crawlerNames).actionRequests();
  }

  /**
   * The conventional groups RFC 9309 selects for a crawler (2.2.1: its own, else the '*' groups).
   *
   * @param crawlerNames the crawler's names
   * @return the groups in file order; empty when none applies
   */
  public List<ConventionalGroup> selectedGroups(List<String> crawlerNames) {
    Views v = views();
    return v.selector().groups(v.selector().choose(crawlerNames).groups());
  }

  // ---- decisions ------------------------------------------------------------------------------

  /**
   * Decides a query. Thread-safe; allocates no per-rule garbage.
   *
   * @param query the crawler, usage, purpose and path
   * @return the decision with its basis, deciding lines and qualifiers
   */
  public Decision decide(Query query) {
    return Decide.decide(view(query.crawlers()), query);
  }

  /**
   * The rules of one crawler alone, without the document: what a crawler keeps per host. It
   * decides as {@link #decide} does for the same names, through the same tables, and holds only
   * the crawler's tables, so that this policy and its document can be dropped; {@link #explain}
   * needs them.
   *
   * @param crawlerNames the crawler's names, at least one (a User-Agent string names its token)
   * @return the crawler's policy; later calls with equal names may share its tables (and, when no
   *     rule of the file speaks to the crawler, the policy itself, with other files' calls)
   * @throws IllegalArgumentException if {@code crawlerNames} is empty
   */
  public CrawlerPolicy forCrawler(List<String> crawlerNames) {
    if (crawlerNames.isEmpty()) {
      throw new IllegalArgumentException("a crawler policy names at least one crawler");
    }
    return CrawlerPolicy.of(crawlerNames, view(crawlerNames));
  }

  /**
   * The full trace of {@link #decide} for the same query: group and record selection, every
   * rule considered (the first {@value #EXPLAINED_RULES} by line that apply to the usage listed,
   * and as many that do not, all counted), the winner
   * and the rules that lost.
   *
   * @param query the crawler, usage, purpose and path
   * @return the explanation, whose decision equals {@code decide(query)}
   */
  public Explanation explain(Query query) {
    return explain(query, EXPLAINED_RULES);
  }

  /**
   * {@link #explain(Query)}, listing at most {@code maxRules} rules that apply to the usage and as
   * many that do not (the first by line; {@link
   * Integer#MAX_VALUE} for all: a file whose definitions stand for millions of rule steps makes a
   * long list).
   *
   * @param query the crawler, usage, purpose and path
   * @param maxRules how many rules to list at most, not negative
   * @return the explanation, whose decision equals {@code decide(query)}
   */
  public Explanation explain(Query query, int maxRules) {
    if (maxRules < 0) {
      throw new IllegalArgumentException("maxRules must not be negative: " + maxRules);
    }
    Views v = views();
    return Decide.explain(v.view(query.crawlers()), query, v.selection(query.crawlers()), maxRules);
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
    return Decide.decideConventionalOnly(view(List.copyOf(crawlerNames)), path);
  }

  /** The crawler's view, made on first use and kept by selection ({@link Views}). */
  CrawlerView view(List<String> crawlers) {
    return views().view(crawlers);
  }

  private Views views() {
    Views v = views;
    if (v == null) {
      synchronized (this) {
        v = views;
        if (v == null) {
          v = new Views(document, references, options);
          views = v;
        }
      }
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
