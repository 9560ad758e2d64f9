package org.acapengine.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.acapengine.audit.Audit;
import org.acapengine.audit.AuditReport;
import org.acapengine.audit.AuditRow;
import org.acapengine.audit.CrawlerList;
import org.acapengine.audit.KnownCrawler;
import org.acapengine.diff.DiffReport;
import org.acapengine.diff.DiffScope;
import org.acapengine.diff.PolicyDiff;
import org.acapengine.eval.Query;
import org.acapengine.lint.Finding;
import org.acapengine.lint.JsonReport;
import org.acapengine.lint.LintOptions;
import org.acapengine.lint.Linter;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.LoadedSite;
import org.acapengine.load.Origin;
import org.acapengine.load.PolicyCache;
import org.acapengine.load.RobotsFetch;
import org.acapengine.load.RobotsFetcher;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Usage;
import org.acapengine.parse.ParseOptions;
import org.acapengine.render.DecisionRender;
import org.acapengine.internal.json.Json;
import org.acapengine.render.PlainText;
import org.acapengine.render.Spelling;
import org.acapengine.report.AuditLegend;
import org.acapengine.report.MatrixCrawlers;
import org.acapengine.site.SitePolicy;

/**
 * The decision service behind {@code /v1/*}: each endpoint takes one JSON object and answers JSON
 * in the shapes of the command line ({@code check --format jsonl}, {@code explain --format json},
 * {@code audit --format json}, lint's JSON, {@code diff --format json}). Independent of HTTP
 * ({@link AcapServer} carries it), thread-safe, and it reads nothing from disk: files come inline,
 * robots.txt URLs through one shared {@link PolicyCache}. The fields: docs/serve.md and
 * {@code GET /v1/openapi.json}.
 */
public final class DecisionService {

  private static final Set<String> POLICY = SiteRequest.POLICY_FIELDS;

  private final ServeOptions options;
  private final SiteRequest sites;
  private final RobotsFetcher fetcher;
  private final PolicyCache cache;
  private final Map<String, Function<RequestBody, String>> endpoints;
  private final Map<String, Set<String>> fields;

  /**
   * A service with its own robots.txt cache.
   *
   * @param options the limits and fetch options
   */
  public DecisionService(ServeOptions options) {
    this.options = options;
    this.fetcher = new RobotsFetcher(options.fetch(), options.clock());
    this.cache = PolicyCache.builder().clock(options.clock()).fetcher(fetcher::fetch).maxBytes(options.cacheBytes()).build();
    // inline files only: no network (a licence a file names is not fetched), nothing from disk
    LoadOptions load = LoadOptions.defaults().withMaxBytes(options.maxFileBytes()).withRefusedAddresses(options.fetch().refusedAddresses());
    this.sites = new SiteRequest(cache, new SiteLoader(load), options.clock());
    this.endpoints = Map.of("decide", this::decide, "explain", this::explain, "audit", this::audit, "lint", this::lint, "diff", this::diff, "fetch",
        this::fetch);
    this.fields = Map.of(
        "decide", union(POLICY, Set.of("crawler", "usage", "purpose", "url", "urls")),
        "explain", union(POLICY, Set.of("crawler", "usage", "purpose", "url", "format")),
        "audit", union(POLICY, Set.of("crawlers", "paths", "format")),
        "lint", union(POLICY.stream().filter(f -> !f.equals("robots")).collect(java.util.stream.Collectors.toSet()), Set.of("today")),
        "diff", Set.of("before_txt", "after_txt", "urls", "crawlers", "usages", "purpose"),
        "fetch", Set.of("robots"));
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> s = new LinkedHashSet<>(a);
    s.addAll(b);
    return Set.copyOf(s);
  }

  /**
   * The endpoints that take a POST body.
   *
   * @return {@code decide}, {@code explain}, {@code audit}, {@code lint}, {@code diff}, {@code fetch}
   */
  public Set<String> endpoints() {
    return endpoints.keySet();
  }

  /**
   * Answers one request.
   *
   * @param endpoint the endpoint's name ({@code decide} for {@code /v1/decide})
   * @param body the request body
   * @return the answer, JSON text
   * @throws ApiException for a request the endpoint refuses (404 for an unknown endpoint)
   */
  public String answer(String endpoint, byte[] body) {
    Function<RequestBody, String> e = endpoints.get(endpoint);
    if (e == null) {
      throw new ApiException(404, "no endpoint /v1/" + PlainText.shorten(endpoint, 60));
    }
    return e.apply(RequestBody.parse(body, fields.get(endpoint), options.maxFileBytes()));
  }

