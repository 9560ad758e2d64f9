package org.acapengine.serve;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import org.acapengine.load.CachedPolicy;
import org.acapengine.load.Loaded;
import org.acapengine.load.LoadedSite;
import org.acapengine.load.Origin;
import org.acapengine.load.PolicyCache;
import org.acapengine.load.SiteFiles;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Severity;
import org.acapengine.render.PlainText;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SitePolicy;

/**
 * A request's policy sources made into a {@link SitePolicy} by the one loader ({@link
 * SiteLoader#load}), as {@code acap check} makes a site of files: the robots.txt inline ({@code
 * robots_txt}) or by URL ({@code robots}, through the {@link PolicyCache}), and the other sources
 * inline ({@link #FILES}, {@link #HEADERS}). The one place that knows which fields name which
 * source: a new source is a row in one of those tables. Inline files are held in memory ({@link
 * SiteLoader#withTexts}): nothing is read from disk, permissions references are not followed,
 * and no URL a file names (a licence) is fetched.
 */
final class SiteRequest {

  /** The name an inline robots.txt goes by in answers (the deciding line's {@code source}). */
  static final String ROBOTS_NAME = "robots.txt";

  /** A field that carries a file: the name the file goes by in answers, and how a site adds it. */
  record FileField(String name, BiFunction<SiteFiles, String, SiteFiles> add) {}

  /** The fields that carry a file's text, in the order the loader reads them. */
  static final Map<String, FileField> FILES = files();

  /** The fields that carry a header value. */
  static final Map<String, BiFunction<SiteFiles, String, SiteFiles>> HEADERS = headers();

  /** Every field that carries a source (with {@code robots}, the robots.txt's URL). */
  static final Set<String> POLICY_FIELDS = policyFields();

  private static Map<String, FileField> files() {
    Map<String, FileField> m = new LinkedHashMap<>();
    m.put("robots_txt", new FileField(ROBOTS_NAME, SiteFiles::withRobots));
    m.put("llm_policy", new FileField("llm-policy.json", SiteFiles::withLlmPolicy));
    m.put("scorpion", new FileField("scorpion.crawl", SiteFiles::withScorpion));
    m.put("tdmrep", new FileField("tdmrep.json", SiteFiles::withTdmRep));
    m.put("page_headers", new FileField("page.headers", (f, n) -> f.withPage(n, f.page().orElse(null))));
    m.put("page_html", new FileField("page.html", (f, n) -> f.withPage(f.pageHeaders().orElse(null), n)));
    m.put("rsl", new FileField("license.xml", (f, n) -> f.withRsl(List.of(n))));
    return java.util.Collections.unmodifiableMap(m);
  }

  private static Map<String, BiFunction<SiteFiles, String, SiteFiles>> headers() {
    Map<String, BiFunction<SiteFiles, String, SiteFiles>> m = new LinkedHashMap<>();
    m.put("content_usage", SiteFiles::withContentUsage);
    m.put("content_signal", SiteFiles::withContentSignal);
    return java.util.Collections.unmodifiableMap(m);
  }

  private static Set<String> policyFields() {
    Set<String> s = new java.util.LinkedHashSet<>(FILES.keySet());
    s.addAll(HEADERS.keySet());
    s.add("robots");
    return Set.copyOf(s);
  }

  private final PolicyCache cache;
  private final SiteLoader loader;
  private final Clock clock;

  /**
   * @param cache where robots.txt URLs are fetched and kept
   * @param loader the loader inline files are read by (its options: the file limit, no network)
   * @param clock the clock dated sources are read by
   */
  SiteRequest(PolicyCache cache, SiteLoader loader, Clock clock) {
    this.cache = cache;
    this.loader = loader;
    this.clock = clock;
  }

  /**
   * A robots.txt alone, read as the file {@code name} through the loader (as {@code acap diff}
   * reads each of its two files): its policy and compiled file.
   */
  LoadedSite robots(String text, String name) {
    LoadedSite l = loader.withTexts(Map.of(name, text.getBytes(StandardCharsets.UTF_8))).load(SiteFiles.none().withRobots(name).withClock(clock));
    if (l.robots().isEmpty()) {
      throw ApiException.badRequest(PlainText.shorten(l.failure().orElse(name + " cannot be read"), 300));
    }
    return l;
  }

  /** A robots.txt text read as the file {@code name}: its document. */
  PolicyDocument parse(String text, String name) {
    return robots(text, name).robots().orElseThrow().document();
  }

  /**
   * The site policy of a request: at most one of {@code robots_txt} and {@code robots} ({@code
   * robots} only when {@code urlAllowed}), and the other sources given; at least one source.
   */
  SitePolicy site(RequestBody body, boolean urlAllowed) {
    return policy(body, urlAllowed).site();
  }

