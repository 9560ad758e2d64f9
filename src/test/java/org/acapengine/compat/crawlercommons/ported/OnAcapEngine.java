package org.acapengine.compat.crawlercommons.ported;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.acapengine.compat.crawlercommons.AcapRobotRulesParser;
import org.acapengine.compat.crawlercommons.AcapRobotRules;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Severity;
import org.acapengine.parse.RobotsTxtParser;

/**
 * crawler-commons 1.6's own tests on acap-engine's bridge, {@link AcapRobotRulesParser} as a
 * crawler gets it ({@code new AcapRobotRulesParser()}). Where the original reads crawler-commons'
 * own API, the answer is acap-engine's equivalent: the rules of the groups RFC 9309 selects for
 * the names ({@link CompiledPolicy#selectedGroups}), and the warnings of the parse. crawler-commons'
 * {@code exactUserAgentMatching} setting has no counterpart: the bridge always matches product
 * tokens as RFC 9309 2.2.1 says.
 */
public class OnAcapEngine extends SimpleRobotRulesParserPort {

  /** What each rules object was parsed from: the parsed file and the names as the bridge read them. */
  private final Map<BaseRobotRules, Parsed> parsed = new IdentityHashMap<>();
  /** Each parser's last parse. */
  private final Map<BaseRobotsParser, Parsed> lastParse = new IdentityHashMap<>();

  private record Parsed(PolicyDocument document, List<String> names) {}

  @Override
  protected BaseRobotsParser newParser(boolean exactUserAgentMatching) {
    return new AcapRobotRulesParser() {
      private static final long serialVersionUID = 1L;

      @Override
      public AcapRobotRules parseContent(String url, byte[] content, String contentType, Collection<String> robotNames) {
        AcapRobotRules rules = super.parseContent(url, content, contentType, robotNames);
        Parsed p = new Parsed(new RobotsTxtParser().parse(content, url), new ArrayList<>(robotNames));
        parsed.put(rules, p);
        lastParse.put(this, p);
        return rules;
      }
    };
  }

  @Override
  protected int ruleCount(BaseRobotRules rules) {
    Parsed p = parsed.get(rules);
    List<ConventionalGroup> groups = CompiledPolicy.compile(p.document()).selectedGroups(p.names());
    return groups.stream().mapToInt(g -> g.rules().size()).sum();
  }

  @Override
  protected int numWarnings(BaseRobotsParser parser) {
    return (int) lastParse.get(parser).document().diagnostics().stream().filter(d -> d.severity().atLeast(Severity.WARNING)).count();
  }

  /** The bridge matches names case-insensitively and reads {@code *} as no name: nothing to sanitise. */
  @Override
  protected Collection<String> sanitizeRobotNames(Collection<String> robotNames) {
    return robotNames;
  }

  @Override
  protected BaseRobotsParser parserMatchingUserAgentsBy(BiPredicate<String, Collection<String>> matcher) {
    throw new UnsupportedOperationException("the bridge has no user-agent matcher to override: names are matched as RFC 9309 2.2.1 says");
  }
}
