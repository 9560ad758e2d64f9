package org.acapengine.compat.crawlercommons.ported;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.util.Collection;
import java.util.function.BiPredicate;

/** crawler-commons 1.6's own tests on its own parser: the harness is right when all of them pass. */
public class OnCrawlerCommons extends SimpleRobotRulesParserPort {

  @Override
  protected BaseRobotsParser newParser(boolean exactUserAgentMatching) {
    SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
    parser.setExactUserAgentMatching(exactUserAgentMatching);
    return parser;
  }

  @Override
  protected int ruleCount(BaseRobotRules rules) {
    return ((SimpleRobotRules) rules).getRobotRules().size();
  }

  @Override
  protected int numWarnings(BaseRobotsParser parser) {
    return ((SimpleRobotRulesParser) parser).getNumWarnings();
  }

  @Override
  protected Collection<String> sanitizeRobotNames(Collection<String> robotNames) {
    return SimpleRobotRulesParser.sanitizeRobotNames(robotNames);
  }

  @Override
  protected BaseRobotsParser parserMatchingUserAgentsBy(BiPredicate<String, Collection<String>> matcher) {
    return new SimpleRobotRulesParser() {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean userAgentProductTokenPartialMatch(String userAgent, Collection<String> targetTokens) {
        return matcher.test(userAgent, targetTokens);
      }
    };
  }
}
