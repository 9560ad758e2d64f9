package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.PageVerdict;
import org.acapengine.model.SourceLine;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TctSitemapCommandTest {

  @TempDir Path dir;

  private static final String H1 = "sha256-" + "1".repeat(64);
  private static final String H2 = "sha256-" + "2".repeat(64);

  private final ObjectMapper mapper = new ObjectMapper();
  private final List<String> calls = new ArrayList<>();

  /** crawl refused under /private/ (robots.txt:4), ai-train refused under /news/ (robots.txt:9). */
  private final PagePolicy policy =
      (url, usage) -> {
        calls.add(usage + " " + url);
        if (usage.equals("crawl") && url.contains("/private/")) {
          return PageVerdict.byLine(false, new SourceLine("robots.txt", 4, "ACAP-disallow-crawl: /private/"));
        }
        if (usage.equals("ai-train") && url.contains("/news/")) {
          return PageVerdict.byLine(false, new SourceLine("robots.txt", 9, "ACAP-disallow-ai-train: /news/"));
        }
        return PageVerdict.byDefault(true);
      };

  /** Runs {@code acap ARGS} with {@link #policy} in place of the one the options name. */
  private AcapRun.Result run(byte[] stdin, String... args) {
    return AcapRun.setup().stdin(stdin).replace("tct sitemap", new TctSitemapCommand(policy)).run(args);
  }

  private AcapRun.Result sitemap(Path file, String... extra) {
    List<String> args = new ArrayList<>(List.of("tct", "sitemap", "--robots", "https://example.com/robots.txt", "--crawler", "bot", "--usage", "ai-train"));
    args.addAll(List.of(extra));
    args.add(file.toString());
    return run(new byte[0], args.toArray(String[]::new));
  }

  private static String item(String c, String m, String validatorField, String validator) {
    return "{\"cUrl\":\"" + c + "\",\"mUrl\":\"" + m + "\",\"modified\":\"2025-10-01T12:00:00Z\""
        + (validatorField == null ? "" : ",\"" + validatorField + "\":\"" + validator.replace("\"", "\\\"") + "\"") + "}";
  }

  private Path write(String json) throws IOException {
    return Files.writeString(dir.resolve("llm-sitemap.json"), json);
  }

  private List<String> leftovers() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
    }
  }

  @Test
  void decidesCrawlOnTheMUrlAndTheUsageOnTheCUrl() throws IOException {
    Path in = write("{\"version\":1,\"profile\":\"tct-1\",\"x-publisher\":{\"note\":[1,2]},\"items\":["
        + item("https://example.com/a/", "https://example.com/a/llm/", "contentHash", H1) + ","
        + item("https://example.com/b/", "https://example.com/private/b/llm/", "contentHash", H1) + ","
        + item("https://example.com/news/c/", "https://example.com/c/llm/", "contentHash", H1) + ","
        + "{\"cUrl\":\"https://example.com/d/\",\"unknown\":{\"deep\":[true]},\"mUrl\":\"https://example.com/d/llm/\",\"etag\":\"\\\"" + H2 + "\\\"\"}"
        + "],\"trailer\":\"kept\"}");
    Path dropped = dir.resolve("dropped.json");

    AcapRun.Result r = sitemap(in, "--dropped", dropped.toString());

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(calls).containsExactly(
        "crawl https://example.com/a/llm/", "ai-train https://example.com/a/",
        "crawl https://example.com/private/b/llm/",
        "crawl https://example.com/c/llm/", "ai-train https://example.com/news/c/",
        "crawl https://example.com/d/llm/", "ai-train https://example.com/d/");
    JsonNode kept = mapper.readTree(r.out());
    assertThat(kept.get("version").asInt()).isEqualTo(1);
    assertThat(kept.get("profile").asText()).isEqualTo("tct-1");
    assertThat(kept.at("/x-publisher/note/1").asInt()).isEqualTo(2);
    assertThat(kept.get("trailer").asText()).isEqualTo("kept");
    assertThat(kept.get("items")).hasSize(2);
    assertThat(kept.at("/items/0/cUrl").asText()).isEqualTo("https://example.com/a/");
    assertThat(kept.at("/items/0/contentHash").asText()).isEqualTo(H1);
    assertThat(kept.at("/items/1/etag").asText()).isEqualTo("\"" + H2 + "\"");
    assertThat(kept.at("/items/1/unknown/deep/0").asBoolean()).isTrue();

    JsonNode drops = mapper.readTree(dropped.toFile()).get("dropped");
    assertThat(drops).hasSize(2);
    assertThat(drops.at("/0/index").asInt()).isEqualTo(1);
    assertThat(drops.at("/0/reason").asText()).isEqualTo("crawl-disallowed");
    assertThat(drops.at("/0/decidingLine").asInt()).isEqualTo(4);
    assertThat(drops.at("/0/decidingText").asText()).isEqualTo("ACAP-disallow-crawl: /private/");
    assertThat(drops.at("/0/item/mUrl").asText()).isEqualTo("https://example.com/private/b/llm/");
    assertThat(drops.at("/1/reason").asText()).isEqualTo("usage-disallowed");
    assertThat(drops.at("/1/decidingSource").asText()).isEqualTo("robots.txt");
    assertThat(r.err())
        .contains("tct sitemap: read 4 items, kept 2, dropped 2")
        .contains("crawl-disallowed  1")
        .contains("usage-disallowed  1")
        .contains("1  robots.txt:4  ACAP-disallow-crawl: /private/")
        .contains("1  robots.txt:9  ACAP-disallow-ai-train: /news/");
    assertThat(leftovers()).isEmpty();
  }

  /** The real site policy, as {@code check} takes it: its deciding lines, or its basis, reach --dropped. */
  @Test
  void decidesByTheSitesPolicyAndReportsItsDecidingLines() throws IOException {
    Path in = write("{\"items\":["
        + item("https://example.com/a/", "https://example.com/a/llm/", "contentHash", H1) + ","
        + item("https://example.com/b/", "https://example.com/private/b/llm/", "contentHash", H1) + ","
        + item("https://example.com/drafts/c/", "https://example.com/c/llm/", "contentHash", H1) + "]}");
    Path dropped = dir.resolve("dropped.json");

    AcapRun.Result r = AcapRun.run("tct", "sitemap", "--robots", AcapRun.ROBOTS, "--site", "https://example.com",
        "--crawler", "examplebot", "--usage", "index", "--dropped", dropped.toString(), in.toString());

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(mapper.readTree(r.out()).at("/items/0/cUrl").asText()).isEqualTo("https://example.com/a/");
    assertThat(mapper.readTree(r.out()).get("items")).hasSize(1);
    JsonNode drops = mapper.readTree(dropped.toFile()).get("dropped");
    assertThat(drops).hasSize(2);
    assertThat(drops.at("/0/reason").asText()).isEqualTo("crawl-disallowed");
    assertThat(drops.at("/0/decidingSource").asText()).isEqualTo(AcapRun.ROBOTS);
    assertThat(drops.at("/0/decidingLine").asInt()).isEqualTo(11);
    assertThat(drops.at("/0/decidingText").asText()).isEqualTo("Disallow: /private/");
    assertThat(drops.at("/1/reason").asText()).isEqualTo("usage-disallowed");
    assertThat(drops.at("/1/decidingText").asText()).isEqualTo("ACAP-disallow-index: /drafts/");
    assertThat(r.err()).contains("tct sitemap: read 3 items, kept 1, dropped 2");
  }

  @Test
  void malformedItemsAreSkippedWithWarnings() throws IOException {
    Path in = write("{\"items\":["
        + "42,"
        + "{\"mUrl\":\"https://example.com/x/llm/\"},"
        + "{\"cUrl\":\"https://example.com/x/\"},"
        + "{\"cUrl\":7,\"mUrl\":\"https://example.com/x/llm/\"},"
        + "{\"cUrl\":\"https://example.com/x/\",\"cUrl\":\"https://example.com/y/\",\"mUrl\":\"https://example.com/x/llm/\"},"
        + item("javascript:alert(1)", "https://example.com/x/llm/", null, null) + ","
        + item("https://example.com/x/", "https://example.com/x/llm/", "contentHash", "sha256-ABC") + ","
        + item("https://example.com/x/", "https://example.com/x/llm/", "etag", "W/\"" + H1 + "\"") + ","
        + "{\"cUrl\":\"https://example.com/x/\",\"mUrl\":\"https://example.com/x/llm/\",\"contentHash\":\"" + H1 + "\",\"etag\":\"" + H2 + "\"},"
        + item("https://other.example/x/", "https://other.example/x/llm/", "contentHash", H1) + ","
        + item("https://example.com/ok/", "https://example.com/ok/llm/", null, null)
        + "]}");
    Path dropped = dir.resolve("dropped.json");

    AcapRun.Result r = sitemap(in, "--dropped", dropped.toString());

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(mapper.readTree(r.out()).get("items")).hasSize(1);
    assertThat(r.err())
        .contains("read 11 items, kept 1, dropped 10")
        .contains("malformed      5")
        .contains("invalid-url    1")
        .contains("bad-validator  3")
        .contains("off-site       1")
        .contains(": item 0: skipped (malformed): item is not a JSON object")
        .contains(": item 1: skipped (malformed): no \"cUrl\"")
        .contains(": item 2: skipped (malformed): no \"mUrl\"")
        .contains(": item 3: skipped (malformed): \"cUrl\" is not a string")
        .contains(": item 4: skipped (malformed): more than one \"cUrl\" field")
        .contains(": item 5: skipped (invalid-url): cUrl is not an absolute http(s) URL: javascript:alert(1)")
        .contains(": item 6: skipped (bad-validator): contentHash is not sha256-<64 lowercase hex>")
        .contains(": item 7: skipped (bad-validator): etag is a weak validator")
        .contains(": item 8: skipped (bad-validator): contentHash and etag disagree")
        .contains("note: 1 kept items carry no validator");
    JsonNode drops = mapper.readTree(dropped.toFile()).get("dropped");
    assertThat(drops).hasSize(10);
    assertThat(drops.at("/0/item").asInt()).isEqualTo(42);
    assertThat(drops.at("/9/reason").asText()).isEqualTo("off-site");
  }

  @Test
  void invalidJsonRejectsTheWholeSitemapAndWritesNothing() throws IOException {
    Path in = write("{\"items\":[" + item("https://example.com/a/", "https://example.com/a/llm/", "contentHash", H1) + ",{\"cUrl\":");
    Path dropped = dir.resolve("dropped.json");

    AcapRun.Result r = sitemap(in, "--dropped", dropped.toString());

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).startsWith("acap: " + in + ": not valid JSON");
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(dropped).doesNotExist();
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void theSizeLimitIsEnforcedWhileStreaming() throws IOException {
    StringBuilder json = new StringBuilder("{\"items\":[");
    for (int i = 0; i < 2000; i++) {
      json.append(i == 0 ? "" : ",").append(item("https://example.com/" + i + "/", "https://example.com/" + i + "/llm/", "contentHash", H1));
    }
    Path in = write(json.append("]}").toString());

    AcapRun.Result r = sitemap(in, "--max-sitemap-bytes", "100KB");

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("acap: " + in + ": larger than the 100000-byte limit for a sitemap\n");
    assertThat(sitemap(in).exitCode()).isZero();
  }

  @Test
  void oversizedItemsAreSkipped() throws IOException {
    Path in = write("{\"items\":["
        + "{\"cUrl\":\"https://example.com/a/\",\"mUrl\":\"https://example.com/a/llm/\",\"blob\":[" + "1,".repeat(3000) + "1]},"
        + item("https://example.com/b/", "https://example.com/b/llm/", "contentHash", H1) + "]}");

    AcapRun.Result r = sitemap(in, "--max-item-bytes", "2KiB");

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("item 0: skipped (oversized): item is over the 2048-byte limit").contains("kept 1");
  }

  @Test
  void structuralProblemsOfTheDocumentAreFatal() throws IOException {
    for (String[] c : new String[][] {
      {"[1,2]", "not a JSON object"},
      {"{\"version\":1}", "no \"items\" array"},
      {"{\"items\":{}}", "\"items\" is not an array"},
      {"{\"items\":[],\"items\":[]}", "more than one \"items\" field"},
      {"{\"items\":[]} {}", "more than one JSON value"},
    }) {
      AcapRun.Result r = sitemap(write(c[0]));
      assertThat(r.exitCode()).as(c[0]).isEqualTo(2);
      assertThat(r.err()).as(c[0]).contains(c[1]);
      assertThat(r.out()).as(c[0]).isEmpty();
    }
  }

  @Test
  void readsStandardInputAndNotesAnUnexpectedVersion() {
    byte[] json = ("{\"version\":2,\"items\":[" + item("https://example.com/a/", "https://example.com/a/llm/", "contentHash", H1) + "]}")
        .getBytes(StandardCharsets.UTF_8);

    AcapRun.Result r = run(json, "tct", "sitemap", "--robots", "robots.txt", "--site", "https://example.com", "--crawler", "bot", "--usage", "index", "-");

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"cUrl\" : \"https://example.com/a/\"");
    assertThat(r.err()).contains("acap: note: sitemap version 2 is not 1").contains("read 1 items, kept 1, dropped 0");
  }

  @Test
  void aMissingFileIsAUsageError() {
    AcapRun.Result r = sitemap(dir.resolve("missing.json"));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("acap: " + dir.resolve("missing.json") + ": no such file\n");
  }
}
