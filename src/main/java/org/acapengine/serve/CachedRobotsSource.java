package org.acapengine.serve;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.acapengine.eval.Query;
import org.acapengine.hints.CrawlHints;
import org.acapengine.load.CachedPolicy;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SourceVerdict;

/**
 * A robots.txt that {@link org.acapengine.load.PolicyCache} holds no file for — unavailable (4xx)
 * or unreachable (5xx, network) — as a source that decides as the cache does (RFC 9309 2.3.1.3,
 * 2.3.1.4): allowed, or prohibited but for {@code /robots.txt}.
 */
record CachedRobotsSource(CachedPolicy cached) implements PolicySource {

  @Override
  public String kind() {
    return RobotsSource.KIND;
  }

  @Override
  public String name() {
    return cached.origin().robotsTxt().toString();
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    return RobotsSource.verdict(name(), cached.decide(query));
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }
}
