package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.acapengine.internal.json.Json;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code acap check}, run in-process: inputs, output formats, batch requests, errors and exit codes. */
class CheckCommandTest {

  static final String ROBOTS = String.join("\n",
      "User-agent: *", //                                                                      1
      "Disallow: /private/", //                                                                2
      "", //                                                                                   3
      "ACAP-crawler: *", //                                                                    4
      "ACAP-allow-index: /news/", //                                                           5
      "ACAP-disallow-index: /", //                                                             6
      "ACAP-allow-present-snippet: /news/ max-length=20-words time-limit=3-days", //           7
      "ACAP-allow-present-currentcopy: /news/ prohibited-modification=format prohibited-modification=translation", // 8
      "ACAP-usage-purpose: archive", //                                                        9
      "ACAP-allow-index: /old/", //                                                            10
      "");

  static final String OTHER = "User-agent: *\nDisallow: /\n";

  @TempDir
  Path dir;

  Path robots;
  Path other;

  @BeforeEach
  void write() throws IOException {
    robots = dir.resolve("robots.txt");
    other = dir.resolve("other.txt");
    Files.writeString(robots, ROBOTS, StandardCharsets.UTF_8);
    Files.writeString(other, OTHER, StandardCharsets.UTF_8);
  }

  private static JsonNode json(String line) {
    try {
      return Json.MAPPER.readTree(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<JsonNode> jsonLines(AcapRun.Result r) {
    List<JsonNode> out = new ArrayList<>();
    for (String l : r.outLines()) {
      out.add(json(l));
    }
    return out;
  }

  // ---- inputs ------------------------------------------------------------------------------------

  @Test
  void pathsFromTheArguments() {
    AcapRun.Result r = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "/private/x", "/public/x");
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.outLines()).hasSize(2);
    assertThat(r.outLines().get(0)).startsWith("prohibited").contains("crawl").contains("/private/x").contains("conventional-rule")
        .contains(":2: Disallow: /private/");
    assertThat(r.outLines().get(1)).startsWith("allowed").contains("/public/x").contains("(default)");
  }

  @Test
  void pathsFromAUrlsFileSkippingBlankLines() throws IOException {
    Path urls = dir.resolve("urls.txt");
    Files.writeString(urls, "http://example.com/private/a\n\n  /news/x  \n/public\n", StandardCharsets.UTF_8);
    AcapRun.Result r = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--urls", urls.toString(), "--format", "jsonl");
    assertThat(r.exitCode()).isZero();
    List<JsonNode> lines = jsonLines(r);
    assertThat(lines).extracting(n -> n.get("path").asText()).containsExactly("http://example.com/private/a", "/news/x", "/public");
    assertThat(lines).extracting(n -> n.get("allowed").asBoolean()).containsExactly(false, true, true);
  }

  @Test
  void pathsFromStandardInput() {
    AcapRun.Result r = AcapRun.runWithInput("/private/a\r\n/b\n/private/c", "check", "--robots", robots.toString(), "--crawler", "bot", "--format", "jsonl");
    assertThat(r.exitCode()).isZero();
    assertThat(jsonLines(r)).extracting(n -> n.get("path").asText() + " " + n.get("allowed").asBoolean())
        .containsExactly("/private/a false", "/b true", "/private/c false");
  }

  @Test
  void severalUsagesGiveOneResultPerPathAndUsageInInputOrder() {
    AcapRun.Result r = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--usage", "crawl,index", "--format", "jsonl",
        "/news/a", "/private/b", "/other");
    assertThat(r.exitCode()).isZero();
    assertThat(jsonLines(r)).extracting(n -> n.get("path").asText() + " " + n.get("usage").asText() + " " + n.get("allowed").asBoolean())
        .containsExactly(
            "/news/a crawl true", "/news/a index true",
            "/private/b crawl false", "/private/b index false",
            "/other crawl true", "/other index false");
  }

  // ---- jsonl ---------------------------------------------------------------------------------------

  @Test
  void jsonlHasTheDocumentedFields() {
    AcapRun.Result r = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--usage", "index,present-snippet,present-currentcopy,follow",
        "--format", "jsonl", "/news/a");
    List<JsonNode> lines = jsonLines(r);
    assertThat(lines).hasSize(4);
    for (JsonNode n : lines) {
      assertThat(n.fieldNames()).toIterable().contains("path", "usage", "allowed", "basis", "line", "qualifiers");
      assertThat(n.get("qualifiers").isObject()).isTrue();
    }
    JsonNode index = lines.get(0);
    assertThat(index.get("basis").asText()).isEqualTo("acap-field");
    assertThat(index.get("line").asInt()).isEqualTo(5);
    assertThat(index.get("qualifiers").size()).isZero();

