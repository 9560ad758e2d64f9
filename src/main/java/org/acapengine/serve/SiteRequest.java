package org.acapengine.serve;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tct.TctPolicyResult;
import org.acapengine.adapters.tdmrep.TdmRepReader;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.load.CachedPolicy;
import org.acapengine.load.Origin;
import org.acapengine.load.PolicyCache;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.render.PlainText;
import org.acapengine.site.ContentUsageSource;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SitePolicy;
import org.acapengine.site.TdmRepSource;

/**
 * A request's policy sources made into a {@link SitePolicy}: the robots.txt inline ({@code
 * robots_txt}) or by URL ({@code robots}, through the {@link PolicyCache}), and the other formats
 * inline ({@code llm_policy}, {@code scorpion}, {@code tdmrep}, {@code content_usage}). The one
 * place that knows which fields name which source: a new source format is a new field here and in
 * {@link #SOURCE_FIELDS}. Inline files are parsed from the request alone: nothing is read from disk
 * and permissions references are not followed.
 */
final class SiteRequest {

  /** The name an inline robots.txt goes by in answers (the deciding line's {@code source}). */
  static final String ROBOTS_NAME = "robots.txt";

  /** The fields that carry a source beside the robots.txt. */
  static final Set<String> SOURCE_FIELDS = Set.of("llm_policy", "scorpion", "tdmrep", "content_usage");

  private final PolicyCache cache;
  private final ParseOptions parse;
  private final Clock clock;

  SiteRequest(PolicyCache cache, ParseOptions parse, Clock clock) {
    this.cache = cache;
    this.parse = parse;
    this.clock = clock;
  }

  /** A robots.txt text parsed as the file {@code name}. */
  PolicyDocument parse(String text, String name) {
    return new RobotsTxtParser(parse).parse(text.getBytes(StandardCharsets.UTF_8), name);
  }

  /**
   * The site policy of a request: at most one of {@code robots_txt} and {@code robots} ({@code
   * robots} only when {@code urlAllowed}), and the other sources given; at least one source.
   */
  SitePolicy site(RequestBody body, boolean urlAllowed) {
    SitePolicy.Builder b = SitePolicy.builder().clock(clock);
    Optional<String> inline = body.file("robots_txt");
    Optional<String> url = body.string("robots");
    if (inline.isPresent() && url.isPresent()) {
      throw ApiException.badRequest("give either 'robots_txt' (the file's text) or 'robots' (its URL), not both");
    }
    if (url.isPresent() && !urlAllowed) {
      throw ApiException.badRequest("this endpoint takes 'robots_txt' (the file's text), not 'robots'");
    }
    inline.ifPresent(text -> b.robots(CompiledPolicy.compile(parse(text, ROBOTS_NAME))));
    url.ifPresent(u -> b.robots(fetched(u)));
    boolean other = addOthers(b, body);
    if (inline.isEmpty() && url.isEmpty() && !other) {
      throw ApiException.badRequest(urlAllowed ? "a policy is required: 'robots_txt' (the file's text) or 'robots' (its URL)" : "'robots_txt' is required");
    }
    return b.build();
  }

  /** The sources other than the robots.txt that a request gives, added to {@code b}; whether there was any. */
  private boolean addOthers(SitePolicy.Builder b, RequestBody body) {
    boolean any = false;
    Optional<String> llm = body.file("llm_policy");
    if (llm.isPresent()) {
      TctPolicyResult r = new TctPolicyReader().read(llm.get().getBytes(StandardCharsets.UTF_8), "llm-policy.json");
      b.llmPolicy(r.policy().orElseThrow(() -> ApiException.badRequest("'llm_policy' is not a usable llm-policy.json"
          + r.diagnostics().stream().findFirst().map(d -> ": " + PlainText.shorten(d.message(), 200)).orElse(""))));
      any = true;
    }
    Optional<String> scorpion = body.file("scorpion");
    if (scorpion.isPresent()) {
      b.scorpion(new ScorpionReader().read(scorpion.get().getBytes(StandardCharsets.UTF_8), "scorpion.crawl").file());
      any = true;
    }
    Optional<String> tdmrep = body.file("tdmrep");
    if (tdmrep.isPresent()) {
      b.source(new TdmRepSource(TdmRepReader.read("tdmrep.json", tdmrep.get())));
      any = true;
    }
    Optional<String> contentUsage = body.string("content_usage");
    if (contentUsage.isPresent()) {
      b.source(ContentUsageSource.header(contentUsage.get()));
      any = true;
    }
    return any;
  }

  /** The sources other than the robots.txt that a request gives (for lint's preference-divergence). */
  List<PolicySource> others(RequestBody body) {
    SitePolicy.Builder b = SitePolicy.builder().clock(clock);
    addOthers(b, body);
    return b.build().sources();
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