  /**
   * What the page offers as suggestions: the matrix's crawlers (token, operator, function,
   * declared purposes), the usages, the purposes, how each audit label looks ({@code labels}:
   * symbol and CSS class) and the audit's legend in {@code acap audit}'s words.
   *
   * @return JSON text
   */
  public String vocabulary() {
    ObjectNode n = Json.object();
    n.put("updated", MatrixCrawlers.updated());
    ArrayNode crawlers = n.putArray("crawlers");
    for (KnownCrawler c : MatrixCrawlers.all()) {
      ObjectNode o = crawlers.addObject();
      o.put("token", c.token());
      o.put("operator", c.operator());
      o.put("function", c.function());
      c.declared().forEach(o.putArray("declared")::add);
    }
    Usage.vocabulary().forEach(n.putArray("usages")::add);
    ArrayNode purposes = n.putArray("purposes");
    Audit.PURPOSES.keySet().forEach(purposes::add);
    purposes.add("train-ai");
    ArrayNode looks = n.putArray("labels");
    for (AuditLegend.Entry e : AuditLegend.ENTRIES) {
      looks.addObject().put("label", e.label()).put("symbol", e.symbol()).put("css", e.css());
    }
    ArrayNode legend = n.putArray("legend");
    for (AuditReport.LegendLine l : AuditReport.LEGEND) {
      ObjectNode line = legend.addObject();
      l.labels().forEach(line.putArray("labels")::add);
      line.put("meaning", l.meaning()).put("text", l.text());
    }
    return Json.compact(n);
  }

  private String decide(RequestBody body) {
    SiteRequest.Policy policy = sites.policy(body, true);
    SitePolicy site = policy.site();
    Query.Builder q = query(body, site);
    if (body.has("url") == body.has("urls")) {
      throw ApiException.badRequest("give either 'url' or 'urls' (an array, answered in order)");
    }
    // Each answer says whether the robots.txt it rests on was cut at the size limit, as /v1/fetch does.
    if (body.has("url")) {
      String url = body.required("url");
      Query query = q.url(url).build();
      return DecisionRender.checkJson(url, query, site.decide(query), policy.truncated());
    }
    StringBuilder out = new StringBuilder("[");
    Query base = q.url("/").build();
    for (String url : body.strings("urls", RequestBody.MAX_URLS)) {
      if (url.isBlank()) {
        throw ApiException.badRequest("'urls' must not hold a blank entry");
      }
      Query query = base.withPath(url);
      out.append(out.length() > 1 ? "," : "").append(DecisionRender.checkJson(url, query, site.decide(query), policy.truncated()));
    }
    return out.append(']').toString();
  }

  private String explain(RequestBody body) {
    SitePolicy site = sites.site(body, true);
    Query query = query(body, site).url(body.required("url")).build();
    String format = body.string("format").orElse("json");
    var x = site.explain(query);
    return switch (format) {
      case "json" -> DecisionRender.explainJson(x);
      case "text" -> Json.compact(Json.object().put("text", DecisionRender.explainText(x, false)));
      default -> throw ApiException.badRequest("'format' must be json or text");
    };
  }

  /** The query of a request's crawler, usage (default crawl) and purpose; an unknown usage is refused. */
  private static Query.Builder query(RequestBody body, SitePolicy site) {
    String usage = body.string("usage").orElse("crawl").strip();
    if (usage.isEmpty()) {
      throw ApiException.badRequest("'usage' must not be blank");
    }
    if (!site.knowsUsage(usage)) {
      throw ApiException.badRequest("'usage': '" + PlainText.shorten(usage, 100) + "' is no ACAP usage and no policy given names it"
          + Spelling.didYouMean(usage, site.usageNames()));
    }
    Query.Builder b = Query.builder().crawlers(body.crawlers()).usage(usage);
    body.string("purpose").filter(p -> !p.isBlank()).ifPresent(p -> b.purpose(p.strip()));
    return b;
  }

  private String audit(RequestBody body) {
    SitePolicy site = sites.site(body, true);
    List<String> names = body.strings("crawlers", 256);
    if (names.stream().anyMatch(String::isBlank)) {
      throw ApiException.badRequest("'crawlers' must not hold a blank name");
    }
    CrawlerList list = new CrawlerList(MatrixCrawlers.updated(), CrawlerList.bundled().source(), MatrixCrawlers.all()).withAdded(names);
    List<String> paths = body.strings("paths", 256);
    List<AuditRow> rows = Audit.run(site, list.crawlers(), paths);
    // text and markdown: acap audit's own table, legend and deciding lines
    return switch (body.string("format").orElse("json")) {
      case "json" -> AuditReport.json(rows).strip();
      case "text" -> Json.compact(Json.object().put("text", AuditReport.text(rows, list)));
      case "markdown" -> Json.compact(Json.object().put("text", AuditReport.markdown(rows, list, SiteRequest.ROBOTS_NAME)));
      default -> throw ApiException.badRequest("'format' must be json, text or markdown");
    };
  }