  /**
   * A request's site policy, and whether a file it rests on was cut at the size limit: a robots.txt
   * fetched by URL whose body went past 500 KiB, decided on the part read (what {@code /v1/fetch}
   * calls {@code truncated} and the command line prints as a {@code file-truncated} notice).
   */
  record Policy(SitePolicy site, boolean truncated) {}

  /** As {@link #site}, with whether a file it rests on was cut at the size limit. */
  Policy policy(RequestBody body, boolean urlAllowed) {
    Optional<String> url = body.string("robots");
    if (body.has("robots_txt") && url.isPresent()) {
      throw ApiException.badRequest("give either 'robots_txt' (the file's text) or 'robots' (its URL), not both");
    }
    if (url.isPresent() && !urlAllowed) {
      throw ApiException.badRequest("this endpoint takes 'robots_txt' (the file's text), not 'robots'");
    }
    Site site = read(body, true);
    if (url.isEmpty() && site.files.isEmpty()) {
      throw ApiException.badRequest(urlAllowed ? "a policy is required: 'robots_txt' (the file's text) or 'robots' (its URL)" : "'robots_txt' is required");
    }
    LoadedSite loaded = url.isPresent() ? site.loader.load(site.files, fetched(url.get())) : site.loader.load(site.files);
    boolean truncated = !LoadedSite.truncations(loaded.notices().stream().map(LoadedSite.Notice::diagnostic).toList()).isEmpty();
    return new Policy(checked(loaded, site.names), truncated);
  }

  /** The sources other than the robots.txt that a request gives (for lint's preference-divergence). */
  List<PolicySource> others(RequestBody body) {
    Site site = read(body, false);
    return site.files.isEmpty() ? List.of() : checked(site.loader.load(site.files), site.names).sources();
  }

  /** What a request's inline sources name, for the loader: the files, their texts and each name's field. */
  private record Site(SiteFiles files, SiteLoader loader, Map<String, String> names) {}

  private Site read(RequestBody body, boolean withRobots) {
    SiteFiles files = SiteFiles.none().withClock(clock);
    Map<String, byte[]> texts = new HashMap<>();
    Map<String, String> names = new HashMap<>();
    for (Map.Entry<String, FileField> f : FILES.entrySet()) {
      if (!withRobots && f.getKey().equals("robots_txt")) {
        continue;
      }
      Optional<String> text = body.file(f.getKey());
      if (text.isPresent()) {
        texts.put(f.getValue().name(), text.get().getBytes(StandardCharsets.UTF_8));
        names.put(f.getValue().name(), f.getKey());
        files = f.getValue().add().apply(files, f.getValue().name());
      }
    }
    for (Map.Entry<String, BiFunction<SiteFiles, String, SiteFiles>> h : HEADERS.entrySet()) {
      Optional<String> value = body.string(h.getKey());
      if (value.isPresent()) {
        files = h.getValue().apply(files, value.get().strip());
      }
    }
    return new Site(files, loader.withTexts(texts), names);
  }

  /**
   * The policy the loader assembled. A file it read but rejected whole (an llm-policy.json that is
   * not one) would be left out as if the site had none: here it is a 400 naming its field.
   */
  private static SitePolicy checked(LoadedSite loaded, Map<String, String> names) {
    for (Loaded<PolicySource> f : loaded.files()) {
      if (f.value().isEmpty() && f.failure().isEmpty()) {
        String field = names.getOrDefault(f.source(), f.source());
        String why = f.diagnostics().stream().filter(d -> d.severity().atLeast(Severity.ERROR)).findFirst().map(Diagnostic::message)
            .map(m -> ": " + PlainText.shorten(m, 200)).orElse("");
        throw ApiException.badRequest("'" + field + "' is not a usable " + f.source() + why);
      }
    }
    return loaded.orElseThrow(why -> ApiException.badRequest(PlainText.shorten(why, 300)));
  }

  /**
   * The robots.txt of the URL's origin, through the cache. An address the server's fetch options
   * refuse (at the first hop or any redirect) makes it unreachable, saying so: everything
   * prohibited, as any robots.txt that cannot be had (RFC 9309 2.3.1.4).
   */
  private PolicySource fetched(String url) {
    URI uri = checkedUrl(url, "robots");
    CachedPolicy p = cache.policy(Origin.of(uri).orElseThrow());
    return p.policy().<PolicySource>map(RobotsSource::new).orElseGet(() -> new CachedRobotsSource(p));
  }

  /** An absolute http(s) URL with a host; where it may lead is the fetcher's to check. */
  URI checkedUrl(String url, String field) {
    URI uri;
    try {
      uri = new URI(url.strip());
    } catch (URISyntaxException e) {
      throw ApiException.badRequest("'" + field + "' is not a URL: " + PlainText.shorten(url, 200));
    }
    if (Origin.of(uri).isEmpty()) {
      throw ApiException.badRequest("'" + field + "' must be an absolute http or https URL with a host: " + PlainText.shorten(url, 200));
    }
    return uri;
  }
}
