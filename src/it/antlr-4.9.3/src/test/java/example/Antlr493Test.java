package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Query;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.antlr.v4.runtime.RuntimeMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * With antlr4-runtime 4.9.3 first on the class path (its serialized-ATN format predates the one
 * acap-engine's parser is generated for), acap-engine parses, decides and explains as usual,
 * because it carries its own relocated copy of the runtime.
 */
class Antlr493Test {

  static final String ROBOTS = String.join("\n",
      "User-agent: *",
      "Disallow: /",
      "",
      "ACAP-crawler: *",
      "ACAP-disallow-crawl: /",
      "ACAP-crawler: named-crawler",
      "ACAP-allow-crawl: /public/",
      "ACAP-allow-index: /public/",
      "ACAP-disallow-index: /public/drafts/",
      "");

  @Test
  void antlr493IsTheAntlrOnTheClassPath() {
    assertEquals("4.9.3", RuntimeMetaData.VERSION);
  }

  @ParameterizedTest
  @CsvSource({
      "named-crawler, index, /public/a,        true,  ACAP_FIELD",
      "named-crawler, index, /public/drafts/x, false, ACAP_FIELD",
      "named-crawler, crawl, /private/x,       false, ACAP_FIELD",
      "otherbot,      crawl, /public/a,        false, ACAP_FIELD"})
  void parsesDecidesAndExplains(String crawler, String usage, String path, boolean allowed, Basis basis) {
    PolicyDocument doc = new RobotsTxtParser().parse(ROBOTS.getBytes(StandardCharsets.UTF_8), "robots.txt");
    assertFalse(doc.acapRecords().isEmpty());
    CompiledPolicy policy = CompiledPolicy.compile(doc);
    Query query = Query.builder().crawler(crawler).usage(usage).url(path).build();
    Decision d = policy.decide(query);
    assertEquals(allowed, d.allowed());
    assertEquals(basis, d.basis());
    Explanation why = policy.explain(query);
    assertEquals(d, why.decision());
    assertFalse(org.acapengine.render.ExplanationText.of(why).isBlank());
  }
}