  private String lint(RequestBody body) {
    String text = body.file("robots_txt").orElseThrow(() -> ApiException.badRequest("'robots_txt' is required"));
    LocalDate today = body.string("today").map(DecisionService::date).orElse(LocalDate.now(options.clock().withZone(ZoneOffset.UTC)));
    // The other files are read only to report where they and the robots.txt disagree.
    List<org.acapengine.site.PolicySource> others = sites.others(body);
    ParseOptions parse = new ParseOptions(options.maxFileBytes());
    Linter linter = new Linter(new LintOptions(today, false, parse, org.acapengine.lint.CodeSelection.all(), others));
    PolicyDocument doc = sites.parse(text, SiteRequest.ROBOTS_NAME);
    List<Finding> findings = new ArrayList<>();
    for (Diagnostic d : linter.lint(doc, Path.of("."))) {
      findings.add(new Finding(SiteRequest.ROBOTS_NAME, d));
    }
    return new JsonReport().render(findings, 1).strip();
  }

  private static LocalDate date(String s) {
    try {
      return LocalDate.parse(s.strip());
    } catch (java.time.format.DateTimeParseException e) {
      throw ApiException.badRequest("'today' must be a date, YYYY-MM-DD");
    }
  }

  private String diff(RequestBody body) {
    String before = body.file("before_txt").orElseThrow(() -> ApiException.badRequest("'before_txt' is required"));
    String after = body.file("after_txt").orElseThrow(() -> ApiException.badRequest("'after_txt' is required"));
    LoadedSite bl = sites.robots(before, "before");
    LoadedSite al = sites.robots(after, "after");
    PolicyDocument b = bl.robots().orElseThrow().document();
    PolicyDocument a = al.robots().orElseThrow().document();
    SitePolicy bs = bl.orElseThrow(ApiException::badRequest);
    SitePolicy as = al.orElseThrow(ApiException::badRequest);
    Set<String> crawlers = new LinkedHashSet<>(PolicyDiff.crawlers(List.of(b, a)));
    body.strings("crawlers", 256).stream().map(String::strip).filter(s -> !s.isEmpty()).forEach(crawlers::add);
    Set<String> paths = new LinkedHashSet<>(PolicyDiff.paths(List.of(b, a)));
    body.strings("urls", RequestBody.MAX_URLS).stream().map(String::strip).filter(s -> !s.isEmpty()).forEach(paths::add);
    List<String> usages = body.strings("usages", 32).stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    if (usages.isEmpty()) {
      usages = List.of("crawl");
    }
    for (String u : usages) {
      if (!bs.knowsUsage(u) && !as.knowsUsage(u)) {
        throw ApiException.badRequest("'usages': '" + PlainText.shorten(u, 100) + "' is no ACAP usage" + Spelling.didYouMean(u, as.usageNames()));
      }
    }
    DiffScope scope = new DiffScope(List.copyOf(crawlers), List.copyOf(paths), usages, body.string("purpose").filter(p -> !p.isBlank()));
    return DiffReport.json(PolicyDiff.compare("before", bs, "after", as, scope)).strip();
  }

  /** The robots.txt of a URL's origin, fetched as RFC 9309 says, for the editor: its text and what happened. */
  private String fetch(RequestBody body) {
    URI uri = sites.checkedUrl(body.required("robots"), "robots");
    Origin origin = Origin.of(uri).orElseThrow();
    RobotsFetch f = fetcher.fetch(origin);
    ObjectNode n = Json.object();
    n.put("url", origin.robotsTxt().toString());
    n.put("outcome", f.getClass().getSimpleName().toLowerCase(Locale.ROOT));
    n.put("describe", f.describe());
    if (f instanceof RobotsFetch.Fetched ok) {
      n.put("status", ok.status());
      n.put("truncated", ok.truncated());
      n.put("text", String.join("\n", ok.document().source().lines()) + "\n");
    }
    return Json.compact(n);
  }

  /**
   * The bytes of a UTF-8 string, for callers writing answers.
   *
   * @param json the answer
   * @return its bytes
   */
  static byte[] bytes(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
