package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.acapengine.eval.match.ConformanceTableAccess;
import org.acapengine.eval.match.RequestPath;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every row of {@code rfc9309/conformance.tsv} (google/robotstxt's tests, RFC 9309's
 * examples, and the project's own) through the real parser and evaluator: the robots.txt has no
 * ACAP record, so the crawl decision is RFC 9309's.
 */
class Rfc9309ConformanceTest {

  @TestFactory
  Stream<DynamicTest> everyRowDecidesAsTheTableSays() {
    RobotsTxtParser parser = new RobotsTxtParser();
    return ConformanceTableAccess.rows().stream().map(row -> DynamicTest.dynamicTest(row.id(), () -> {
      PolicyDocument doc = parser.parse(row.robots(), "robots.txt");
      CompiledPolicy policy = CompiledPolicy.compile(doc);
      List<String> agents = row.userAgents().isEmpty() ? List.of("") : row.userAgents();
      Query q = new Query(agents, Optional.empty(), "crawl", RequestPath.of(row.url()), Optional.empty());
      Decision d = policy.decide(q);
      assertThat(d.allowed()).as("%s: %s (decided by %s)", row.id(), row.note(), d.deciding()).isEqualTo(row.allowed());
      assertThat(policy.decideConventionalOnly(agents, q.path()).allowed()).as("legacy reading of %s", row.id()).isEqualTo(row.allowed());
    }));
  }
}