    JsonNode snippet = lines.get(1);
    assertThat(snippet.get("line").asInt()).isEqualTo(7);
    assertThat(snippet.get("qualifiers").get("max-length").asText()).isEqualTo("20-words");
    assertThat(snippet.get("qualifiers").get("time-limit").asText()).isEqualTo("3-days");

    JsonNode copy = lines.get(2);
    JsonNode mods = copy.get("qualifiers").get("prohibited-modification");
    assertThat(mods.isArray()).as("a repeated qualifier type is a list: %s", copy).isTrue();
    assertThat(mods).extracting(JsonNode::asText).containsExactly("format", "translation");

    JsonNode follow = lines.get(3);
    assertThat(follow.get("basis").asText()).isEqualTo("default");
    assertThat(follow.get("line").isNull()).isTrue();
    assertThat(follow.get("qualifiers").toString()).isEqualTo("{}");
  }

  @Test
  void purposeAndHonourReachTheQuery() {
    AcapRun.Result plain = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--usage", "index", "--format", "jsonl", "/old/x");
    AcapRun.Result archive = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--usage", "index", "--purpose", "archive",
        "--format", "jsonl", "/old/x");
    assertThat(json(plain.out()).get("allowed").asBoolean()).isFalse();
    assertThat(json(archive.out()).get("allowed").asBoolean()).isTrue();
    assertThat(json(archive.out()).get("line").asInt()).isEqualTo(10);

    AcapRun.Result honour = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--usage", "present-snippet", "--honour", "max-length",
        "--format", "jsonl", "/news/a");
    assertThat(json(honour.out()).get("allowed").asBoolean()).as("time-limit is not honoured").isFalse();
    assertThat(json(honour.out()).get("line").asInt()).isEqualTo(7);
  }

  @Test
  void conventionalAppliesToWidensTheConventionalRules() {
    AcapRun.Result narrow = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--usage", "present", "--format", "jsonl", "/private/x");
    AcapRun.Result wide = AcapRun.runWithInput("", "check", "--robots", robots.toString(), "--crawler", "bot", "--usage", "present", "--conventional-applies-to",
        "crawl,present", "--format", "jsonl", "/private/x");
    assertThat(json(narrow.out()).get("basis").asText()).isEqualTo("default");
    assertThat(json(wide.out()).get("basis").asText()).isEqualTo("conventional-rule");
    assertThat(json(wide.out()).get("allowed").asBoolean()).isFalse();
  }

  // ---- batch requests ------------------------------------------------------------------------------

  private String request(Path robotsFile, String crawler, String usage, String url) {
    return "{\"robots\":\"" + robotsFile + "\",\"crawler\":\"" + crawler + "\"" + (usage == null ? "" : ",\"usage\":\"" + usage + "\"") + ",\"url\":\"" + url
        + "\"}";
  }

  @Test
  void requestsFromAFileAnswerEachLineInPlaceOnTwoRobotsFiles() throws IOException {
    List<String> lines = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      boolean first = i % 2 == 0;
      String path = i % 3 == 0 ? "/private/" + i : "/news/" + i;
      lines.add(request(first ? robots : other, "bot", i % 5 == 0 ? "index" : null, path));
      boolean allowed = first ? (i % 5 == 0 ? path.startsWith("/news/") : !path.startsWith("/private/")) : i % 5 == 0;
      expected.add(path + " " + (i % 5 == 0 ? "index" : "crawl") + " " + allowed);
    }
    Path requests = dir.resolve("requests.jsonl");
    Files.write(requests, lines, StandardCharsets.UTF_8);
    AcapRun.Result r = AcapRun.runWithInput("", "check", "--requests", requests.toString());
    assertThat(r.exitCode()).isZero();
    assertThat(r.err()).isEmpty();
    List<JsonNode> out = jsonLines(r);
    assertThat(out).extracting(n -> n.get("path").asText() + " " + n.get("usage").asText() + " " + n.get("allowed").asBoolean())
        .containsExactlyElementsOf(expected);
    assertThat(out).allMatch(n -> n.has("robots") && n.has("basis") && n.has("line") && n.has("qualifiers"));
  }

  @Test
  void badRequestsGiveAnErrorObjectInTheirPlace() {
    String stdin = String.join("\n",
        request(robots, "bot", null, "/private/a"),
        "not json",
        "[1, 2]",
        "{\"robots\":\"" + robots + "\",\"url\":\"/x\"}",
        "{\"robots\":\"" + dir.resolve("missing.txt") + "\",\"crawler\":\"bot\",\"url\":\"/x\"}",
        "{\"robots\":\"" + robots + "\",\"crawler\":[\"bot\",\"other\"],\"usage\":\"index\",\"purpose\":\"archive\",\"url\":\"/old/x\"}",
        "");
    AcapRun.Result r = AcapRun.runWithInput(stdin, "check", "--requests", "-");
    assertThat(r.exitCode()).isZero();
    List<JsonNode> out = jsonLines(r);
    assertThat(out).hasSize(6);
    assertThat(out.get(0).get("allowed").asBoolean()).isFalse();
    for (int i = 1; i <= 4; i++) {
      assertThat(out.get(i).get("request").asInt()).as("line %d", i + 1).isEqualTo(i + 1);
      assertThat(out.get(i).get("error").asText()).as("line %d", i + 1).isNotBlank();
      assertThat(out.get(i).has("allowed")).isFalse();
    }
    assertThat(out.get(4).get("error").asText()).contains("missing.txt");
    assertThat(out.get(5).get("allowed").asBoolean()).as("a list of names and a purpose").isTrue();
    assertThat(out.get(5).get("line").asInt()).isEqualTo(10);
  }

  /**
   * Each robots file is read and compiled once per batch: after the first request has been
   * answered, the file is deleted; the later requests for it are still answered from the compiled
   * policy (were it read again, they would be errors).
   */
  @Test
  void eachRobotsFileIsCompiledOncePerBatch() {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      lines.add(request(robots, "bot", null, i % 2 == 0 ? "/private/" + i : "/open/" + i));
    }
    InputStream stdin = new LineByLineInput(lines, afterFirstLine -> {
      try {
        Files.delete(robots);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    AcapRun.Result r = AcapRun.runWithInput(stdin, "check", "--requests", "-");
    assertThat(Files.exists(robots)).as("the file was deleted during the batch").isFalse();
    List<JsonNode> out = jsonLines(r);
    assertThat(out).hasSize(10);
    assertThat(out).noneMatch(n -> n.has("error"));
    for (int i = 0; i < 10; i++) {
      assertThat(out.get(i).get("allowed").asBoolean()).isEqualTo(i % 2 != 0);
    }
    // Without the cache, a request after the deletion fails: the same batch with a fresh file name.
    AcapRun.Result fresh = AcapRun.runWithInput(request(robots, "bot", null, "/x") + "\n", "check", "--requests", "-");
    assertThat(json(fresh.out()).get("error").asText()).contains("no such file");
  }

  /**
   * Lines cross the reader's 64 K blocks whole, and every line is answered in its place, beyond the
   * answers that may wait at once ({@link BatchAnswers#MAX_LINES} lines), bad lines with their own
   * line numbers.
   */
  @Test
  void aLongBatchIsAnsweredLineForLine() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      lines.add(i % 250 == 7 ? "not a request " + i : request(i % 2 == 0 ? robots : other, "bot", null, "/private/" + "x".repeat(i % 97) + i));
    }
    Path requests = dir.resolve("long.jsonl");
    Files.write(requests, lines, StandardCharsets.UTF_8);
    assertThat(Files.size(requests)).isGreaterThan(3 * 64 * 1024);
    AcapRun.Result r = AcapRun.runWithInput("", "check", "--requests", requests.toString());
    assertThat(r.exitCode()).isZero();
    List<JsonNode> out = jsonLines(r);
    assertThat(out).hasSize(5000);
    assertThat(5000).isGreaterThan(BatchAnswers.MAX_LINES);
    for (int i = 0; i < 5000; i++) {
      if (i % 250 == 7) {
        assertThat(out.get(i).get("request").asInt()).isEqualTo(i + 1);
      } else {
        assertThat(out.get(i).get("path").asText()).endsWith("x".repeat(i % 97) + i);
      }
    }
  }

  /**
   * A cache budget smaller than one compiled file (20 000 rules, estimated well over 1 MiB) drops
   * it after each request and compiles it again: the answers do not change.
   */
  @Test
  void aSmallCacheGivesTheSameAnswers() throws IOException {
    StringBuilder text = new StringBuilder("User-agent: *\nAllow: /news/\n");
    for (int i = 0; i < 20_000; i++) {
      text.append("Disallow: /private/").append(i).append("/\n");
    }
    Path large = dir.resolve("large-robots.txt");
    Files.writeString(large, text, StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      lines.add(request(i % 3 == 0 ? large : other, "bot", i % 5 == 0 ? "index" : null, (i % 2 == 0 ? "/private/" : "/news/") + i + "/"));
    }
    Path requests = dir.resolve("small-cache.jsonl");
    Files.write(requests, lines, StandardCharsets.UTF_8);
    AcapRun.Result big = AcapRun.runWithInput("", "check", "--requests", requests.toString());
    AcapRun.Result small = AcapRun.runWithInput("", "check", "--requests", requests.toString(), "--cache-mb", "1");
    assertThat(small.exitCode()).isZero();
    assertThat(small.out()).isEqualTo(big.out());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "--cache-mb 0 | acap: --cache-mb must be a positive number of MiB",
      "--cache-mb -3 | acap: --cache-mb must be a positive number of MiB",
  })
  void aBadCacheBudgetIsOneLine(String option, String message) {
    String[] o = option.strip().split(" ");
    AcapRun.Result r = AcapRun.runWithInput(request(robots, "bot", null, "/x") + "\n", "check", "--requests", "-", o[0], o[1]);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).containsExactly(message.strip());
  }

  /**
   * A scheduler can keep {@code check --requests -} running and talk to it a line at a time: each
   * answer is printed and flushed once the input pauses, before the next request is written.
   */
  /** Output lines, put on {@code flushed} only when the writer is flushed. */
  private static Writer flushedLines(BlockingQueue<String> flushed) {
    return new Writer() {
      private final StringBuilder pending = new StringBuilder();

      @Override
      public void write(char[] c, int off, int len) {
        pending.append(c, off, len);
      }

      @Override
      public void flush() {
        pending.toString().lines().forEach(flushed::add);
        pending.setLength(0);
      }

      @Override
      public void close() {}
    };
  }

  /**
   * Runs {@code args} as a co-process: writes each of {@code inputs} alone and expects, before the
   * next is written, the flushed answer lines {@code check} gives.
   */
  private static void coProcess(String[] args, List<String> inputs, BiConsumer<Integer, String> check)
      throws Exception {
    PipedOutputStream scheduler = new PipedOutputStream();
    PipedInputStream stdin = new PipedInputStream(scheduler, 1 << 16);
    BlockingQueue<String> flushed = new LinkedBlockingQueue<>();
    Io io = new Io(stdin, new PrintWriter(flushedLines(flushed)), new PrintWriter(new StringWriter()), false);
    ExecutorService acap = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> exit = acap.submit(() -> AcapCommand.run(args, io));
      for (int i = 0; i < inputs.size(); i++) {
        scheduler.write((inputs.get(i) + "\n").getBytes(StandardCharsets.UTF_8));
        scheduler.flush();
        String answer = flushed.poll(30, TimeUnit.SECONDS);
        assertThat(answer).as("answer to input %d, before input %d is written", i + 1, i + 2).isNotNull();
        check.accept(i, answer);
      }
      scheduler.close();
      assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
      assertThat(flushed).isEmpty();
    } finally {
      acap.shutdownNow();
    }
  }

  @Test
  void aRequestWrittenAloneIsAnsweredBeforeTheNext() throws Exception {
    List<String> requests = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      requests.add(request(robots, "bot", null, i % 2 == 0 ? "/private/" + i : "/open/" + i));
    }
    coProcess(new String[] {"check", "--requests", "-"}, requests,
        (i, answer) -> assertThat(json(answer).get("allowed").asBoolean()).isEqualTo(i % 2 != 0));
  }

  /** The same for paths on standard input: each is decided and flushed before the next arrives. */
  @Test
  void aPathWrittenAloneIsDecidedBeforeTheNext() throws Exception {
    coProcess(new String[] {"check", "--robots", robots.toString(), "--crawler", "bot", "--format", "jsonl"},
        List.of("/private/0", "/open/1", "/private/2"),
        (i, answer) -> assertThat(json(answer).get("allowed").asBoolean()).isEqualTo(i % 2 != 0));
  }

  /**
   * A line over the limit gets an error answer of its own, with its line number, and the batch
   * goes on: the line is read through, never held whole. Blank lines are skipped but counted.
   */
  @Test
  void aLineOverTheLimitGetsAnErrorOfItsOwn() {
    String stdin = request(robots, "bot", null, "/a") + "\n\n" + "{\"x\":\"" + "y".repeat(4 * CheckCommand.MAX_LINE) + "\"}\n"
        + request(robots, "bot", null, "/private/b") + "\n";
    AcapRun.Result r = AcapRun.runWithInput(stdin, "check", "--requests", "-");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    List<JsonNode> out = jsonLines(r);
    assertThat(out).hasSize(3);
    assertThat(out.get(0).get("allowed").asBoolean()).isTrue();
    assertThat(out.get(1).get("request").asInt()).isEqualTo(3);
    assertThat(out.get(1).get("error").asText())
        .isEqualTo("the line (" + (4 * CheckCommand.MAX_LINE + 9) + " bytes with its line end) is longer than the 65536-byte limit of an input line; it is not read");
    assertThat(out.get(2).get("allowed").asBoolean()).isFalse();
  }

  /** The same for --urls: the long line's error, in the output format, and the paths after it decided. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "text  | error  line 2: the line (65538 bytes with its line end) is longer than the 65536-byte limit of an input line; it is not read",
      "jsonl | {\"line\":2,\"error\":\"the line (65538 bytes with its line end) is longer than the 65536-byte limit of an input line; it is not read\"}",
  })
  void aLongUrlsLineGetsAnErrorOfItsOwn(String format, String error) throws IOException {
    Path urls = dir.resolve("urls.txt");
    Files.writeString(urls, "/private/a\n/" + "x".repeat(CheckCommand.MAX_LINE) + "\n/open/b\n");
    AcapRun.Result r = AcapRun.run("check", "--robots", robots.toString(), "--crawler", "bot", "--format", format, "--urls", urls.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.outLines()).hasSize(3);
    assertThat(r.outLines().get(1)).isEqualTo(error.strip());
    assertThat(r.outLines().get(2)).contains("/open/b");
  }

  /** Hands out one line per read, and runs a hook before the second line, when the first has been answered. */
  static final class LineByLineInput extends InputStream {
    private final List<byte[]> lines = new ArrayList<>();
    private final java.util.function.Consumer<Void> beforeSecond;
    private int line;
    private int at;

    LineByLineInput(List<String> text, java.util.function.Consumer<Void> beforeSecond) {
      for (String t : text) {
        lines.add((t + "\n").getBytes(StandardCharsets.UTF_8));
      }
      this.beforeSecond = beforeSecond;
    }

    @Override
    public int read() {
      byte[] b = new byte[1];
      return read(b, 0, 1) < 0 ? -1 : b[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (line >= lines.size()) {
        return -1;
      }
      if (line == 1 && at == 0) {
        beforeSecond.accept(null);
      }
      byte[] cur = lines.get(line);
      int n = Math.min(len, cur.length - at);
      System.arraycopy(cur, at, b, off, n);
      at += n;
      if (at == cur.length) {
        line++;
        at = 0;
      }
      return n;
    }

    @Override
    public int available() {
      return 0;
    }
  }

  // ---- errors --------------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      missing --robots        | check --crawler bot /x                                   | --robots
      missing --crawler       | check --robots ROBOTS /x                                 | --crawler
      unreadable robots       | check --robots MISSING --crawler bot /x                  | cannot read
      robots is a directory   | check --robots DIR --crawler bot /x                      | directory
      bad --honour value      | check --robots ROBOTS --crawler bot --honour colour /x   | colour
      unknown --format        | check --robots ROBOTS --crawler bot --format xml /x      | xml
      unreadable --urls       | check --robots ROBOTS --crawler bot --urls MISSING       | cannot read
      --requests with paths   | check --requests MISSING /x                              | --requests
      explain missing robots  | explain --crawler bot /x                                 | --robots
      explain bad format      | explain --robots ROBOTS --crawler bot --format yaml /x   | yaml
      """)
  void userErrorsExitWithTwoAndOneLineOnStandardError(String what, String args, String mentioned) {
    String[] argv = args.trim().split("\\s+");
    for (int i = 0; i < argv.length; i++) {
      argv[i] = argv[i].replace("ROBOTS", robots.toString()).replace("MISSING", dir.resolve("missing.txt").toString()).replace("DIR", dir.toString());
    }
    AcapRun.Result r = AcapRun.runWithInput("", argv);
    assertThat(r.exitCode()).as(what).isEqualTo(ExitCodes.USAGE);
    assertThat(r.errLines()).as(what).hasSize(1);
    assertThat(r.errLines().get(0)).as(what).startsWith("acap: ").contains(mentioned);
    assertThat(r.out()).as(what).isEmpty();
  }
}
