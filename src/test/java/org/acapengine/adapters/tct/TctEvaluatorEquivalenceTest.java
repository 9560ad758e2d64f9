package org.acapengine.adapters.tct;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The conversion proof of issue 5 for TCT: {@link TctToAcap#convert} parsed by {@link RobotsTxtParser}
 * and decided by {@link CompiledPolicy} prohibits exactly what {@link TctPolicy#decide} prohibits,
 * for every descriptor of the 27 purpose-flag combinations (true / false / absent), with and
 * without obligations and dates, every query purpose and every usage. The converted text has no
 * clock, so the native decision is taken with the descriptor in force. Every converted text
 * parses without a single diagnostic.
 */
class TctEvaluatorEquivalenceTest {

  static final List<String> USAGES = List.of("crawl", "follow", "index", "preserve", "present", "present-original",
      "present-currentcopy", "present-oldcopy", "present-snippet", "present-thumbnail", "present-oldsnippet",
      "present-oldthumbnail", "present-link", "other");

  static final List<String> PURPOSES = Arrays.asList(null, "search", "ai-input", "ai-train", "AI-Train", "news", "mirror", "ai-*");

  static final String[] STATES = {"true", "false", null};

  static Stream<String> descriptors() {
    List<String> all = new ArrayList<>();
    int i = 0;
    for (String search : STATES) {
      for (String input : STATES) {
        for (String train : STATES) {
          StringBuilder purposes = new StringBuilder();
          append(purposes, "allow_search_indexing", search);
          append(purposes, "allow_ai_input", input);
          append(purposes, "allow_ai_train", train);
          String extras = switch (i++ % 3) {
            case 0 -> "";
            case 1 -> ",\"requirements\":{\"attribution_required\":true,\"notice_required\":true}";
            default -> ",\"version\":3,\"effective\":\"2025-10-01T00:00:00Z\",\"updated\":\"2025-10-15T12:00:00Z\","
                + "\"policy_urls\":{\"contact\":\"https://example.com/contact\"},\"rate_hints\":{\"max_requests_per_day\":100}";
          };
          all.add("{\"profile\":\"tct-policy-1\",\"purposes\":{" + purposes + "}" + extras + "}");
        }
      }
    }
    return all.stream();
  }

  private static void append(StringBuilder b, String field, String value) {
    if (value != null) {
      b.append(b.length() == 0 ? "" : ",").append('"').append(field).append("\":").append(value);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("descriptors")
  void theConvertedTextProhibitsExactlyWhatTheDescriptorProhibits(String json) {
    TctPolicy policy = new TctPolicyReader().read(json.getBytes(StandardCharsets.UTF_8), "llm-policy.json").policy().orElseThrow();
    String acap = TctToAcap.convert(policy);
    PolicyDocument doc = new RobotsTxtParser().parse(acap, "converted.txt");
    assertThat(doc.diagnostics().stream().map(Diagnostic::message))
        .as("converted text\n%s", acap).isEmpty();
    CompiledPolicy engine = CompiledPolicy.compile(doc);
    Instant inForce = policy.effective().orElse(Instant.EPOCH);
    for (String purpose : PURPOSES) {
      for (String usage : USAGES) {
        boolean nativeProhibits = policy.decide(usage, Optional.ofNullable(purpose), inForce).prohibited();
        Decision d = engine.decide(Query.builder().crawler("anybot").purpose(purpose).usage(usage).url("/any/path").build());
        assertThat(!d.allowed()).as("%s for purpose %s: native %s, engine %s (%s) on\n%s", usage, purpose,
            nativeProhibits ? "prohibits" : "does not", d.allowed() ? "allows" : "prohibits", d.deciding(), acap)
            .isEqualTo(nativeProhibits);
      }
    }
  }

  /**
   * The one documented difference: a usage outside ACAP 2.5 is an {@code other} usage to ACAP, so
   * the converted {@code ACAP-disallow-other: *} prohibits it for a prohibited purpose, while the
   * native decision has no opinion on names that are not ACAP usages (docs/adapters.md).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"train", "my-local-usage"})
  void usagesOutsideAcapAreOtherUsagesToTheConvertedText(String usage) {
    TctPolicy policy = new TctPolicyReader().read("{\"purposes\":{\"allow_ai_train\":false}}".getBytes(StandardCharsets.UTF_8), "p.json")
        .policy().orElseThrow();
    CompiledPolicy engine = CompiledPolicy.compile(new RobotsTxtParser().parse(TctToAcap.convert(policy), "converted.txt"));
    assertThat(policy.decide(usage, Optional.of("ai-train"), Instant.EPOCH).prohibited()).isFalse();
    assertThat(engine.decide(Query.builder().crawler("bot").purpose("ai-train").usage(usage).url("/a").build()).allowed()).isFalse();
    assertThat(engine.decide(Query.builder().crawler("bot").purpose("search").usage(usage).url("/a").build()).allowed()).isTrue();
  }

  /** Merged into a robots.txt, the crawl and follow permissions at '*' are outranked by its rules. */
  @ParameterizedTest(name = "{0} {1} -> allowed {2}")
  @CsvSource({
      "crawl,/private/a,false",
      "crawl,/public/a,true",
      "follow,/private/a,true",
      "crawl,/anything,true",
  })
  void inAMergedRobotsTxtTheCrawlPermissionIsTheBroadest(String usage, String path, boolean allowed) {
    TctPolicy policy = new TctPolicyReader().read("{\"purposes\":{\"allow_ai_train\":false}}".getBytes(StandardCharsets.UTF_8), "p.json")
        .policy().orElseThrow();
    String merged = "User-agent: *\nDisallow: /private/\n\n" + TctToAcap.convert(policy).replace("##ACAP version=1.0\n", "");
    CompiledPolicy engine = CompiledPolicy.compile(new RobotsTxtParser().parse(merged, "merged.txt"));
    assertThat(engine.decide(Query.builder().crawler("bot").purpose("ai-train").usage(usage).url(path).build()).allowed()).isEqualTo(allowed);
    String blocked = "User-agent: *\nDisallow: /\n\n" + TctToAcap.convert(policy).replace("##ACAP version=1.0\n", "");
    CompiledPolicy all = CompiledPolicy.compile(new RobotsTxtParser().parse(blocked, "blocked.txt"));
    assertThat(all.decide(Query.builder().crawler("bot").purpose("ai-train").usage("crawl").url(path).build()).allowed()).isFalse();
  }
}
