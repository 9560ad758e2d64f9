package org.acapengine.adapters.tct;

import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;
import static org.acapengine.adapters.tct.TctTestSupport.codes;
import static org.acapengine.adapters.tct.TctTestSupport.policy;
import static org.acapengine.adapters.tct.TctTestSupport.read;
import static org.acapengine.adapters.tct.TctTestSupport.resource;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;
import org.acapengine.model.Span;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TctPolicyReaderTest {

  @Test
  void readsTheDraftExampleWithoutDiagnostics() {
    TctPolicyResult r = new TctPolicyReader().read(resource("draft-example.json"), "https://example.com/llm-policy.json");
    assertThat(r.diagnostics()).isEmpty();
    TctPolicy p = r.policy().orElseThrow();
    assertThat(p.profile()).contains("tct-policy-1");
    assertThat(p.version()).contains(1L);
    assertThat(p.effective()).contains(Instant.parse("2025-10-01T00:00:00Z"));
    assertThat(p.updated()).contains(Instant.parse("2025-10-15T12:00:00Z"));
    assertThat(p.policyUrls()).containsExactly(
        entry("terms_of_service", "https://example.com/terms/"),
        entry("payment_info", "https://example.com/pricing/"),
        entry("contact", "https://example.com/contact/"));
    assertThat(p.purpose(UsagePurpose.AI_INPUT)).isEqualTo(Verdict.ALLOWED);
    assertThat(p.purpose(UsagePurpose.AI_TRAIN)).isEqualTo(Verdict.PROHIBITED);
    assertThat(p.purpose(UsagePurpose.SEARCH)).isEqualTo(Verdict.ALLOWED);
    assertThat(p.obligations()).containsExactly(Obligation.ATTRIBUTION, Obligation.NOTICE);
    assertThat(p.rateHints().maxRequestsPerSecond()).isEmpty();
    assertThat(p.rateHints().maxRequestsPerDay().map(Hint::value)).contains(10_000L);
    assertThat(p.rateHints().note()).contains("Advisory limits, honor system");
    CrawlHints hints = p.crawlHints();
    assertThat(hints.requestsPerDay().orElseThrow().source().line()).isEqualTo(23);
    assertThat(hints.requestsPerDay().orElseThrow().source().text()).isEqualTo("\"max_requests_per_day\": 10000");
    assertThat(hints.requestRate()).isEmpty();
  }

  @ParameterizedTest(name = "{0}: {1} -> {2}")
  @CsvSource({
      "allow_search_indexing,true,SEARCH,ALLOWED",
      "allow_search_indexing,false,SEARCH,PROHIBITED",
      "allow_ai_input,true,AI_INPUT,ALLOWED",
      "allow_ai_input,false,AI_INPUT,PROHIBITED",
      "allow_ai_train,true,AI_TRAIN,ALLOWED",
      "allow_ai_train,false,AI_TRAIN,PROHIBITED",
  })
  void purposeFlagsMapToStates(String field, String value, UsagePurpose purpose, Verdict state) {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"purposes\":{\"" + field + "\":" + value + "}}");
    assertThat(r.diagnostics()).isEmpty();
    TctPolicy p = r.policy().orElseThrow();
    assertThat(p.purpose(purpose)).isEqualTo(state);
    for (UsagePurpose other : UsagePurpose.values()) {
      if (other != purpose) {
        assertThat(p.purpose(other)).isEqualTo(Verdict.NO_OPINION);
      }
    }
  }

  @ParameterizedTest(name = "purposes.allow_ai_train = {0}: not stated, {1}")
  @CsvSource(delimiter = '|', value = {
      "'\"false\"'|tct-wrong-type|WARNING",
      "0|tct-wrong-type|WARNING",
      "1|tct-wrong-type|WARNING",
      "[]|tct-wrong-type|WARNING",
      "{}|tct-wrong-type|WARNING",
      "null|tct-null-member|INFO",
  })
  void nonBooleanPurposesAreNotStatedWithADiagnostic(String value, String code, Severity severity) {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\n\"purposes\":{\"allow_ai_train\": " + value + "}}");
    assertThat(r.policy().orElseThrow().purpose(UsagePurpose.AI_TRAIN)).isEqualTo(Verdict.NO_OPINION);
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo(code);
      assertThat(d.severity()).isEqualTo(severity);
      assertThat(d.span().line()).isEqualTo(2);
      assertThat(d.span().column()).isEqualTo(31);
    });
  }

  @ParameterizedTest(name = "requirements.{0} = {1}: {2}")
  @CsvSource({
      "attribution_required,true,ATTRIBUTION",
      "link_back_required,true,LINK_BACK",
      "notice_required,true,NOTICE",
      "attribution_required,false,",
      "link_back_required,false,",
      "notice_required,false,",
  })
  void requirementsMapToObligations(String field, boolean value, Obligation obligation) {
    TctPolicy p = policy("{\"profile\":\"tct-policy-1\",\"requirements\":{\"" + field + "\":" + value + "}}");
    if (obligation == null) {
      assertThat(p.obligations()).isEmpty();
    } else {
      assertThat(p.obligations()).containsExactly(obligation);
    }
  }

  @Test
  void nonBooleanRequirementsImposeNothingAndAreReported() {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"requirements\":{\"notice_required\":\"yes\"}}");
    assertThat(r.policy().orElseThrow().obligations()).isEmpty();
    assertThat(codes(r)).containsExactly("tct-wrong-type");
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', value = {
      "effective|2025-10-01T00:00:00Z|2025-10-01T00:00:00Z",
      "effective|2025-10-01t00:00:00z|2025-10-01T00:00:00Z",
      "effective|2025-10-01T02:00:00+02:00|2025-10-01T00:00:00Z",
      "effective|2025-09-30T19:30:00-04:30|2025-10-01T00:00:00Z",
      "effective|2025-10-01T00:00:00.123456789Z|2025-10-01T00:00:00.123456789Z",
      "effective|2025-10-01T00:00:00-00:00|2025-10-01T00:00:00Z",
      "updated|2016-12-31T23:59:60Z|2017-01-01T00:00:00Z",
  })
  void timestampsAreRfc3339(String field, String text, String expected) {
    TctPolicy p = policy("{\"profile\":\"tct-policy-1\",\"" + field + "\":\"" + text + "\"}");
    Optional<Instant> value = field.equals("effective") ? p.effective() : p.updated();
    assertThat(value).contains(Instant.parse(expected));
  }

  @ParameterizedTest(name = "effective ''{0}'' is invalid")
  @ValueSource(strings = {"2025-10-01 00:00:00Z", "2025-10-01T00:00:00", "2025-10-01", "2025-13-01T00:00:00Z",
      "2025-02-30T00:00:00Z", "2025-10-01T24:00:00Z", "2025-10-01T00:00:00+25:00", "yesterday", "",
      "2025-10-01T00:00:00.Z", "２０２５-10-01T00:00:00Z"})
  void invalidTimestampsAreReportedAndIgnored(String text) {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"effective\":\"" + text + "\"}");
    assertThat(r.policy().orElseThrow().effective()).isEmpty();
    assertThat(codes(r)).containsExactly("tct-bad-timestamp");
  }

  @ParameterizedTest(name = "version {0}")
  @CsvSource(delimiter = '|', value = {
      "0|0|", "42|42|", "9223372036854775807|9223372036854775807|",
      "-1||tct-bad-number", "9223372036854775808||tct-bad-number", "1.0||tct-wrong-type", "1e2||tct-wrong-type",
      "'\"1\"'||tct-wrong-type",
  })
  void versionIsANonNegativeInteger(String json, Long expected, String code) {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"version\":" + json + "}");
    assertThat(r.policy().orElseThrow().version()).isEqualTo(Optional.ofNullable(expected));
    assertThat(codes(r)).isEqualTo(code == null ? java.util.List.of() : java.util.List.of(code));
  }

  @ParameterizedTest(name = "profile {0}")
  @CsvSource(delimiter = '|', value = {
      "'\"tct-policy-1\"'|true|",
      "'\"tct-policy-2\"'|false|tct-unknown-profile",
      "'\"TCT-POLICY-1\"'|false|tct-unknown-profile",
      "1|false|tct-wrong-type",
  })
  void profile(String json, boolean known, String code) {
    TctPolicyResult r = read("{\"profile\":" + json + ",\"purposes\":{\"allow_ai_train\":false}}");
    TctPolicy p = r.policy().orElseThrow();
    assertThat(p.profile().isPresent()).isEqualTo(known);
    assertThat(p.purpose(UsagePurpose.AI_TRAIN)).as("other members are still read").isEqualTo(Verdict.PROHIBITED);
    assertThat(codes(r)).isEqualTo(code == null ? java.util.List.of() : java.util.List.of(code));
  }

  @Test
  void aMissingProfileIsReportedAndTheRestRead() {
    TctPolicyResult r = read("{\"purposes\":{\"allow_ai_train\":false}}");
    assertThat(codes(r)).containsExactly("tct-missing-profile");
    assertThat(r.policy().orElseThrow().purpose(UsagePurpose.AI_TRAIN)).isEqualTo(Verdict.PROHIBITED);
  }

  @ParameterizedTest(name = "unknown member at {0}")
  @CsvSource(delimiter = '|', value = {
      "{\"profile\":\"tct-policy-1\",\"licence\":\"CC-BY\"}|licence",
      "{\"profile\":\"tct-policy-1\",\"purposes\":{\"allow_ai_summaries\":false}}|purposes.allow_ai_summaries",
      "{\"profile\":\"tct-policy-1\",\"requirements\":{\"payment_required\":true}}|requirements.payment_required",
      "{\"profile\":\"tct-policy-1\",\"rate_hints\":{\"crawl_delay\":10}}|rate_hints.crawl_delay",
  })
  void extraMembersAreReportedAndIgnored(String json, String path) {
    TctPolicyResult r = read(json);
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo("tct-unknown-member");
      assertThat(d.message()).contains("'" + path + "'");
    });
    TctPolicy p = r.policy().orElseThrow();
    assertThat(p.purposes()).containsOnlyKeys(UsagePurpose.values()).allSatisfy((k, v) -> assertThat(v).isEqualTo(Verdict.NO_OPINION));
    assertThat(p.obligations()).isEmpty();
    assertThat(p.rateHints().isEmpty()).isTrue();
  }

  @ParameterizedTest(name = "rate_hints {0}")
  @CsvSource(delimiter = '|', value = {
      "{\"max_requests_per_second\": 2}|2||",
      "{\"max_requests_per_second\": 0.5}|0.5||",
      "{\"max_requests_per_second\": 0}|0||",
      "{\"max_requests_per_second\": 1e2}|100||",
      "{\"max_requests_per_second\": null, \"max_requests_per_day\": null}|||",
      "{\"max_requests_per_day\": 10000}||10000|",
      "{\"max_requests_per_second\": -1}|||tct-bad-rate-hint",
      "{\"max_requests_per_second\": 1e999}|||tct-bad-rate-hint",
      "{\"max_requests_per_second\": 1e-999}|||tct-bad-rate-hint",
      "{\"max_requests_per_second\": \"2\"}|||tct-wrong-type",
      "{\"max_requests_per_day\": 10.5}|||tct-wrong-type",
      "{\"max_requests_per_day\": -5}|||tct-bad-rate-hint",
      "{\"note\": 5}|||tct-wrong-type",
  })
  void rateHints(String object, BigDecimal perSecond, Long perDay, String code) {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"rate_hints\":" + object + "}");
    TctRateHints h = r.policy().orElseThrow().rateHints();
    assertThat(h.maxRequestsPerSecond().map(Hint::value).map(BigDecimal::stripTrailingZeros))
        .isEqualTo(Optional.ofNullable(perSecond).map(BigDecimal::stripTrailingZeros));
    assertThat(h.maxRequestsPerDay().map(Hint::value)).isEqualTo(Optional.ofNullable(perDay));
    assertThat(codes(r)).isEqualTo(code == null ? java.util.List.of() : java.util.List.of(code));
  }

  @Test
  void perSecondRateHintBecomesAnExactRequestRate() {
    CrawlHints hints = policy("{\"profile\":\"tct-policy-1\",\"rate_hints\":{\"max_requests_per_second\":0.5}}").crawlHints();
    assertThat(hints.requestRate().orElseThrow().value().requestsPerSecond()).isEqualByComparingTo("0.5");
  }

  @ParameterizedTest(name = "policy_urls {0}")
  @CsvSource(delimiter = '|', value = {
      "\"https://example.com/terms/\"|https://example.com/terms/|",
      "\"mailto:legal@example.com\"|mailto:legal@example.com|",
      "\"/terms/\"|https://example.com/terms/|",
      "\"not a url\"||tct-bad-url",
      "42||tct-wrong-type",
  })
  void policyUrls(String json, String expected, String code) {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"policy_urls\":{\"terms_of_service\":" + json + "}}");
    assertThat(Optional.ofNullable(r.policy().orElseThrow().policyUrls().get("terms_of_service")))
        .isEqualTo(Optional.ofNullable(expected).map(URI::create));
    assertThat(codes(r)).isEqualTo(code == null ? java.util.List.of() : java.util.List.of(code));
  }

  @Test
  void relativePolicyUrlsNeedAnAbsoluteSourceName() {
    TctPolicyResult r = new TctPolicyReader().read(
        "{\"profile\":\"tct-policy-1\",\"policy_urls\":{\"terms\":\"/terms/\"}}".getBytes(StandardCharsets.UTF_8), "llm-policy.json");
    assertThat(r.policy().orElseThrow().policyUrls()).isEmpty();
    assertThat(codes(r)).containsExactly("tct-bad-url");
  }

  @ParameterizedTest(name = "{0} must be an object")
  @ValueSource(strings = {"policy_urls", "purposes", "requirements", "rate_hints"})
  void objectMembersOfTheWrongTypeAreReported(String member) {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"" + member + "\":[true]}");
    assertThat(codes(r)).containsExactly("tct-wrong-type");
    assertThat(r.policy()).isPresent();
  }

  @Test
  void duplicateMembersUseTheLastOccurrenceAndReportTheOthers() {
    TctPolicyResult r = new TctPolicyReader().read(resource("duplicate-keys.json"), "duplicate-keys.json");
    TctPolicy p = r.policy().orElseThrow();
    assertThat(p.purpose(UsagePurpose.AI_TRAIN)).isEqualTo(Verdict.PROHIBITED);
    assertThat(p.purpose(UsagePurpose.AI_INPUT)).isEqualTo(Verdict.PROHIBITED);
    assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("tct-duplicate-member");
    assertThat(r.diagnostics().get(0).span().line()).isEqualTo(3);
    assertThat(r.diagnostics().get(0).message()).contains("line 7");
  }

  @Test
  void eachPurposeFlagKeepsItsLineSoThatDecisionsCanCiteIt() {
    TctPolicy example = new TctPolicyReader().read(resource("draft-example.json"), "llm-policy.json").policy().orElseThrow();
    assertThat(example.purposeLine(UsagePurpose.AI_INPUT)).isEqualTo(12);
    assertThat(example.purposeLine(UsagePurpose.AI_TRAIN)).isEqualTo(13);
    assertThat(example.purposeLine(UsagePurpose.SEARCH)).isEqualTo(14);
    TctPolicy duplicates = new TctPolicyReader().read(resource("duplicate-keys.json"), "duplicate-keys.json").policy().orElseThrow();
    assertThat(duplicates.purposeLine(UsagePurpose.AI_TRAIN)).as("the occurrence that is used").isEqualTo(8);
    assertThat(duplicates.purposeLine(UsagePurpose.AI_INPUT)).isEqualTo(9);
    assertThat(duplicates.purposeLine(UsagePurpose.SEARCH)).as("not stated").isZero();
    TctPolicy wrongType = policy("{\"profile\":\"tct-policy-1\",\n\"purposes\":{\"allow_ai_train\":\"no\"}}");
    assertThat(wrongType.purposeLine(UsagePurpose.AI_TRAIN)).as("not a boolean, not read").isZero();
  }

  @Test
  void duplicatesInsideAnObjectAreResolvedTheSameWay() {
    TctPolicyResult r = read("{\"profile\":\"tct-policy-1\",\"purposes\":{\"allow_ai_train\":false,\"allow_ai_train\":true}}");
    assertThat(r.policy().orElseThrow().purpose(UsagePurpose.AI_TRAIN)).isEqualTo(Verdict.ALLOWED);
    assertThat(codes(r)).containsExactly("tct-duplicate-member");
  }

  @Test
  void malformedMembersEachGiveADiagnosticAndTheValidOnesAreUsed() {
    TctPolicyResult r = new TctPolicyReader().read(resource("malformed-members.json"), "malformed-members.json");
    TctPolicy p = r.policy().orElseThrow();
    assertThat(p.purpose(UsagePurpose.AI_TRAIN)).isEqualTo(Verdict.PROHIBITED);
    assertThat(p.purpose(UsagePurpose.AI_INPUT)).isEqualTo(Verdict.NO_OPINION);
    assertThat(p.purpose(UsagePurpose.SEARCH)).isEqualTo(Verdict.NO_OPINION);
    assertThat(p.profile()).isEmpty();
    assertThat(p.version()).isEmpty();
    assertThat(p.effective()).isEmpty();
    assertThat(p.updated()).isEmpty();
    assertThat(p.policyUrls()).isEmpty();
    assertThat(p.obligations()).isEmpty();
    assertThat(p.rateHints().isEmpty()).isTrue();
    assertThat(r.diagnostics()).extracting(d -> d.span().line() + ":" + d.code()).containsExactly(
        "2:tct-unknown-profile",
        "3:tct-wrong-type",
        "4:tct-bad-timestamp",
        "5:tct-bad-timestamp",
        "7:tct-bad-url",
        "8:tct-wrong-type",
        "11:tct-wrong-type",
        "13:tct-null-member",
        "14:tct-unknown-member",
        "16:tct-wrong-type",
        "18:tct-bad-rate-hint",
        "19:tct-wrong-type",
        "20:tct-unknown-member",
        "22:tct-unknown-member");
  }

  @ParameterizedTest(name = "rejected whole: {0}")
  @CsvSource(delimiter = '|', value = {
      "''|tct-not-json",
      "'   '|tct-not-json",
      "{|tct-not-json",
      "{\"profile\":\"tct-policy-1\",}|tct-not-json",
      "{\"profile\":'tct-policy-1'}|tct-not-json",
      "{\"a\":1} {\"b\":2}|tct-not-json",
      "{\"a\":1} x|tct-not-json",
      "{\"a\":NaN}|tct-not-json",
      "{\"a\":01}|tct-not-json",
      "/* comment */ {}|tct-not-json",
      "[]|tct-not-object",
      "[{\"profile\":\"tct-policy-1\"}]|tct-not-object",
      "'\"tct-policy-1\"'|tct-not-object",
      "42|tct-not-object",
      "null|tct-not-object",
      "true|tct-not-object",
  })
  void documentsThatAreNotOneJsonObjectAreRejectedWhole(String text, String code) {
    TctPolicyResult r = read(text);
    assertThat(r.policy()).isEmpty();
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo(code);
      assertThat(d.severity()).isEqualTo(Severity.ERROR);
    });
  }

  @Test
  void aTruncatedDocumentIsRejectedWholeWithTheLocationOfTheProblem() {
    TctPolicyResult r = new TctPolicyReader().read(resource("truncated.json"), "truncated.json");
    assertThat(r.policy()).isEmpty();
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo("tct-not-json");
      assertThat(d.span().line()).isEqualTo(5);
    });
  }

  @Test
  void documentsOverTheSizeLimitAreRejectedWhole() {
    byte[] draft = resource("draft-example.json");
    assertThat(new TctPolicyReader(draft.length, 16).read(draft, "x").policy()).isPresent();
    TctPolicyResult r = new TctPolicyReader(draft.length - 1, 16).read(draft, "x");
    assertThat(r.policy()).isEmpty();
    assertThat(codes(r)).containsExactly("tct-too-large");
    assertThat(TctPolicyReader.DEFAULT_MAX_BYTES).isEqualTo(64 * 1024);
  }

  @Test
  void nestingDeeperThanTheLimitIsRejectedWhole() {
    String atLimit = "{\"x\":" + "[".repeat(15) + "]".repeat(15) + "}";
    String overLimit = "{\"x\":" + "[".repeat(16) + "]".repeat(16) + "}";
    assertThat(read(atLimit).policy()).isPresent();
    TctPolicyResult r = read(overLimit);
    assertThat(r.policy()).isEmpty();
    assertThat(codes(r)).containsExactly("tct-too-deep");
    TctPolicyResult deep = read("{\"x\":" + "[".repeat(100_000));
    assertThat(deep.policy()).isEmpty();
  }

  @Test
  void invalidUtf8IsRejectedWholeWithItsLocation() {
    byte[] bytes = "{\n\"note\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
    TctPolicyResult r = new TctPolicyReader().read(bytes, "latin1.json");
    assertThat(r.policy()).isEmpty();
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo("tct-bad-encoding");
      assertThat(d.span()).isEqualTo(new Span(2, 13, 2, 13));
    });
  }

  @Test
  void aUtf8ByteOrderMarkIsIgnoredAndColumnsStayRight() {
    byte[] bytes = "\uFEFF{\"profile\":\"tct-policy-1\",\"version\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    TctPolicyResult r = new TctPolicyReader().read(bytes, "bom.json");
    assertThat(r.policy()).isPresent();
    assertThat(r.diagnostics()).singleElement().satisfies(d -> assertThat(d.span()).isEqualTo(new Span(1, 37, 1, 39)));
  }

  @Test
  void nonAsciiStringsAreKept() {
    TctPolicy p = policy("{\"profile\":\"tct-policy-1\",\"rate_hints\":{\"note\":\"Limites indicatives, café ☕\"}}");
    assertThat(p.rateHints().note()).contains("Limites indicatives, café ☕");
  }

  private static java.util.Map.Entry<String, URI> entry(String key, String uri) {
    return java.util.Map.entry(key, URI.create(uri));
  }
}
