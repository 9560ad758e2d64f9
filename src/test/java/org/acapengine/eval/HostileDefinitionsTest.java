package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.acapengine.load.PolicySize;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.QualifierType;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.render.ExplanationText;
import org.acapengine.testing.HostileMemory;
import org.acapengine.testing.HostileShapes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.GraphLayout;

/**
 * Definitions are held by reference, not multiplied out (issue 26, item 1; docs/performance.md):
 * a composite usage of 3 000 members over a resource set of 3 000 patterns is one rule, its
 * decisions read the set's index once, and the policy retains at most 20 times the file's bytes,
 * which {@link PolicySize} estimates within a factor of two. Ties that differ only in their
 * qualifiers are one entry, so they decide in the time one rule does. Time goes in
 * AdversarialBenchmark; this test holds the structure that makes it so, and the answers.
 */
class HostileDefinitionsTest {

  static {
    System.setProperty("jol.magicFieldOffset", "true");
  }

  private static CompiledPolicy compile(String text) {
    return CompiledPolicy.compile(new RobotsTxtParser().parse(text, "hostile.txt"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # shape                   | usage            | allowed path | qualifiers of an allowed decision
      composite-x-set           | present-snippet  | /p2999/x     | 0
      composite-x-set           | index            | /p0/x        | 0
      composite-x-set-qualified | present-snippet  | /p1234/x     | 3000
      composite-x-set-local     | u2999            | /p17/        | 0
      """)
  void aCompositeOverASetIsOneRuleThatDecidesEveryMemberAndPattern(String shape, String usage, String allowed, int qualifiers) {
    CompiledPolicy p = compile(HostileShapes.of(shape));
    Decision yes = p.decide(Query.of("bot", usage, allowed));
    assertThat(yes.allowed()).isTrue();
    assertThat(yes.basis()).isEqualTo(Basis.ACAP_FIELD);
    assertThat(yes.deciding()).singleElement().satisfies(l -> assertThat(l.text()).startsWith("ACAP-allow-(all): the-acap:resource-set:many"));
    assertThat(yes.qualifiers()).hasSize(qualifiers);
    Decision no = p.decide(Query.of("bot", usage, "/q/x"));
    assertThat(no.basis()).isEqualTo(Basis.DEFAULT);
    // one rule, one pattern index for the set, however many members
    CrawlerView v = p.view(List.of("bot"));
    assertThat(v.any.ruleCount()).isEqualTo(1);
    Bucket b = v.anyBucket(usage);
    assertThat(b.entryCount()).isEqualTo(1);
    assertThat(b.patternCount).isEqualTo(3000);
  }

  @Test
  void bucketsOfDifferentUsagesShareTheSetsIndex() {
    CompiledPolicy p = compile(HostileShapes.of("composite-x-set-local"));
    CrawlerView v = p.view(List.of("bot"));
    Bucket first = v.anyBucket("u0");
    assertThat(first.index).isNotNull();
    for (int i = 1; i < 300; i++) {
      assertThat(v.anyBucket("u" + i).index).isSameAs(first.index);
      assertThat(p.decide(Query.of("bot", "u" + i, "/p" + (10 * i) + "/a")).allowed()).isTrue();
    }
  }

  /**
   * Every hostile shape, measured after a decision for every usage (and, for {@code
   * composite-x-set-local}, every member's usage): at most 20 times the file's bytes retained, and
   * {@link PolicySize} within a factor of two of it (docs/performance.md, "Retained heap").
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("org.acapengine.testing.HostileShapes#all")
  void retainsAtMostTwentyTimesTheFileAndPolicySizeIsWithinTwoOfIt(String shape) {
    HostileMemory m = HostileMemory.afterEveryUsage(shape);
    assertThat(m.fileBytes()).isLessThanOrEqualTo(500 * 1024);
    assertThat(m.afterEveryUsage()).as("%s: %d bytes retained for a file of %d", shape, m.afterEveryUsage(), m.fileBytes())
        .isLessThanOrEqualTo(20 * m.fileBytes());
    assertThat(m.estimateToMeasured()).as("%s: estimate %d, measured %d", shape, m.estimate(), m.afterEveryUsage()).isBetween(0.5, 2.0);
  }

  /**
   * A composite usage's members and a resource set's patterns are held by name, not as a record
   * each: a member costs its name and a few bytes, so that a composite of 3 000 usages outside the
   * dictionary (distinct names, nothing to share) keeps its parsed document within 8 times the
   * file (it held 16.6 times with a usage reference and a usage per member); the members read back
   * equal to what was written.
   */
  @Test
  void aCompositesMembersAreHeldAsNames() {
    String text = HostileShapes.of("composite-x-set-local");
    PolicyDocument doc = new RobotsTxtParser().parse(text, "hostile.txt");
    long document = GraphLayout.parseInstance(doc).totalSize();
    assertThat(document).as("document of %d bytes for a file of %d", document, text.length()).isLessThanOrEqualTo(8L * text.length());
    AcapDefinition.CompositeUsage all = doc.definitions().stream().filter(d -> d instanceof AcapDefinition.CompositeUsage)
        .map(d -> (AcapDefinition.CompositeUsage) d).findFirst().orElseThrow();
    assertThat(all.members()).hasSize(3000);
    assertThat(all.members().get(2999)).isEqualTo(new UsageRef.Standard(Usage.parse("u2999")));
  }

  @Test
  void tiesThatDifferOnlyInQualifiersAreOneEntryReportedAsACountAndTheFirstLines() {
    String text = HostileShapes.of("qualifier-ties");
    int ties = HostileShapes.qualifierTieCount();
    CompiledPolicy p = compile(text);
    Decision d = p.decide(Query.of("bot", "index", "/any/path"));
    assertThat(d.allowed()).isTrue();
    assertThat(d.deciding()).hasSize(ties);
    assertThat(d.deciding().get(0).line()).isEqualTo(2);
    assertThat(d.deciding().get(2).text()).isEqualTo("ACAP-allow-index: / max-length=3");
    assertThat(d.qualifiers()).hasSize(ties).allSatisfy(q -> assertThat(q.type()).contains(QualifierType.MAX_LENGTH));
    // one entry: deciding costs what one rule does, however many lines tie
    assertThat(p.view(List.of("bot")).anyBucket("index").entryCount()).isEqualTo(1);
    // a crawler that honours no qualifier may not index under any of them
    Decision strict = p.decide(Query.builder().crawler("bot").usage("index").url("/any/path").honouring(java.util.Set.of()).build());
    assertThat(strict.allowed()).isFalse();
  }

  @Test
  void anExplanationListsTheFirstThousandStepsForTheUsageAndCountsTheRest() {
    CompiledPolicy p = compile(HostileShapes.of("composite-x-set"));
    Query q = Query.of("bot", "present-snippet", "/p5/x");
    Explanation x = p.explain(q);
    // the first thousand steps for the usage asked about, and the first thousand for other members
    assertThat(x.rules().stream().filter(s -> s.outcome() != Explanation.Outcome.NOT_APPLICABLE)).hasSize(CompiledPolicy.EXPLAINED_RULES);
    assertThat(x.rules().stream().filter(s -> s.outcome() == Explanation.Outcome.NOT_APPLICABLE)).hasSize(CompiledPolicy.EXPLAINED_RULES);
    assertThat(x.rules().stream().filter(s -> s.outcome() == Explanation.Outcome.DECIDED)).isNotEmpty();
    assertThat(x.summary().cut()).isTrue();
    assertThat(x.summary().total()).isGreaterThan(CompiledPolicy.EXPLAINED_RULES);
    assertThat(x.decision()).isEqualTo(p.decide(q));
    String text = ExplanationText.of(x);
    assertThat(text.length()).isLessThan(1 << 20);
    assertThat(text).contains("the first " + CompiledPolicy.EXPLAINED_RULES + " by line listed").contains("not listed:");
    // the full list, on request, for a smaller product
    CompiledPolicy small = compile(HostileShapes.compositeTimesSet(40, 40, false));
    Explanation all = small.explain(Query.of("bot", "present-snippet", "/p39/x"), Integer.MAX_VALUE);
    assertThat(all.summary().cut()).isFalse();
    assertThat((long) all.rules().size()).isEqualTo(all.summary().total());
  }
}
