package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code acap explain}, run in-process: what the text says and what the JSON holds. */
class ExplainCommandTest {

  static final String ROBOTS = String.join("\n",
      "User-agent: *", //                      1
      "Disallow: /a/", //                      2
      "", //                                   3
      "ACAP-crawler: *", //                    4
      "ACAP-allow-crawl: /a/b/", //            5
      "ACAP-disallow-crawl: /a/b/c/", //       6
      "ACAP-allow-index: /a/", //              7
      "ACAP-allow-crawl: /same/", //           8
      "ACAP-disallow-crawl: /SAME/", //        9
      "");

  @TempDir
  Path dir;

  Path robots;

  @BeforeEach
  void write() throws IOException {
    robots = dir.resolve("robots.txt");
    Files.writeString(robots, ROBOTS, StandardCharsets.UTF_8);
  }

  @Test
  void textGivesTheVerdictTheDecidingLineAndTheLosersWithWhy() {
    AcapRun.Result r = AcapRun.runWithInput("", "explain", "--robots", robots.toString(), "--crawler", "bot", "/a/b/c/d");
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    String t = r.out();
    assertThat(t).contains("verdict: PROHIBITED (acap-field)");
    assertThat(t).contains("deciding line: " + robots + ":6: ACAP-disallow-crawl: /a/b/c/");
    // the losers, each on its line, with why
    assertThat(t).containsPattern("line 5 acap-any outranked: ACAP-allow-crawl: /a/b/\\n\\s+'/a/b/c/' \\(line 6\\) has a narrower scope");
    assertThat(t).containsPattern("line 2 conventional outranked: Disallow: /a/\\n\\s+'/a/b/c/' \\(line 6\\) has a narrower scope");
    assertThat(t).contains("why: prohibited by the ACAP field with the narrowest scope");
    assertThat(t).contains("line 6 '/a/b/c/' is narrower than line 5 '/a/b/'");
    // rules for other usages are left out unless --all
    assertThat(t).doesNotContain("ACAP-allow-index");
    AcapRun.Result all = AcapRun.runWithInput("", "explain", "--robots", robots.toString(), "--crawler", "bot", "--all", "/a/b/c/d");
    assertThat(all.out()).contains("line 7 acap-any not-applicable: ACAP-allow-index: /a/");
  }

  @Test
  void textOfAConflictNamesBothSides() {
    AcapRun.Result r = AcapRun.runWithInput("", "explain", "--robots", robots.toString(), "--crawler", "bot", "/same/x");
    assertThat(r.out()).contains("verdict: PROHIBITED (unresolved-conflict)");
    assertThat(r.out()).contains("deciding line: " + robots + ":8: ACAP-allow-crawl: /same/");
    assertThat(r.out()).contains("deciding line: " + robots + ":9: ACAP-disallow-crawl: /SAME/");
    assertThat(r.out()).contains("line 8 acap-any lost-conflict").contains("line 9 acap-any lost-conflict");
    assertThat(r.out()).contains("line 9 '/SAME/' is as narrow as line 8 '/same/'");
  }

  @Test
  void jsonHasTheWholeTrace() throws IOException {
    AcapRun.Result r = AcapRun.runWithInput("", "explain", "--robots", robots.toString(), "--crawler", "bot", "--usage", "crawl", "--format", "json", "/a/b/x");
    assertThat(r.exitCode()).isZero();
    JsonNode n = Json.MAPPER.readTree(r.out());
    List<String> keys = new ArrayList<>();
    n.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("query", "decision", "reason", "reasonCode", "selection", "rules", "comparisons", "summary");
    assertThat(n.get("query").get("crawlers")).extracting(JsonNode::asText).containsExactly("bot");
    assertThat(n.get("query").get("usage").asText()).isEqualTo("crawl");
    assertThat(n.get("query").get("path").asText()).isEqualTo("/a/b/x");
    assertThat(n.get("query").get("purpose").isNull()).isTrue();
    assertThat(n.get("decision").get("allowed").asBoolean()).isTrue();
    assertThat(n.get("decision").get("basis").asText()).isEqualTo("acap-field");
    assertThat(n.get("decision").get("deciding").get(0).get("line").asInt()).isEqualTo(5);
    assertThat(n.get("decision").get("qualifiers").isObject()).isTrue();
    assertThat(n.get("reason").asText()).isNotBlank();
    assertThat(n.get("selection").isArray()).isTrue();
    List<String> outcomes = new ArrayList<>();
    for (JsonNode rule : n.get("rules")) {
      outcomes.add(rule.get("line").asInt() + " " + rule.get("outcome").asText());
      assertThat(rule.fieldNames()).toIterable().contains("source", "line", "text", "kind", "allows", "usage", "pattern", "derivation", "outcome", "note");
    }
    assertThat(outcomes).contains("2 outranked", "5 decided", "6 no-match", "7 not-applicable");
    assertThat(n.get("comparisons")).isNotEmpty();
    for (JsonNode c : n.get("comparisons")) {
      assertThat(c.get("order").asText()).isIn("narrower", "broader", "same", "unordered");
      assertThat(c.get("method").asText()).startsWith("narrowest-scope");
    }
  }

