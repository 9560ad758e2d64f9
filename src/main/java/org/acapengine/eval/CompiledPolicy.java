package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;
import org.acapengine.parse.RobotsTxtParser;

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
  private final List<Diagnostic> referenceDiagnostics;
  private final ConcurrentHashMap<List<String>, CrawlerView> views = new ConcurrentHashMap<>();

  private CompiledPolicy(PolicyDocument document, CompileOptions options) {
    this.document = document;
    this.options = options;
    Map<AcapField.PermissionsReference, ResolvedReference> refs = new IdentityHashMap<>();
    List<Diagnostic> diags = new ArrayList<>();
    RobotsTxtParser parser = new RobotsTxtParser(options.parseOptions());
    for (AcapRecord r : document.acapRecords()) {
      if (r.permissionsReference().isEmpty()) {
        continue;
      }
      AcapField.PermissionsReference ref = r.permissionsReference().get();
      SourceLine ev = CrawlerView.evidence(document, ref.span());
      ReferenceResolver.Result result;
      try {
        result = options.resolver().load(ref.locator(), document.source().name());
      } catch (RuntimeException e) {
        result = new ReferenceResolver.Result.Failed("the resolver failed: " + e);
      }
      if (result instanceof ReferenceResolver.Result.Loaded loaded) {
        PolicyDocument referenced = parser.parse(loaded.content(), loaded.name());
        refs.put(ref, new ResolvedReference(ref.locator(), ev, Optional.of(referenced), Optional.empty()));
        for (AcapRecord rr : referenced.acapRecords()) {
          if (rr.permissionsReference().isPresent()) {
            diags.add(DiagnosticCode.NESTED_PERMISSIONS_REFERENCE.at(ref.span(),
                "'" + ref.locator() + "' holds a permissions reference itself (line " + rr.permissionsReference().get().span().line()
                    + " of " + loaded.name() + "); it is not followed (2.3.2)"));
          }
        }
      } else {
        String why = ((ReferenceResolver.Result.Failed) result).reason();
        refs.put(ref, new ResolvedReference(ref.locator(), ev, Optional.empty(), Optional.of(why)));
        diags.add(DiagnosticCode.UNRESOLVED_PERMISSIONS_REFERENCE.at(ref.span(),
            "'ACAP-permissions-reference: " + ref.locator() + "' cannot be loaded: " + why + "; the record's crawlers may do no ACAP usage"));
      }
    }
    this.references = Collections.unmodifiableMap(refs);
    this.referenceDiagnostics = List.copyOf(diags);
  }

  /** Compiles with the default options: conventional rules apply to crawl, references not loaded. */
  public static CompiledPolicy compile(PolicyDocument document) {
    return compile(document, CompileOptions.defaults());
  }

  public static CompiledPolicy compile(PolicyDocument document, CompileOptions options) {
    return new CompiledPolicy(Objects.requireNonNull(document, "document"), Objects.requireNonNull(options, "options"));
  }

  public PolicyDocument document() {
    return document;
  }

  /** Diagnostics about permissions references (unloadable, or holding a reference themselves). */
  public List<Diagnostic> referenceDiagnostics() {
    return referenceDiagnostics;
  }

  /** The action requests (2.6) addressed to a crawler, in file order. */
  public List<AcapField.ActionRequest> actionRequests(List<String> crawlerNames) {
    return view(crawlerNames).actionRequests;
  }

  /** The conventional groups RFC 9309 selects for a crawler (2.2.1: its own, else the '*' groups). */
  public List<org.acapengine.model.ConventionalGroup> selectedGroups(List<String> crawlerNames) {
    return CrawlerView.selectGroups(document.conventionalGroups(), crawlerNames);
  }

  // ---- decisions ------------------------------------------------------------------------------

  /** Decides a query. Thread-safe; allocates no per-rule garbage. */
  public Decision decide(Query query) {
    if (isRobotsTxt(query)) {
      return ROBOTS_TXT;
    }
    CrawlerView v = view(query.crawlers());
    MatchScratch s = MatchScratch.get();
    s.collect(v.bucket(query.usage()), query.path(), purposeOf(query));
    return Resolution.resolve(v, query, s, DecisionTrace.NONE);
  }

  /** The full trace of {@link #decide} for the same query. */
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
   */
  public Decision decideConventionalOnly(List<String> crawlerNames, String path) {
    Query q = new Query(crawlerNames, Optional.empty(), "crawl", path, Optional.empty());
    if (isRobotsTxt(q)) {
      return ROBOTS_TXT;
    }
    CrawlerView v = view(q.crawlers());
    MatchScratch s = MatchScratch.get();
    s.collect(v.legacyBucket(), q.path(), null);
    return Resolution.resolveConventional(s, q, DecisionTrace.NONE);
  }

  private static final Decision ROBOTS_TXT = new Decision(true, Basis.ROBOTS_TXT, List.of(new SourceLine("", 0, "/robots.txt may always be crawled (RFC 9309 2.2.2)")), List.of());

  private static boolean isRobotsTxt(Query q) {
    return q.usage().equals("crawl") && (q.path().equals("/robots.txt") || q.path().startsWith("/robots.txt?"));
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
    v = new CrawlerView(key, document, references, options.conventionalAppliesTo());
    if (views.size() < MAX_CACHED_CRAWLERS) {
      CrawlerView prior = views.putIfAbsent(key, v);
      return prior != null ? prior : v;
    }
    return v;
  }
}
