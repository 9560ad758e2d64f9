package org.acapengine.compat.crawlercommons;

import crawlercommons.robots.BaseRobotRules;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.UserAgentLine;

/**
 * crawler-commons' {@code BaseRobotRules.isMatchedWildcard()} (added in 1.6): true when the rules
 * come only from what the file says to every crawler ({@code User-agent: *}, and {@code
 * ACAP-crawler: *} when ACAP records are read), because nothing in the file names the crawler.
 * Set through {@code setMatchedWildcard} when the crawler-commons on the class path has it; 1.4
 * and 1.5 have neither method, and then nothing is set.
 */
final class MatchedWildcard {

  /** {@code BaseRobotRules.setMatchedWildcard(boolean)}, or null before crawler-commons 1.6. */
  private static final MethodHandle SETTER = setter();

  private MatchedWildcard() {}

  /**
   * True when a {@code *} group (or {@code *} ACAP record) applies to the crawler and no group or
   * record names it (RFC 9309 2.2.1; ACAP 1.0 part 1, 2.3.1).
   */
  static boolean of(CompiledPolicy policy, List<String> crawlerNames, boolean conventionalOnly) {
    Set<String> keys = new HashSet<>();
    for (String n : crawlerNames) {
      String k = ProductToken.key(n);
      if (!k.isEmpty()) {
        keys.add(k);
      }
    }
    boolean wildcard = false;
    for (ConventionalGroup g : policy.selectedGroups(crawlerNames)) {
      for (UserAgentLine ua : g.userAgents()) {
        String token = ProductToken.of(ua.value());
        if (token.equals(ProductToken.WILDCARD)) {
          wildcard = true;
        } else if (keys.contains(ProductToken.fold(token))) {
          return false;
        }
      }
    }
    if (!conventionalOnly) {
      for (AcapRecord r : policy.document().acapRecords()) {
        for (CrawlerName c : r.crawlers()) {
          if (c.isAnyCrawler()) {
            wildcard = true;
          } else if (keys.contains(ProductToken.key(c.name()))) {
            return false;
          }
        }
      }
    }
    return wildcard;
  }

  /** Sets the flag where crawler-commons has the setter (1.6 and later); does nothing before. */
  static void set(BaseRobotRules rules, boolean matchedWildcard) {
    if (SETTER == null) {
      return;
    }
    try {
      SETTER.invokeExact(rules, matchedWildcard);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("BaseRobotRules.setMatchedWildcard failed", e);
    }
  }

  private static MethodHandle setter() {
    try {
      return MethodHandles.publicLookup().findVirtual(BaseRobotRules.class, "setMatchedWildcard", MethodType.methodType(void.class, boolean.class));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null; // crawler-commons 1.4 or 1.5
    }
  }
}
