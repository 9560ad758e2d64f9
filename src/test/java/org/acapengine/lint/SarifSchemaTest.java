package org.acapengine.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * acap lint's SARIF output is valid against the official SARIF 2.1.0 JSON schema (bundled as
 * {@code lint/schema/sarif-schema-2.1.0.json}, the OASIS Committee Specification copy), and has
 * what GitHub code scanning reads.
 */
class SarifSchemaTest {

  private static JsonSchema schema;

  @BeforeAll
  static void loadSchema() throws Exception {
    try (InputStream in = SarifSchemaTest.class.getResourceAsStream("/lint/schema/sarif-schema-2.1.0.json")) {
      assertThat(in).isNotNull();
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
    }
  }

  private static JsonNode validSarif(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("lint", "--format", "sarif", "--today", LintGoldenTest.TODAY, "--resolve-references"));
    all.addAll(List.of(args));
    AcapRun.Result r = AcapRun.run(all.toArray(new String[0]));
    assertThat(r.err()).isEmpty();
    JsonNode log = Json.MAPPER.readTree(r.out());
    Set<ValidationMessage> problems = schema.validate(log);
    assertThat(problems).as("SARIF schema violations").isEmpty();
    return log;
  }

  @Test
  void everyTriggerSampleTogetherGivesValidSarif() throws Exception {
    List<String> files = new ArrayList<>();
    for (String code : LintGoldenTest.codes()) {
      if (!code.equals("file-truncated")) { // needs its own --max-bytes
        files.add(LintGoldenTest.sample(code, "trigger").toString());
      }
    }
    JsonNode log = validSarif(files.toArray(new String[0]));
    assertThat(log.get("version").asText()).isEqualTo("2.1.0");
    assertThat(log.get("$schema").asText()).isEqualTo(SarifReport.SCHEMA);
    assertThat(log.get("runs")).hasSize(1);
    JsonNode run = log.get("runs").get(0);
    assertThat(run.at("/tool/driver/name").asText()).isEqualTo("acap-engine");
    assertThat(run.at("/tool/driver/informationUri").asText()).isEqualTo("https://github.com/acap-engine/acap-engine");
    assertThat(run.at("/tool/driver/semanticVersion").asText()).matches("\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?");
    JsonNode rules = run.at("/tool/driver/rules");
    JsonNode results = run.get("results");
    assertThat(results.size()).isGreaterThan(files.size());
    assertThat(rules.size()).isGreaterThan(50);
    for (JsonNode rule : rules) {
      String id = rule.get("id").asText();
      assertThat(rule.at("/shortDescription/text").asText()).as(id).isNotBlank();
      assertThat(rule.at("/fullDescription/text").asText()).as(id).isNotBlank();
      assertThat(rule.at("/help/text").asText()).as(id).isNotBlank();
      assertThat(rule.at("/help/markdown").asText()).as(id).isNotBlank();
      // GitHub code scanning links the rule to its section of docs/lint-rules.md, whose heading is the code.
      assertThat(rule.get("helpUri").asText()).as(id)
          .isEqualTo("https://github.com/acap-engine/acap-engine/blob/main/docs/lint-rules.md#" + id);
      assertThat(LintRulesDocTest.DOC).content().contains("\n## " + id + "\n");
    }
    for (JsonNode result : results) {
      int index = result.get("ruleIndex").asInt();
      assertThat(rules.get(index).get("id").asText()).isEqualTo(result.get("ruleId").asText());
      assertThat(result.get("level").asText()).isIn("error", "warning", "note");
      assertThat(result.at("/message/text").asText()).isNotBlank();
      JsonNode location = result.at("/locations/0/physicalLocation");
      assertThat(location.at("/artifactLocation/uri").asText()).startsWith("src/test/resources/lint/rules/");
      assertThat(location.at("/region/startLine").asInt()).isPositive();
      assertThat(location.at("/region/startColumn").asInt()).isPositive();
      assertThat(location.at("/region/endColumn").asInt()).isGreaterThan(0);
    }
  }

  @Test
  void aRunWithoutFindingsIsValidToo() throws Exception {
    JsonNode log = validSarif(LintGoldenTest.sample("duplicate-field", "near-miss").toString());
    assertThat(log.at("/runs/0/results")).isEmpty();
    assertThat(log.at("/runs/0/tool/driver/rules")).isEmpty();
  }

  @Test
  void theSchemaCatchesABrokenLog() throws Exception {
    JsonNode log = validSarif(LintGoldenTest.sample("unknown-acap-field", "trigger").toString());
    ObjectNode broken = (ObjectNode) log.deepCopy();
    ((ObjectNode) broken.at("/runs/0/results/0")).put("level", "info");
    broken.remove("version");
    assertThat(schema.validate(broken)).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void theFileTruncatedSampleIsValidToo() throws Exception {
    validSarif("--max-bytes", "200", LintGoldenTest.sample("file-truncated", "trigger").toString());
  }
}
