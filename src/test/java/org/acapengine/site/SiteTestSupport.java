package org.acapengine.site;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.acapengine.parse.RobotsTxtParser;

/** Builds site policies from inline texts, with fixed source names and a fixed clock. */
final class SiteTestSupport {

  static final String ROBOTS = "robots.txt";
  static final String LLM = "llm-policy.json";
  static final String SCORPION = "special.crawl";

  /** The clock of every row unless a row says otherwise: after every {@code effective} used in rows. */
  static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  private SiteTestSupport() {}

  /** A site from inline texts; null leaves the source out. The Scorpion text's chars are its bytes (ISO-8859-1). */
  static SitePolicy site(String robots, String llmPolicy, String scorpion, Instant now) {
    SitePolicy.Builder b = SitePolicy.builder().clock(Clock.fixed(now, ZoneOffset.UTC));
    if (robots != null) {
      b.robots(CompiledPolicy.compile(new RobotsTxtParser().parse(robots, ROBOTS)));
    }
    if (llmPolicy != null) {
      new TctPolicyReader().read(llmPolicy.getBytes(StandardCharsets.UTF_8), LLM).policy().ifPresent(b::llmPolicy);
    }
    if (scorpion != null) {
      b.scorpion(new ScorpionReader().read(scorpion.getBytes(StandardCharsets.ISO_8859_1), SCORPION).file());
    }
    return b.build();
  }

  static SitePolicy site(String robots, String llmPolicy, String scorpion) {
    return site(robots, llmPolicy, scorpion, NOW);
  }

  static Query query(String crawler, String usage, String purpose, String path) {
    return Query.builder().crawler(crawler).usage(usage).purpose(purpose).url(path).build();
  }

  /** {@code source:line} of the deciding line, {@code ""} when none decided. */
  static String where(SiteDecision d) {
    SourceLine e = d.decidingLine();
    return e == null ? "" : e.source() + ":" + e.line();
  }
}