  @Test
  void robotsTxtItselfIsExplained() {
    AcapRun.Result r = AcapRun.runWithInput("", "explain", "--robots", robots.toString(), "--crawler", "bot", "/robots.txt");
    assertThat(r.out()).contains("verdict: ALLOWED (robots-txt)").contains("RFC 9309 2.2.2");
  }

  @Test
  void aComparisonShowsThePatternThatMatchedNotTheFirstOfItsLine() throws IOException {
    Path sets = dir.resolve("sets.txt");
    Files.writeString(sets, "ACAP-resource-set: pages /pages/ /p/\nACAP-crawler: *\nACAP-disallow-present: the-acap:resource-set:pages\n"
        + "ACAP-allow-present-thumbnail: /p/\n", StandardCharsets.UTF_8);
    AcapRun.Result r = AcapRun.runWithInput("", "explain", "--robots", sets.toString(), "--crawler", "bot", "--usage", "present-thumbnail", "/p/x");
    assertThat(r.out()).contains("line 4 '/p/' is as narrow as line 3 '/p/'");
    AcapRun.Result json = AcapRun.runWithInput("", "explain", "--robots", sets.toString(), "--crawler", "bot", "--usage", "present-thumbnail", "--format", "json", "/p/x");
    JsonNode c = Json.MAPPER.readTree(json.out()).get("comparisons").get(0);
    assertThat(c.get("first").get("pattern").asText()).isEqualTo("/p/");
    assertThat(c.get("second").get("pattern").asText()).isEqualTo("/p/");
  }

  /** With a referenced file, a line number alone is ambiguous: lines are named with their file. */
  @Test
  void linesOfAReferencedFileAreNamedWithTheirFile() throws IOException {
    Path site = Files.createDirectories(dir.resolve("site"));
    Path main = site.resolve("robots.txt");
    Files.writeString(main, "User-agent: *\nDisallow: /tmp/\n\nACAP-crawler: searchbot\nACAP-permissions-reference: /searchbot.txt\n",
        StandardCharsets.UTF_8);
    Path ref = site.resolve("searchbot.txt");
    Files.writeString(ref, "ACAP-crawler: searchbot\nACAP-disallow-crawl: /tmp/\nACAP-allow-crawl: /tmp/public/\n", StandardCharsets.UTF_8);
    AcapRun.Result r = AcapRun.runWithInput("", "explain", "--robots", main.toString(), "--crawler", "searchbot", "/tmp/public/x");
    String t = r.out();
    assertThat(t).contains("  " + ref + ":2 acap-named outranked: ACAP-disallow-crawl: /tmp/");
    assertThat(t).contains("'/tmp/public/' (line 3) has a narrower scope");
    assertThat(t).contains("  " + main + ":2 conventional ignored-same-pattern: Disallow: /tmp/");
    assertThat(t).contains("the ACAP field on line 2 of " + ref + " has the same pattern");
    assertThat(t).contains("  " + ref + ":3 '/tmp/public/' is narrower than " + ref + ":2 '/tmp/'");
    assertThat(t).doesNotContain("  line ");
  }
}
