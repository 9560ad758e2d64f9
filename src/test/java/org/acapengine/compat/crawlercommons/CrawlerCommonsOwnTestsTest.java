package org.acapengine.compat.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.acapengine.compat.crawlercommons.ported.OnAcapEngine;
import org.acapengine.compat.crawlercommons.ported.OnCrawlerCommons;
import org.acapengine.compat.crawlercommons.ported.SimpleRobotRulesParserPort;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * crawler-commons 1.6's own {@code SimpleRobotRulesParserTest} ({@link SimpleRobotRulesParserPort},
 * ported with its licence notice), run in-process on crawler-commons' parser and on the bridge:
 * on crawler-commons' parser every test passes, which shows the port is faithful; on the bridge
 * the tests that fail are exactly those that {@code compat/crawler-commons.tsv} names in its
 * {@code ported} column, each beside a row that shows the difference and the RFC 9309 section it
 * follows. A new failure, or a listed test that now passes, fails this test.
 */
class CrawlerCommonsOwnTestsTest {

  /** crawler-commons 1.6's SimpleRobotRulesParserTest: @Test methods plus parameterised cases. */
  private static final int TESTS = 217;

  @Test
  void everyTestPassesOnCrawlerCommonsOwnParser() {
    Run run = run(OnCrawlerCommons.class);
    assertThat(run.failures()).isEmpty();
    assertThat(run.passed()).hasSize(TESTS);
  }

  @Test
  void onTheBridgeExactlyTheListedDifferencesFail() throws IOException {
    Run run = run(OnAcapEngine.class);
    Set<String> listed = new TreeSet<>();
    for (CrawlerCommonsTableTest.Row row : CrawlerCommonsTableTest.rows()) {
      listed.addAll(row.portedTests());
    }
    assertThat(run.failures().keySet()).as("failing tests (with why: %s)", run.failures()).isEqualTo(listed);
    assertThat(run.passed().size() + run.failures().size()).isEqualTo(TESTS);
  }

  /** Every listed test is one of the port's. */
  @Test
  void theListedTestsExist() throws IOException {
    Run run = run(OnCrawlerCommons.class);
    for (CrawlerCommonsTableTest.Row row : CrawlerCommonsTableTest.rows()) {
      assertThat(run.passed()).as(row.id()).containsAll(row.portedTests());
    }
  }

  record Run(Set<String> passed, Map<String, String> failures) {}

  private static Run run(Class<? extends SimpleRobotRulesParserPort> harness) {
    Set<String> passed = new TreeSet<>();
    Map<String, String> failures = new TreeMap<>();
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(harness)).build();
    LauncherFactory.create().execute(request, new TestExecutionListener() {
      @Override
      public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (!id.isTest()) {
          return;
        }
        String name = name(id);
        if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
          passed.add(name);
        } else {
          failures.put(name, result.getThrowable().map(Throwable::getMessage).orElse(result.getStatus().name()));
        }
      }
    });
    return new Run(passed, failures);
  }

  /** {@code testName} for a plain test, {@code testName[n]} for the n-th case of a parameterised one. */
  static String name(TestIdentifier id) {
    String method = null;
    String invocation = null;
    for (UniqueId.Segment s : UniqueId.parse(id.getUniqueId()).getSegments()) {
      if (s.getType().equals("method") || s.getType().equals("test-template")) {
        method = s.getValue().substring(0, s.getValue().indexOf('('));
      } else if (s.getType().equals("test-template-invocation")) {
        invocation = s.getValue().substring(1);
      }
    }
    return invocation == null ? method : method + "[" + invocation + "]";
  }
}
