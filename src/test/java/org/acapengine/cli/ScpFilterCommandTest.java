package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.PageVerdict;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.testing.TestCollection;
import org.acapengine.model.SourceLine;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class ScpFilterCommandTest {

  @TempDir Path dir;

  /** crawl is refused under /private/, index under /drafts/; everything else is allowed by default. */
  static final PagePolicy POLICY =
      (url, usage) -> {
        if (usage.equals("crawl") && url.contains("/private/")) {
          return PageVerdict.byLine(false, new SourceLine("robots.txt", 3, "ACAP-disallow-crawl: /private/"));
        }
        if (usage.equals("index") && url.contains("/drafts/")) {
          return PageVerdict.byLine(false, new SourceLine("robots.txt", 5, "ACAP-disallow-index: /drafts/"));
        }
        return PageVerdict.byDefault(true);
      };

  private PagePolicy policy = POLICY;

  private AcapRun.Result run(String... args) {
    return run(new ByteArrayInputStream(new byte[0]), false, args);
  }

  /** Runs {@code acap ARGS} with {@link #policy} in place of the one the options name. */
  private AcapRun.Result run(InputStream stdin, boolean terminal, String... args) {
    return AcapRun.setup().stdin(stdin).terminal(terminal).replace("scp filter", new ScpFilterCommand(policy)).run(args);
  }

  /** {@code scp filter --robots https://example.com/robots.txt --crawler bot --usage index EXTRA... IN -o OUT}. */
  private static String[] filter(Path in, Path out, String... extra) {
    List<String> args = new ArrayList<>(List.of("scp", "filter", "--robots", "https://example.com/robots.txt", "--crawler", "bot", "--usage", "index"));
    args.addAll(Arrays.asList(extra));
    args.add(in.toString());
    args.add("-o");
    args.add(out.toString());
    return args.toArray(String[]::new);
  }

  static byte[] decompress(Path file) throws IOException {
    byte[] stored = Files.readAllBytes(file);
    try (InputStream in = Compression.sniff(stored, stored.length).decoder(new ByteArrayInputStream(stored))) {
      return in.readAllBytes();
    }
  }

  static List<String> lines(byte[] bytes) {
    String s = new String(bytes, StandardCharsets.UTF_8);
    List<String> out = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
    if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  static String expectedMetadata(String original, String checksum) {
    int at = original.indexOf("\"checksum\":\"");
    return original.substring(0, at) + "\"checksum\":\"" + checksum + "\"" + original.substring(at + "\"checksum\":\"".length() + 71 + 1);
  }

  private List<String> leftovers() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
    }
  }

  @Test
  void keepsAllowedPagesByteForByteAndRecomputesTheChecksum() throws IOException {
    String odd = "{ \"url\" : \"https://example.com/blog/odd\", \"x-unknown\": {\"nested\": [1, 2.50, null]},"
        + " \"title\":\"caf\\u00e9 \\\"quoted\\\"\",\"description\":\"d\",\"modified\":\"2025-01-15T09:00:00Z\",\"language\":\"en\","
        + "\"content\":[{\"type\":\"hologram\",\"frames\":7},{\"type\":\"text\",\"text\":\"héllo\"}]}  ";
    TestCollection c = TestCollection.snapshot()
        .page("https://example.com/blog/a")
        .page("https://example.com/private/b")
        .page("https://example.com/drafts/c")
        .line(odd);
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = lines(Files.readAllBytes(out));
    assertThat(lines).hasSize(3);
    assertThat(lines.get(1)).isEqualTo(TestCollection.page("https://example.com/blog/a", "Title of https://example.com/blog/a"));
    assertThat(lines.get(2)).isEqualTo(odd);
    byte[] body = (lines.get(1) + "\n" + lines.get(2) + "\n").getBytes(StandardCharsets.UTF_8);
    String checksum = TestCollection.sha256(body);
    assertThat(lines.get(0)).isEqualTo(expectedMetadata(c.metadata(), checksum));
    assertThat(r.err())
        .contains("scp filter: read 4 pages, kept 2, dropped 2")
        .contains("crawl-disallowed  1")
        .contains("usage-disallowed  1")
        .contains("1  robots.txt:3  ACAP-disallow-crawl: /private/")
        .contains("1  robots.txt:5  ACAP-disallow-index: /drafts/")
        .contains("output " + checksum)
        .doesNotContain("\r");
    assertThat(leftovers()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void writesTheInputsCompressionAndKeepsDeltaMetadata(Compression compression) throws IOException {
    TestCollection c = TestCollection.delta("2025-01-14T00:00:00Z")
        .page("https://example.com/blog/a")
        .page("https://example.com/drafts/b")
        .page("https://example.com/blog/c");
    Path in = c.write(dir.resolve("in" + compression.extension()), compression);
    Path out = dir.resolve("out" + compression.extension());

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).as(r.err()).isZero();
    byte[] stored = Files.readAllBytes(out);
    assertThat(Compression.sniff(stored, stored.length)).isEqualTo(compression);
    List<String> lines = lines(decompress(out));
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).contains("\"type\":\"delta\"", "\"since\":\"2025-01-14T00:00:00Z\"");
    byte[] body = (lines.get(1) + "\n" + lines.get(2) + "\n").getBytes(StandardCharsets.UTF_8);
    assertThat(lines.get(0)).isEqualTo(expectedMetadata(c.metadata(), TestCollection.sha256(body)));
    assertThat(r.err()).contains("read 3 pages, kept 2, dropped 1").doesNotContain("warning");
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void compressOptionOverridesTheInputsCompression(Compression target) throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").write(dir.resolve("in.scp.zst"), Compression.ZSTD);
    Path out = dir.resolve("out" + target.extension());

    AcapRun.Result r = run(filter(in, out, "--compress", target.label().toUpperCase(java.util.Locale.ROOT)));

    assertThat(r.exitCode()).as(r.err()).isZero();
    byte[] stored = Files.readAllBytes(out);
    assertThat(Compression.sniff(stored, stored.length)).isEqualTo(target);
    assertThat(lines(decompress(out))).hasSize(2);
  }

  @Test
  void sniffsTheMagicNumberRatherThanTrustingTheName() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").write(dir.resolve("misnamed.scp"), Compression.GZIP);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).as(r.err()).isZero();
    byte[] stored = Files.readAllBytes(out);
    assertThat(Compression.sniff(stored, stored.length)).isEqualTo(Compression.GZIP);
    assertThat(r.err()).contains("acap: warning: " + out + " is named like a none collection but was written as gzip");
  }

  @Test
  void readsStandardInput() throws IOException {
    TestCollection c = TestCollection.snapshot().page("https://example.com/blog/a").page("https://example.com/drafts/b");
    byte[] gz = TestCollection.compress(c.bytes(), Compression.GZIP);
    Path out = dir.resolve("out.scp.gz");
    List<String> args = new ArrayList<>(Arrays.asList(filter(dir.resolve("ignored"), out)));
    args.set(args.indexOf(dir.resolve("ignored").toString()), "-");

    AcapRun.Result r = run(new ByteArrayInputStream(gz), false, args.toArray(String[]::new));

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(lines(decompress(out))).hasSize(2);
    assertThat(leftovers()).isEmpty();
  }

  /** ZSTD: two passes, the error found in the first; NONE and GZIP: one pass, the output already written. */
  @ParameterizedTest
  @EnumSource(Compression.class)
  void tamperedChecksumFailsAndLeavesNoOutput(Compression compression) throws IOException {
    TestCollection c = TestCollection.snapshot().page("https://example.com/blog/a").page("https://example.com/blog/b");
    byte[] bytes = c.bytes();
    String tampered = new String(bytes, StandardCharsets.UTF_8).replace("blog/b", "blog/x");
    Path in = dir.resolve("in" + compression.extension());
    Files.write(in, TestCollection.compress(tampered.getBytes(StandardCharsets.UTF_8), compression));
    Path out = dir.resolve("out" + compression.extension());
    Path report = dir.resolve("report.json");

    AcapRun.Result r = run(filter(in, out, "--report", "json", report.toString()));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("acap: " + in + ": checksum mismatch").contains("sha256:").endsWith("\n");
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(out).doesNotExist();
    assertThat(report).doesNotExist();
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void acceptsUpperCaseHexInTheChecksum() throws IOException {
    TestCollection c = TestCollection.snapshot().page("https://example.com/blog/a");
    String upper = "sha256:" + TestCollection.sha256(c.body()).substring(7).toUpperCase(java.util.Locale.ROOT);
    Path in = c.checksum(upper).write(dir.resolve("in.scp"), Compression.NONE);

    AcapRun.Result r = run(filter(in, dir.resolve("out.scp")));

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("checksum: input verified");
  }

  @Test
  void existingOutputIsReplacedOnSuccessAndKeptOnFailure() throws IOException {
    Path out = dir.resolve("out.scp");
    Files.writeString(out, "previous");
    Path bad = TestCollection.snapshot().checksum("sha256:" + "0".repeat(64)).page("https://example.com/blog/a")
        .write(dir.resolve("bad.scp"), Compression.NONE);
    assertThat(run(filter(bad, out)).exitCode()).isEqualTo(2);
    assertThat(out).hasContent("previous");

    Path good = TestCollection.snapshot().page("https://example.com/blog/a").write(dir.resolve("good.scp"), Compression.NONE);
    assertThat(run(filter(good, out)).exitCode()).isZero();
    assertThat(lines(Files.readAllBytes(out))).hasSize(2);
    assertThat(leftovers()).isEmpty();
  }

  /** -o naming the input is refused (OutputCollisionCliTest has the other collisions): the file stays as it was. */
  @Test
  void filteringInPlaceIsRefused() throws IOException {
    Path file = TestCollection.snapshot().page("https://example.com/blog/a").page("https://example.com/drafts/b")
        .write(dir.resolve("c.scp.gz"), Compression.GZIP);
    byte[] before = Files.readAllBytes(file);

    AcapRun.Result r = run(filter(file, file));

    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).singleElement().asString().contains("is the input collection, which it would replace");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void aPolicyTheUserGotWrongIsOneLineAndExitTwo() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").write(dir.resolve("in.scp"), Compression.NONE);
    Path robots = dir.resolve("missing-robots.txt");
    AcapRun.Result r = AcapRun.run("scp", "filter", "--robots", robots.toString(), "--site", "https://example.com",
        "--crawler", "bot", "--usage", "index", in.toString(), "-o", dir.resolve("out.scp").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("acap: cannot read " + robots + ": no such file\n");
    assertThat(dir.resolve("out.scp")).doesNotExist();
  }

  @Test
  void outputPathsAreCheckedBeforeAnyWork() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").write(dir.resolve("in.scp"), Compression.NONE);
    AcapRun.Result toDir = run(filter(in, dir));
    assertThat(toDir.exitCode()).isEqualTo(2);
    assertThat(toDir.err()).isEqualTo("acap: -o " + dir + ": is a directory\n");
    AcapRun.Result noDir = run(filter(in, dir.resolve("missing/out.scp")));
    assertThat(noDir.err()).startsWith("acap: -o " + dir.resolve("missing/out.scp") + ": directory ").endsWith(" does not exist\n");
    AcapRun.Result report = run(filter(in, dir.resolve("out.scp"), "--report", "json", dir.resolve("missing/r.json").toString()));
    assertThat(report.err()).startsWith("acap: --report ");
    assertThat(dir.resolve("out.scp")).doesNotExist();
  }

  @Test
  void compressionBombIsStopped() throws IOException {
    String huge = "{\"url\":\"https://example.com/blog/a\",\"title\":\"" + "a".repeat(30_000_000) + "\"}";
    Path in = TestCollection.snapshot().withoutChecksum().line(huge).write(dir.resolve("bomb.scp.gz"), Compression.GZIP);
    assertThat(Files.size(in)).isLessThan(300_000 / 2);
    Path out = dir.resolve("out.scp.gz");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("acap: " + in + ": decompression ratio exceeds 100:1").contains("compression bomb");
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(out).doesNotExist();
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void uncompressedSizeLimitIsConfigurable() throws IOException {
    TestCollection c = TestCollection.snapshot();
    for (int i = 0; i < 50; i++) {
      c.page("https://example.com/blog/" + i);
    }
    Path in = c.write(dir.resolve("in.scp.zst"), Compression.ZSTD);
    Path out = dir.resolve("out.scp.zst");

    AcapRun.Result r = run(filter(in, out, "--max-uncompressed", "2KiB"));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("decompresses to more than the 2048-byte limit")
        .endsWith("; raise the decompressed-size limit if the collection is genuine (--max-uncompressed)\n");
    assertThat(out).doesNotExist();
    assertThat(run(filter(in, out, "--max-uncompressed", "1MB")).exitCode()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "zstd"})
  void truncatedInputIsAnErrorAndLeavesNoOutput(String label) throws IOException {
    Compression compression = Compression.fromLabel(label);
    TestCollection c = TestCollection.snapshot();
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 200; i++) {
      c.line(TestCollection.page("https://example.com/blog/" + i, TestCollection.prose(random, 200)));
    }
    byte[] full = TestCollection.compress(c.bytes(), compression);
    for (int cut : new int[] {full.length - 1, full.length - 6, full.length / 2, 12}) {
      Path in = dir.resolve("cut-" + cut + compression.extension());
      Files.write(in, Arrays.copyOf(full, cut));
      Path out = dir.resolve("out-" + cut + compression.extension());

      AcapRun.Result r = run(filter(in, out));

      assertThat(r.exitCode()).as("cut at %d: %s", cut, r.err()).isEqualTo(2);
      assertThat(r.err()).as("cut at %d", cut).startsWith("acap: " + in + ": truncated or corrupt " + label + " data");
      assertThat(out).doesNotExist();
    }
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void malformedPageLinesAreSkippedWithAWarningAndCounted() throws IOException {
    TestCollection c = TestCollection.snapshot()
        .page("https://example.com/blog/a")
        .line("this is not json")
        .line("{\"title\":\"no url\"}")
        .line("[1,2,3]")
        .line("{\"url\":\"https://example.com/blog/x\"} {\"url\":\"https://example.com/blog/y\"}")
        .line("{\"url\":\"https://example.com/blog/x\",\"url\":\"https://example.com/drafts/y\"}")
        .line("{\"url\":\"ftp://example.com/file\"}")
        .line("{\"url\":\"/relative/path\"}")
        .page("https://example.com/blog/b");
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(lines(Files.readAllBytes(out))).hasSize(3);
    assertThat(r.err())
        .contains("read 9 pages, kept 2, dropped 7")
        .contains("malformed    5")
        .contains("invalid-url  2")
        .contains("acap: warning: " + in + ": line 3: skipped (malformed): not valid JSON")
        .contains("line 4: skipped (malformed): no \"url\" field")
        .contains("line 5: skipped (malformed): not a JSON object")
        .contains("line 6: skipped (malformed): more than one JSON value on the line")
        .contains("line 7: skipped (malformed): more than one \"url\" field")
        .contains("line 8: skipped (invalid-url): not an absolute http(s) URL: ftp://example.com/file");
  }

  @Test
  void strictMakesAMalformedLineFatal() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").line("not json")
        .write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out, "--strict"));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("acap: " + in + ": line 3: not valid JSON").endsWith(" (fatal under --strict)\n");
    assertThat(out).doesNotExist();

    Path missing = TestCollection.snapshot().line("{\"url\":\"https://example.com/blog/a\",\"content\":[]}")
        .write(dir.resolve("missing.scp"), Compression.NONE);
    AcapRun.Result r2 = run(filter(missing, out, "--strict"));
    assertThat(r2.exitCode()).isEqualTo(2);
    assertThat(r2.err()).contains("line 2: page lacks the required field \"title\" (fatal under --strict)");
    assertThat(run(filter(missing, out)).exitCode()).isZero();
  }

  @Test
  void aHigherMajorVersionIsRejected() throws IOException {
    Path in = TestCollection.snapshot().version("1.0").page("https://example.com/blog/a").write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("acap: " + in + ": line 1 (collection metadata): SCP version 1.0 is not supported");
    assertThat(out).doesNotExist();
  }

  @Test
  void aHigherMinorVersionIsAcceptedWithANote() throws IOException {
    Path in = TestCollection.snapshot().version("0.7").page("https://example.com/blog/a").write(dir.resolve("in.scp"), Compression.NONE);

    AcapRun.Result r = run(filter(in, dir.resolve("out.scp")));

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("acap: note: collection version 0.7 is newer than 0.1");
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "{\"collection\":{\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}|collection.id is required",
    "{\"collection\":{\"id\":\"a\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}|collection.section is required",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}|collection.type is required",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"snapshot\",\"version\":\"0.1\"}}|collection.generated is required",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\"}}|collection.version is required",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"delta\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}|a delta collection requires collection.since",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"full\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}|collection.type must be",
    "{\"collection\":{\"id\":\"a b\",\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}|collection.id must be letters",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"yesterday\",\"version\":\"0.1\"}}|collection.generated is not an RFC 3339 date-time",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"v1\"}}|collection.version must be MAJOR.MINOR",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":0.1}}|collection.version must be a string",
    "{\"collection\":{\"id\":\"a\",\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\",\"checksum\":\"md5:abc\"}}|collection.checksum must be",
    "{\"collection\":{\"id\":\"a\",\"id\":\"b\",\"section\":\"blog\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}|Duplicate field 'id'",
    "{\"url\":\"https://example.com/\"}|no \"collection\" object",
    "not json at all|not valid JSON",
  })
  void invalidMetadataIsRejected(String spec) throws IOException {
    String[] parts = spec.split("\\|");
    Path in = TestCollection.snapshot().metadataLine(parts[0]).page("https://example.com/blog/a").write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("acap: " + in + ": line 1 (collection metadata): ").contains(parts[1]);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(out).doesNotExist();
  }

  @Test
  void anEmptyFileIsRejected() throws IOException {
    Path in = Files.write(dir.resolve("empty.scp"), new byte[0]);
    AcapRun.Result r = run(filter(in, dir.resolve("out.scp")));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("empty; an SCP collection starts with a collection metadata line");
  }

  @Test
  void aMissingInputIsAUsageError() {
    AcapRun.Result r = run(filter(dir.resolve("nope.scp"), dir.resolve("out.scp")));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("acap: " + dir.resolve("nope.scp") + ": no such file\n");
  }

  @Test
  void pagesOffTheSitesOriginAreDroppedAndCounted() throws IOException {
    Path in = TestCollection.snapshot()
        .page("https://example.com/blog/a")
        .page("https://EXAMPLE.com:443/blog/b")
        .page("https://other.example/blog/c")
        .page("http://example.com/blog/d")
        .page("https://example.com:8443/blog/e")
        .write(dir.resolve("in.scp"), Compression.NONE);

    AcapRun.Result r = run(filter(in, dir.resolve("out.scp")));

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).contains("read 5 pages, kept 2, dropped 3").contains("off-site  3").doesNotContain("warning");
  }

  @Test
  void theSiteComesFromSiteOrFromAnHttpRobotsUrl() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").page("https://other.example/blog/b")
        .write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");
    String[] base = {"scp", "filter", "--robots", "robots.txt", "--crawler", "bot", "--usage", "index"};

    AcapRun.Result noSite = run(concat(base, in.toString(), "-o", out.toString()));
    assertThat(noSite.exitCode()).isEqualTo(2);
    assertThat(noSite.err()).isEqualTo("acap: cannot tell which site robots.txt belongs to: give --site https://host\n");

    AcapRun.Result withSite = run(concat(base, "--site", "https://other.example", in.toString(), "-o", out.toString()));
    assertThat(withSite.exitCode()).as(withSite.err()).isZero();
    assertThat(withSite.err()).contains("kept 1").contains("off-site  1");

    AcapRun.Result withPath = run(concat(base, "--site", "https://example.com/blog", in.toString(), "-o", out.toString()));
    assertThat(withPath.exitCode()).isEqualTo(2);
    assertThat(withPath.err()).startsWith("acap: --site must be an origin");
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /**
   * The collection commands take the option set of {@code check}: whatever the options, a page is
   * kept exactly when {@code acap check} with the same options allows both crawl and the usage.
   * The counts show each option at work: --max-bytes 60 cuts the robots.txt before its rules,
   * --honour decides the max-length permission on /news/, the llm-policy.json's allow_ai_train false
   * refuses every page for purpose ai-train, --scorpion refuses /private/, Content-Signal
   * ai-train=no and the train-ai=n header refuse every page for those purposes only.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "index            | 5 | --robots ROBOTS --crawler examplebot",
      "index            | 7 | --robots ROBOTS --crawler examplebot --max-bytes 60",
      "present-snippet  | 5 | --robots ROBOTS --crawler examplebot --purpose search --honour time-limit",
      "present-snippet  | 6 | --robots ROBOTS --crawler examplebot --purpose search --honour max-length",
      "index            | 0 | --robots ROBOTS --llm-policy LLM --now NOW --crawler examplebot --purpose ai-train",
      "index            | 5 | --llm-policy LLM --scorpion SCORPION --now NOW --crawler examplebot --purpose mirror",
      "crawl            | 5 | --scorpion SCORPION --crawler examplebot",
      "index            | 0 | --robots AIROBOTS --crawler GPTBot --purpose ai-train",
      "index            | 6 | --robots AIROBOTS --crawler GPTBot --purpose search",
      "index            | 5 | --robots ROBOTS --content-usage train-ai=n --crawler examplebot --purpose search",
      "index            | 0 | --robots ROBOTS --content-usage train-ai=n --crawler examplebot --purpose train-ai",
  })
  void keepsExactlyThePagesCheckAllowsWithTheSameOptions(String usage, int expectedKept, String options) throws IOException {
    List<String> paths = List.of("/", "/a", "/private/x", "/private/press/x", "/drafts/y", "/news/z", "/search?q=1");
    TestCollection c = TestCollection.snapshot();
    paths.forEach(p -> c.page("https://example.com" + p));
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");
    List<String> policy = Arrays.stream(options.split(" "))
        .map(o -> switch (o) {
          case "ROBOTS" -> AcapRun.ROBOTS;
          case "LLM" -> AcapRun.LLM;
          case "SCORPION" -> AcapRun.SCORPION;
          case "AIROBOTS" -> "docs/examples/ai-robots.txt";
          case "NOW" -> AcapRun.NOW;
          default -> o;
        })
        .toList();

    List<String> filter = new ArrayList<>(List.of("scp", "filter", "--site", "https://example.com", "--usage", usage));
    filter.addAll(policy);
    filter.addAll(List.of(in.toString(), "-o", out.toString()));
    AcapRun.Result r = AcapRun.run(filter.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();

    List<String> check = new ArrayList<>(List.of("check", "--format", "jsonl", "--usage", "crawl," + usage));
    check.addAll(policy);
    check.addAll(paths);
    AcapRun.Result decided = AcapRun.run(check.toArray(String[]::new));
    assertThat(decided.exitCode()).as(decided.err()).isZero();
    ObjectMapper mapper = new ObjectMapper();
    List<String> refused = new ArrayList<>();
    for (String line : decided.outLines()) {
      JsonNode d = mapper.readTree(line);
      if (!d.get("allowed").asBoolean()) {
        refused.add(d.get("path").asText());
      }
    }
    List<String> expected = paths.stream().filter(p -> !refused.contains(p)).map(p -> "https://example.com" + p).toList();
    List<String> kept = new ArrayList<>();
    List<String> written = lines(decompress(out));
    for (String line : written.subList(1, written.size())) {
      kept.add(mapper.readTree(line).get("url").asText());
    }
    assertThat(kept).isEqualTo(expected).hasSize(expectedKept);
  }

  @Test
  void robotsIsOptionalWhenAnotherSourceAndTheSiteAreGiven() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/a").write(dir.resolve("in.scp"), Compression.NONE);
    String[] base = {"scp", "filter", "--crawler", "examplebot", "--usage", "index"};

    AcapRun.Result none = AcapRun.run(concat(base, "--site", "https://example.com", in.toString(), "-o", dir.resolve("a.scp").toString()));
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err()).startsWith("acap: a policy is required");

    AcapRun.Result noSite = AcapRun.run(concat(base, "--scorpion", AcapRun.SCORPION, in.toString(), "-o", dir.resolve("b.scp").toString()));
    assertThat(noSite.exitCode()).isEqualTo(2);
    assertThat(noSite.err()).isEqualTo("acap: cannot tell which site the policy belongs to: give --site https://host\n");

    AcapRun.Result scorpion = AcapRun.run(concat(base, "--scorpion", AcapRun.SCORPION, "--site", "https://example.com",
        in.toString(), "-o", dir.resolve("c.scp").toString()));
    assertThat(scorpion.exitCode()).as(scorpion.err()).isZero();
    assertThat(scorpion.err()).contains("read 1 pages");
  }

  @Test
  void crawlMustBeAllowedTooAndIsAskedOnceWhenItIsTheUsage() throws IOException {
    List<String> calls = new ArrayList<>();
    policy = (url, usage) -> {
      calls.add(usage + " " + url);
      return POLICY.decide(url, usage);
    };
    Path in = TestCollection.snapshot().page("https://example.com/private/a").page("https://example.com/blog/b")
        .write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result index = run(filter(in, out));
    assertThat(index.err()).contains("kept 1").contains("crawl-disallowed  1");
    assertThat(calls).containsExactly(
        "crawl https://example.com/private/a", "crawl https://example.com/blog/b", "index https://example.com/blog/b");

    calls.clear();
    List<String> args = new ArrayList<>(Arrays.asList(filter(in, out)));
    args.set(args.indexOf("index"), "crawl");
    AcapRun.Result crawl = run(args.toArray(String[]::new));
    assertThat(crawl.err()).contains("kept 1").contains("usage-disallowed  1");
    assertThat(calls).containsExactly("crawl https://example.com/private/a", "crawl https://example.com/blog/b");
  }

  @Test
  void summaryListsTheFiveDecidingLinesThatDroppedMost() throws IOException {
    policy = (url, usage) -> {
      String last = url.substring(url.lastIndexOf('/') + 1);
      int rule = Integer.parseInt(last.substring(0, 1));
      return usage.equals("index") ? PageVerdict.byLine(false, new SourceLine("robots.txt", 10 + rule, "ACAP-disallow-index: /r" + rule)) : PageVerdict.byDefault(true);
    };
    TestCollection c = TestCollection.snapshot();
    int[] counts = {1, 7, 3, 6, 2, 5, 4};
    for (int rule = 0; rule < counts.length; rule++) {
      for (int i = 0; i < counts[rule]; i++) {
        c.page("https://example.com/p/" + rule + "-" + i);
      }
    }
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);
    Path report = dir.resolve("report.json");

    AcapRun.Result r = run(filter(in, dir.resolve("out.scp"), "--report", "json", report.toString()));

    assertThat(r.exitCode()).as(r.err()).isZero();
    String top = r.err().substring(r.err().indexOf("top deciding lines:"));
    assertThat(top.lines().skip(1).limit(5).toList()).containsExactly(
        "  7  robots.txt:11  ACAP-disallow-index: /r1",
        "  6  robots.txt:13  ACAP-disallow-index: /r3",
        "  5  robots.txt:15  ACAP-disallow-index: /r5",
        "  4  robots.txt:16  ACAP-disallow-index: /r6",
        "  3  robots.txt:12  ACAP-disallow-index: /r2");
    assertThat(top).doesNotContain("/r4", "/r0");
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.at("/pages/topDecidingLines")).hasSize(5);
    assertThat(json.at("/pages/topDecidingLines/0/line").asInt()).isEqualTo(11);
    assertThat(json.at("/pages/topDecidingLines/0/dropped").asLong()).isEqualTo(7);
  }

  @Test
  void reportJsonCarriesTheSummary() throws IOException {
    TestCollection c = TestCollection.snapshot()
        .page("https://example.com/blog/a").page("https://example.com/drafts/b").page("https://other.example/c").line("nope");
    Path in = c.write(dir.resolve("in.scp.gz"), Compression.GZIP);
    Path out = dir.resolve("out.scp.gz");
    Path report = dir.resolve("report.json");

    AcapRun.Result r = run(filter(in, out, "--report", "json", report.toString()));

    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.at("/command").asText()).isEqualTo("scp filter");
    assertThat(json.at("/site").asText()).isEqualTo("https://example.com");
    assertThat(json.at("/usage").asText()).isEqualTo("index");
    assertThat(json.at("/collection/id").asText()).isEqualTo("blog-snapshot-q1");
    assertThat(json.at("/collection/type").asText()).isEqualTo("snapshot");
    assertThat(json.at("/checksum/inputVerified").asBoolean()).isTrue();
    assertThat(json.at("/checksum/input").asText()).isEqualTo(TestCollection.sha256(c.body()));
    assertThat(json.at("/checksum/output").asText()).startsWith("sha256:");
    assertThat(json.at("/compression/input").asText()).isEqualTo("gzip");
    assertThat(json.at("/pages/read").asLong()).isEqualTo(4);
    assertThat(json.at("/pages/kept").asLong()).isEqualTo(1);
    assertThat(json.at("/pages/dropped").asLong()).isEqualTo(3);
    assertThat(json.at("/pages/droppedByReason/usage-disallowed").asLong()).isEqualTo(1);
    assertThat(json.at("/pages/droppedByReason/off-site").asLong()).isEqualTo(1);
    assertThat(json.at("/pages/droppedByReason/malformed").asLong()).isEqualTo(1);
    assertThat(json.at("/warnings").asLong()).isEqualTo(1);
    assertThat(json.at("/bytes/storedOut").asLong()).isEqualTo(Files.size(out));
    assertThat(json.at("/bytes/uncompressedIn").asLong()).isEqualTo(c.bytes().length);
  }

  @Test
  void badReportFormatIsAUsageError() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").write(dir.resolve("in.scp"), Compression.NONE);
    AcapRun.Result r = run(filter(in, dir.resolve("out.scp"), "--report", "xml", dir.resolve("r.xml").toString()));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("acap: --report: unknown format 'xml' (the one format is json)\n");
    assertThat(dir.resolve("out.scp")).doesNotExist();
  }

  @Test
  void aMissingRequiredOptionIsOneLineAndExitTwo() throws IOException {
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").write(dir.resolve("in.scp"), Compression.NONE);
    AcapRun.Result r = run("scp", "filter", "--robots", "https://example.com/robots.txt", "--crawler", "bot", in.toString(), "-o", "x.scp");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("acap: Missing required option: '--usage=U'");
    assertThat(r.err().strip().lines()).hasSize(1);
  }

  @Test
  void noProgressBarWhenStderrIsNotATerminal() throws IOException {
    TestCollection c = TestCollection.snapshot();
    for (int i = 0; i < 3000; i++) {
      c.page("https://example.com/blog/" + i);
    }
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);

    AcapRun.Result quiet = run(new ByteArrayInputStream(new byte[0]), false, filter(in, dir.resolve("a.scp")));
    assertThat(quiet.exitCode()).isZero();
    assertThat(quiet.err()).doesNotContain("\r").doesNotContain("pages/s").doesNotContain("filtering");

    AcapRun.Result tty = run(new ByteArrayInputStream(new byte[0]), true, filter(in, dir.resolve("b.scp")));
    assertThat(tty.exitCode()).isZero();
    // An uncompressed output is written in one pass ("filtering"); a zstd one in two.
    assertThat(tty.err()).contains("\r").contains("filtering").contains("100%");
    assertThat(tty.err().substring(tty.err().lastIndexOf('\r') + 1)).startsWith("scp filter: read 3000 pages");
  }

  @Test
  void aChecksumIsAddedWhenTheInputHasNone() throws IOException {
    TestCollection c = TestCollection.snapshot().withoutChecksum().page("https://example.com/blog/a");
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = lines(Files.readAllBytes(out));
    String meta = c.metadata();
    assertThat(lines.get(0)).isEqualTo(
        meta.substring(0, meta.length() - 2) + ",\"checksum\":\"" + TestCollection.sha256(c.body()) + "\"}}");
    assertThat(r.err()).contains("checksum: input had none");
  }

  @Test
  void theMetadataLineIsOtherwisePassedThroughVerbatim() throws IOException {
    TestCollection c = TestCollection.snapshot().page("https://example.com/blog/a").page("https://example.com/drafts/b");
    String sum = TestCollection.sha256(c.body());
    String meta = "{ \"collection\" : { \"id\" : \"x-1\", \"x-vendor\" : {\"a\": [1, 2]}, \"section\":\"all\", \"type\":\"snapshot\","
        + " \"generated\":\"2025-01-15T10:00:00+02:00\", \"checksum\" :  \"" + sum + "\" , \"version\":\"0.1\" }, \"extra\": true }\r";
    Path in = c.metadataLine(meta).write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).as(r.err()).isZero();
    String first = lines(Files.readAllBytes(out)).get(0);
    String newSum = TestCollection.sha256((TestCollection.page("https://example.com/blog/a", "Title of https://example.com/blog/a") + "\n")
        .getBytes(StandardCharsets.UTF_8));
    assertThat(first).isEqualTo(meta.replace(sum, newSum));
  }

  @Test
  void oversizedPagesAndTooManyBlocksAreSkipped() throws IOException {
    StringBuilder blocks = new StringBuilder();
    for (int i = 0; i < 1001; i++) {
      blocks.append(i == 0 ? "" : ",").append("{\"type\":\"text\",\"text\":\"x\"}");
    }
    TestCollection c = TestCollection.snapshot()
        .page("https://example.com/blog/a")
        .line("{\"url\":\"https://example.com/blog/big\",\"title\":\"" + "b".repeat(40000) + "\"}")
        .line("{\"url\":\"https://example.com/blog/many\",\"content\":[" + blocks + "]}");
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);

    AcapRun.Result r = run(filter(in, dir.resolve("out.scp"), "--max-page-bytes", "32KiB"));

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err())
        .contains("kept 1")
        .contains("oversized        1")
        .contains("too-many-blocks  1")
        .contains("line 3: skipped (oversized): page is 40050 bytes, over the 32768-byte limit")
        .contains("line 4: skipped (too-many-blocks): more than 1000 content blocks");
  }

  @Test
  void lineEndingsArePreservedIncludingAFinalLineWithoutNewline() throws IOException {
    TestCollection c = TestCollection.snapshot();
    String a = TestCollection.page("https://example.com/blog/a", "A") + "\r\n";
    String b = TestCollection.page("https://example.com/blog/b", "B");
    byte[] body = (a + b).getBytes(StandardCharsets.UTF_8);
    byte[] file = (c.withoutChecksum().metadata() + "\n" + a + b).getBytes(StandardCharsets.UTF_8);
    Path in = Files.write(dir.resolve("in.scp"), file);
    Path out = dir.resolve("out.scp");

    AcapRun.Result r = run(filter(in, out));

    assertThat(r.exitCode()).as(r.err()).isZero();
    byte[] written = Files.readAllBytes(out);
    String text = new String(written, StandardCharsets.UTF_8);
    assertThat(text).endsWith("\n" + a + b);
    assertThat(text).contains(TestCollection.sha256(body));
  }

  @Test
  void manyMalformedLinesPrintACappedNumberOfWarnings() throws IOException {
    TestCollection c = TestCollection.snapshot();
    for (int i = 0; i < 50; i++) {
      c.line("garbage " + i);
    }
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);

    AcapRun.Result r = run(filter(in, dir.resolve("out.scp")));

    assertThat(r.exitCode()).isZero();
    assertThat(r.err().lines().filter(l -> l.contains("skipped (malformed)"))).hasSize(ScpFilterCommand.WARNING_CAP);
    assertThat(r.err()).contains("acap: warning: 30 more skipped lines not shown").contains("malformed  50");
  }

  @Test
  void controlCharactersFromTheInputNeverReachTheTerminal() throws IOException {
    policy = (url, usage) -> PageVerdict.byLine(false, new SourceLine("robots.txt", 1, "Disallow: /\u001b[31mred"));
    Path in = TestCollection.snapshot().page("https://example.com/blog/a").line("{\"url\":\"https://example.com/\\u001b[2J\\u0007\"}x")
        .write(dir.resolve("in.scp"), Compression.NONE);

    AcapRun.Result r = run(filter(in, dir.resolve("out.scp")));

    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).doesNotContain("\u001b").doesNotContain("\u0007").contains("Disallow: /\\u001B[31mred");
  }
}
