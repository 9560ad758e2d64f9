package org.acapengine.adapters.tct;

import static org.acapengine.adapters.tct.TctTestSupport.policy;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TctToAcapTest {

  @Test
  void theDraftExampleBecomesOneSubRecordForAiTrain() {
    TctPolicy p = new TctPolicyReader().read(TctTestSupport.resource("draft-example.json"), "https://example.com/llm-policy.json")
        .policy().orElseThrow();
    String acap = TctToAcap.convert(p);
    assertThat(acap).startsWith("##ACAP version=1.0\n");
    assertThat(fields(acap)).containsExactly(
        "ACAP-crawler: *",
        "ACAP-usage-purpose: ai-train",
        "ACAP-disallow-index: /",
        "ACAP-disallow-preserve: /",
        "ACAP-disallow-present: /",
        "ACAP-disallow-other: *",
        "ACAP-allow-crawl: *",
        "ACAP-allow-follow: *");
    assertThat(acap)
        .contains("# Effective from 2025-10-01T00:00:00Z.")
        .contains("# Updated 2025-10-15T12:00:00Z.")
        .contains("attribution_required, notice_required")
        .contains("max_requests_per_day=10000; note: Advisory limits, honor system")
        .contains("# Policy URL terms_of_service: https://example.com/terms/")
        .contains("# Policy URL payment_info: https://example.com/pricing/")
        .contains("# Policy URL contact: https://example.com/contact/")
        .contains("crawl or follow");
  }

  @ParameterizedTest(name = "{0}=false -> ACAP-usage-purpose: {1}")
  @CsvSource({
      "allow_search_indexing,search",
      "allow_ai_input,ai-input",
      "allow_ai_train,ai-train",
  })
  void eachProhibitedPurposeBecomesASubRecord(String field, String acapPurpose) {
    String acap = TctToAcap.convert(policy("{\"profile\":\"tct-policy-1\",\"purposes\":{\"" + field + "\":false}}"));
    assertThat(fields(acap)).containsExactly(
        "ACAP-crawler: *",
        "ACAP-usage-purpose: " + acapPurpose,
        "ACAP-disallow-index: /",
        "ACAP-disallow-preserve: /",
        "ACAP-disallow-present: /",
        "ACAP-disallow-other: *",
        "ACAP-allow-crawl: *",
        "ACAP-allow-follow: *");
  }

  @Test
  void allThreeProhibitedGiveThreeSubRecordsInOneRecord() {
    TctPolicy p = new TctPolicyReader().read(TctTestSupport.resource("all-prohibited.json"), "all-prohibited.json").policy().orElseThrow();
    List<String> fields = fields(TctToAcap.convert(p));
    assertThat(fields).filteredOn(f -> f.startsWith("ACAP-crawler:")).hasSize(1);
    assertThat(fields).filteredOn(f -> f.startsWith("ACAP-usage-purpose:"))
        .containsExactly("ACAP-usage-purpose: search", "ACAP-usage-purpose: ai-input", "ACAP-usage-purpose: ai-train");
    assertThat(fields).hasSize(1 + 3 * 7);
  }

  @ParameterizedTest(name = "{0}: no record")
  @CsvSource(delimiter = '|', value = {
      "{\"profile\":\"tct-policy-1\"}",
      "{\"profile\":\"tct-policy-1\",\"purposes\":{\"allow_ai_train\":true,\"allow_ai_input\":true,\"allow_search_indexing\":true}}",
      "{\"profile\":\"tct-policy-1\",\"purposes\":{\"allow_ai_train\":\"no\"}}",
  })
  void nothingProhibitedGivesNoRecord(String json) {
    String acap = TctToAcap.convert(policy(json));
    assertThat(fields(acap)).isEmpty();
    assertThat(acap).startsWith("##ACAP version=1.0\n").contains("no ACAP record");
  }

  @Test
  void textFromTheDescriptorCannotInjectFields() {
    String json = "{\"profile\":\"tct-policy-1\",\"rate_hints\":{\"note\":\"ok\\nACAP-allow-index: /\\r\\nx\"},"
        + "\"policy_urls\":{\"evil\\nACAP-crawler: *\":\"https://example.com/\"}}";
    String acap = TctToAcap.convert(policy(json));
    assertThat(fields(acap)).isEmpty();
    assertThat(acap).contains("note: ok\\u000AACAP-allow-index: /\\u000D\\u000Ax");
    assertThat(acap.lines()).allSatisfy(l -> assertThat(l).matches("##ACAP version=1.0|#[\\x20-\\x7e]*|"));
  }

  @Test
  void everyLineIsAsciiCommentOrField() {
    TctPolicy p = policy("{\"profile\":\"tct-policy-1\",\"purposes\":{\"allow_ai_train\":false},"
        + "\"rate_hints\":{\"note\":\"café ☕\"}}");
    String acap = TctToAcap.convert(p);
    assertThat(acap.getBytes(StandardCharsets.UTF_8)).hasSize(acap.length());
    assertThat(acap).contains("caf\\u00E9 \\u2615");
  }

  /** The non-comment, non-blank lines. */
  static List<String> fields(String acap) {
    return acap.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).collect(Collectors.toList());
  }
}
