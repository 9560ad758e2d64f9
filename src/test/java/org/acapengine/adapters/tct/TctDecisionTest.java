package org.acapengine.adapters.tct;

import static org.acapengine.adapters.tct.TctTestSupport.policy;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class TctDecisionTest {

  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
  private static final String USAGES_COVERED = "index preserve present present-original present-currentcopy "
      + "present-oldcopy present-snippet present-thumbnail present-oldsnippet present-oldthumbnail present-link other";

  /** ai-train false, ai-input true, search not stated; attribution and notice required. */
  private static final TctPolicy POLICY = policy("{\"profile\":\"tct-policy-1\","
      + "\"purposes\":{\"allow_ai_train\":false,\"allow_ai_input\":true},"
      + "\"requirements\":{\"attribution_required\":true,\"notice_required\":true,\"link_back_required\":false}}");

  static Stream<Arguments> coveredUsages() {
    return Stream.of(USAGES_COVERED.split(" ")).map(Arguments::of);
  }

  @ParameterizedTest(name = "false for ai-train prohibits {0}")
  @MethodSource("coveredUsages")
  void falseProhibitsEveryUseOfContent(String usage) {
    TctDecision d = POLICY.decide(usage, Optional.of("ai-train"), NOW);
    assertThat(d.verdict()).isEqualTo(Verdict.PROHIBITED);
    assertThat(d.purpose()).contains(UsagePurpose.AI_TRAIN);
    assertThat(d.stated()).isEqualTo(Verdict.PROHIBITED);
    assertThat(d.obligations()).isEmpty();
    assertThat(d.reason()).contains("allow_ai_train is false");
  }

  @ParameterizedTest(name = "true for ai-input restricts nothing for {0}, with the obligations")
  @MethodSource("coveredUsages")
  void trueRestrictsNothingButCarriesTheObligations(String usage) {
    TctDecision d = POLICY.decide(usage, Optional.of("ai-input"), NOW);
    assertThat(d.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.stated()).isEqualTo(Verdict.ALLOWED);
    assertThat(d.obligations()).containsExactly(Obligation.ATTRIBUTION, Obligation.NOTICE);
  }

  @ParameterizedTest(name = "not stated for search restricts nothing for {0}, with the obligations")
  @MethodSource("coveredUsages")
  void notStatedRestrictsNothing(String usage) {
    TctDecision d = POLICY.decide(usage, Optional.of("search"), NOW);
    assertThat(d.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.stated()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.obligations()).containsExactly(Obligation.ATTRIBUTION, Obligation.NOTICE);
  }

  @ParameterizedTest(name = "{0} for ai-train: no opinion, no obligations")
  @ValueSource(strings = {"crawl", "follow", "CRAWL", " Follow "})
  void crawlAndFollowAreNotCovered(String usage) {
    TctDecision d = POLICY.decide(usage, Optional.of("ai-train"), NOW);
    assertThat(d.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.obligations()).isEmpty();
    assertThat(d.reason()).contains("robots.txt");
  }

  @ParameterizedTest(name = "unknown usage {0}: no opinion")
  @ValueSource(strings = {"train", "present-extract", "", "index-snippet"})
  void unknownUsagesGetNoOpinion(String usage) {
    TctDecision d = POLICY.decide(usage, Optional.of("ai-train"), NOW);
    assertThat(d.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.reason()).contains("not an ACAP usage");
  }

  @Test
  void usageAndPurposeNamesAreCaseInsensitive() {
    assertThat(POLICY.decide("PRESENT-Snippet", Optional.of("AI-Train"), NOW).prohibited()).isTrue();
  }

  @Test
  void aQueryWithoutPurposeGetsNoOpinion() {
    TctDecision d = POLICY.decide("index", Optional.empty(), NOW);
    assertThat(d.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.purpose()).isEmpty();
    assertThat(d.reason()).contains("no purpose");
    assertThat(d.obligations()).containsExactly(Obligation.ATTRIBUTION, Obligation.NOTICE);
  }

  @Test
  void aPurposeTheDescriptorHasNoFlagForGetsNoOpinion() {
    TctDecision d = POLICY.decide("index", Optional.of("news"), NOW);
    assertThat(d.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(d.purpose()).isEmpty();
    assertThat(d.reason()).contains("'news'");
  }

  @Test
  void aPolicyNotYetInForceHasNoOpinionAndSaysWhy() {
    TctPolicy future = policy(new String(TctTestSupport.resource("future.json"), java.nio.charset.StandardCharsets.UTF_8));
    TctDecision before = future.decide("index", Optional.of("ai-train"), NOW);
    assertThat(before.verdict()).isEqualTo(Verdict.NO_OPINION);
    assertThat(before.reason()).contains("not yet in force").contains("2999-01-01T00:00:00Z");
    assertThat(before.obligations()).isEmpty();
    TctDecision at = future.decide("index", Optional.of("ai-train"), Instant.parse("2999-01-01T00:00:00Z"));
    assertThat(at.verdict()).isEqualTo(Verdict.PROHIBITED);
  }

  @Test
  void aPolicyWithAPastEffectiveDateIsInForce() {
    TctPolicy p = policy("{\"profile\":\"tct-policy-1\",\"effective\":\"2020-01-01T00:00:00Z\",\"purposes\":{\"allow_search_indexing\":false}}");
    assertThat(p.decide("index", Optional.of("search"), NOW).prohibited()).isTrue();
  }

  @Test
  void linkBackObligationIsCarriedWhenTrue() {
    TctPolicy p = policy("{\"profile\":\"tct-policy-1\",\"requirements\":{\"link_back_required\":true}}");
    assertThat(p.decide("present-snippet", Optional.of("search"), NOW).obligations()).containsExactly(Obligation.LINK_BACK);
  }
}
