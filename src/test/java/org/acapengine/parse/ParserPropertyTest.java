package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Span;
import org.acapengine.render.ModelJson;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Properties that hold for any input: random bytes, token soup made of the grammar's own words,
 * and mutations of the samples and the real-world corpus (lines inserted, deleted, duplicated,
 * swapped and glued; bytes flipped; CR, LF and NUL spliced in; the size limit moved). For each:
 * parsing does not throw and gives a document; no internal-error diagnostic; every span lies
 * inside the parsed lines; every line that is not blank or a comment is accounted for by a model
 * node or a diagnostic; parsing twice gives the same JSON. Seeded, so every run checks the same
 * cases.
 */
class ParserPropertyTest {

  private static final long SEED = 0xACA9_2008L;
  private static final List<byte[]> SEEDS = new ArrayList<>();
  private static final List<String> LINE_POOL = new ArrayList<>();

  private static final String[] KEYS = {
    "ACAP-crawler", "ACAP-allow-crawl", "ACAP-allow-(x)", "ACAP-allow-present-snippet", "ACAP-disallow-index",
    "ACAP-disallow-(x)", "ACAP-request-take-down", "ACAP-request-re-crawl", "ACAP-usage-purpose",
    "ACAP-permissions-reference", "ACAP-qualified-usage", "ACAP-composite-usage", "ACAP-resource-set",
    "ACAP-ignore-conventional-records", "ACAP-alow-crawl", "ACAP-", "User-agent", "useragent", "Disallow",
    "dissallow", "Allow", "Sitemap", "Crawl-delay", "##ACAP", "#", "", "acap-CRAWLER", "x"};
  private static final String[] VALUES = {
    ":", ": ", " ", "\t", "*", "/x", "/a /b", "the-acap:resource-set:s", "the-acap:", "(x)", "(", ")", "=",
    "time-limit=3-days", "max-length=250-chars", "prohibited-modification=any", "a=b", "news", "#c", "# c",
    "\u00e9", "\u0000", "\ufffd", "present-snippet", "s", "version=1.0", "1.0", "\ud83d\ude00", "::", "=="};

  @BeforeAll
  static void loadSeeds() throws IOException {
    try (Stream<Path> files = Files.list(GrammarSamplesTest.SAMPLES)) {
      for (Path p : files.filter(f -> f.toString().endsWith(GrammarSamplesTest.SUFFIX)).sorted().toList()) {
        SEEDS.add(Files.readAllBytes(p));
      }
    }
    Path corpus = CorpusTest.corpusDir();
    if (Files.isDirectory(corpus)) {
      try (Stream<Path> files = Files.list(corpus)) {
        for (Path p : files.sorted().toList()) {
          SEEDS.add(Files.readAllBytes(p));
        }
      }
    }
    for (byte[] seed : SEEDS) {
      for (byte[] line : lines(seed)) {
        if (LINE_POOL.size() < 5000 && line.length < 200) {
          LINE_POOL.add(new String(line, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
      }
    }
  }

  @Test
  void randomBytes() {
    Random rnd = new Random(SEED);
    Checker checker = new Checker("random bytes");
    for (int i = 0; i < 800; i++) {
      byte[] input = new byte[rnd.nextInt(300)];
      for (int j = 0; j < input.length; j++) {
        input[j] = randomByte(rnd);
      }
      checker.check(i, input, options(rnd, input));
    }
    checker.assertNoFailures();
  }

  @Test
  void tokenSoup() {
    Random rnd = new Random(SEED + 1);
    Checker checker = new Checker("token soup");
    for (int i = 0; i < 1000; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int lines = rnd.nextInt(30);
      for (int l = 0; l < lines; l++) {
        out.writeBytes(soupLine(rnd).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.writeBytes(lineEnd(rnd));
      }
      byte[] input = out.toByteArray();
      checker.check(i, input, options(rnd, input));
    }
    checker.assertNoFailures();
  }

  @Test
  void mutationsOfSamplesAndCorpus() {
    assertThat(SEEDS).isNotEmpty();
    Random rnd = new Random(SEED + 2);
    Checker checker = new Checker("mutations");
    for (int i = 0; i < 1600; i++) {
      byte[] seed = SEEDS.get(rnd.nextInt(SEEDS.size()));
      List<byte[]> lines = window(lines(seed), rnd);
      int steps = 1 + rnd.nextInt(5);
      for (int s = 0; s < steps; s++) {
        mutate(lines, rnd);
      }
      byte[] input = join(lines);
      checker.check(i, input, options(rnd, input));
    }
    checker.assertNoFailures();
  }

  // ---- the properties ---------------------------------------------------------------------------

  /** Runs the parser on each case and collects the first failures with their inputs. */
  static final class Checker {
    private final String generator;
    private final List<String> failures = new ArrayList<>();
    private int checked;

    Checker(String generator) {
      this.generator = generator;
    }

    void check(int index, byte[] input, ParseOptions options) {
      checked++;
      try {
        List<String> problems = problems(input, options);
        if (!problems.isEmpty() && failures.size() < 5) {
          failures.add("case " + index + " (maxBytes " + options.maxBytes() + "): " + problems + "\n    input: " + escape(input));
        }
      } catch (RuntimeException | StackOverflowError e) {
        if (failures.size() < 5) {
          failures.add("case " + index + " threw " + e + "\n    input: " + escape(input));
        }
      }
    }

    void assertNoFailures() {
      assertThat(checked).isGreaterThan(0);
      assertThat(failures).as("%s: failing cases of %d", generator, checked).isEmpty();
    }
  }

  static List<String> problems(byte[] input, ParseOptions options) {
    List<String> problems = new ArrayList<>();
    RobotsTxtParser parser = new RobotsTxtParser(options);
    PolicyDocument doc = parser.parse(input, "fuzz");
    if (doc == null) {
      return List.of("no document");
    }
    List<String> lines = doc.source().lines();
    int n = lines.size();
    for (Diagnostic d : doc.diagnostics()) {
      if (d.code().equals("unrecognised-line") && d.message().startsWith("internal error")) {
        problems.add("internal error: " + d.message());
      }
    }
    for (Diagnostic d : doc.diagnostics()) {
      if (d.code().equals("file-truncated")) {
        if (!doc.source().truncated() || d.span().line() != n + 1) {
          problems.add("file-truncated diagnostic at line " + d.span().line() + " of " + n + " parsed lines");
        }
      } else if (d.code().equals("byte-order-mark")) {
        if (!d.span().equals(Span.ofLine(1, 1, 1))) {
          problems.add("byte-order-mark diagnostic at " + d.span());
        }
      } else {
        checkSpan(d.span(), lines, "diagnostic " + d.code(), problems);
      }
    }
    List<Span> modelSpans = ModelLines.allSpans(doc);
    modelSpans.removeAll(doc.diagnostics().stream().map(Diagnostic::span).toList());
    for (Span s : modelSpans) {
      checkSpan(s, lines, "model node", problems);
    }
    // nothing is lost: each line that is neither blank nor a comment became a node or got a diagnostic
    Map<Integer, List<String>> nodes = ModelLines.nodesByLine(doc);
    boolean[] diagnosed = new boolean[n + 2];
    for (Diagnostic d : doc.diagnostics()) {
      if (d.span().line() <= n) {
        diagnosed[d.span().line()] = true;
      }
    }
    for (int i = 1; i <= n; i++) {
      String line = lines.get(i - 1);
      if (isBlankOrComment(line)) {
        continue;
      }
      if (!nodes.containsKey(i) && !diagnosed[i] && !(isIgnoreDirective(line) && doc.ignoresConventionalRecords())) {
        problems.add("line " + i + " is lost: " + escape(line.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      }
    }
    if (doc.source().truncated() != (doc.diagnostics().stream().anyMatch(d -> d.code().equals("file-truncated")))) {
      problems.add("truncated flag and file-truncated diagnostic disagree");
    }
    String json = ModelJson.document(doc);
    String again = ModelJson.document(parser.parse(input, "fuzz"));
    if (!json.equals(again)) {
      problems.add("two parses differ");
    }
    return problems;
  }

  private static void checkSpan(Span s, List<String> lines, String what, List<String> problems) {
    int n = lines.size();
    if (s.endLine() > Math.max(n, 1)) {
      problems.add(what + " " + s + "-" + s.endLine() + ":" + s.endColumn() + " ends after the last line " + n);
      return;
    }
    int startLength = n == 0 ? 0 : lines.get(s.line() - 1).length();
    int endLength = n == 0 ? 0 : lines.get(s.endLine() - 1).length();
    if (s.column() > Math.max(1, startLength) || s.endColumn() > Math.max(1, endLength)) {
      problems.add(what + " " + s + "-" + s.endLine() + ":" + s.endColumn() + " is outside its line");
    }
  }

  /**
   * True for a further ACAP-ignore-conventional-records line: the model keeps where the first
   * one stands, and a repetition says nothing more.
   */
  static boolean isIgnoreDirective(String line) {
    String name = "ACAP-ignore-conventional-records";
    String t = line.stripLeading();
    if (!t.regionMatches(true, 0, name, 0, name.length())) {
      return false;
    }
    return t.length() == name.length() || " \t:#".indexOf(t.charAt(name.length())) >= 0;
  }

  /** The lexer's notion: only spaces and tabs are blank; a comment starts with '#'. */
  static boolean isBlankOrComment(String line) {
    int i = 0;
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return i == line.length() || line.charAt(i) == '#';
  }

  // ---- generators -------------------------------------------------------------------------------

  private static final byte[] SPECIAL = {0x00, (byte) 0xFF, (byte) 0xC3, (byte) 0xA9, (byte) 0xE2, (byte) 0x80, (byte) 0xEF,
      (byte) 0xBB, (byte) 0xBF, (byte) 0xF0, (byte) 0x9F, '\r', '\n'};
  private static final String ROBOTS_ALPHABET = "ACPacp-:*#=()/ \t\n\rUuDdSs0123456789.$%";

  static byte randomByte(Random rnd) {
    int r = rnd.nextInt(10);
    if (r < 5) {
      return (byte) ROBOTS_ALPHABET.charAt(rnd.nextInt(ROBOTS_ALPHABET.length()));
    }
    if (r < 7) {
      return SPECIAL[rnd.nextInt(SPECIAL.length)];
    }
    return (byte) rnd.nextInt(256);
  }

  static String soupLine(Random rnd) {
    StringBuilder sb = new StringBuilder();
    if (rnd.nextInt(6) == 0) {
      sb.append(rnd.nextBoolean() ? " " : "\t");
    }
    sb.append(KEYS[rnd.nextInt(KEYS.length)]);
    int items = rnd.nextInt(6);
    for (int i = 0; i < items; i++) {
      sb.append(VALUES[rnd.nextInt(VALUES.length)]);
    }
    return sb.toString();
  }

  static byte[] lineEnd(Random rnd) {
    return switch (rnd.nextInt(6)) {
      case 0 -> new byte[] {'\r'};
      case 1 -> new byte[] {'\r', '\n'};
      default -> new byte[] {'\n'};
    };
  }

  /** Mostly the default limit; sometimes one that cuts the input somewhere. */
  static ParseOptions options(Random rnd, byte[] input) {
    if (input.length > 0 && rnd.nextInt(8) == 0) {
      return ParseOptions.defaults().withMaxBytes(1 + rnd.nextInt(input.length));
    }
    return ParseOptions.defaults();
  }

  /** The lines of {@code bytes}, each with its terminator (LF, CR or CRLF) if it has one. */
  static List<byte[]> lines(byte[] bytes) {
    List<byte[]> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == '\n' || bytes[i] == '\r') {
        int end = i + 1;
        if (bytes[i] == '\r' && end < bytes.length && bytes[end] == '\n') {
          end++;
        }
        out.add(java.util.Arrays.copyOfRange(bytes, start, end));
        start = end;
        i = end - 1;
      }
    }
    if (start < bytes.length) {
      out.add(java.util.Arrays.copyOfRange(bytes, start, bytes.length));
    }
    return out;
  }

  /** At most 300 consecutive lines, so that large corpus files stay quick to mutate. */
  static List<byte[]> window(List<byte[]> lines, Random rnd) {
    if (lines.size() <= 300) {
      return new ArrayList<>(lines);
    }
    int from = rnd.nextInt(lines.size() - 300);
    return new ArrayList<>(lines.subList(from, from + 300));
  }

  static byte[] join(List<byte[]> lines) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    lines.forEach(out::writeBytes);
    return out.toByteArray();
  }

  static void mutate(List<byte[]> lines, Random rnd) {
    int n = lines.size();
    int at = n == 0 ? 0 : rnd.nextInt(n);
    switch (rnd.nextInt(9)) {
      case 0 -> { // insert a line from the samples and the corpus, or from the soup
        String line = rnd.nextBoolean() && !LINE_POOL.isEmpty() ? LINE_POOL.get(rnd.nextInt(LINE_POOL.size())) : soupLine(rnd) + "\n";
        lines.add(n == 0 ? 0 : rnd.nextInt(n + 1), line.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      }
      case 1 -> { // delete
        if (n > 0) {
          lines.remove(at);
        }
      }
      case 2 -> { // duplicate
        if (n > 0) {
          lines.add(at, lines.get(at).clone());
        }
      }
      case 3 -> { // swap
        if (n > 1) {
          java.util.Collections.swap(lines, at, rnd.nextInt(n));
        }
      }
      case 4 -> { // flip a byte
        if (n > 0 && lines.get(at).length > 0) {
          byte[] l = lines.get(at).clone();
          int i = rnd.nextInt(l.length);
          l[i] = rnd.nextBoolean() ? (byte) (l[i] ^ (1 << rnd.nextInt(8))) : randomByte(rnd);
          lines.set(at, l);
        }
      }
      case 5 -> { // splice CR, LF, CRLF or NUL into a line
        if (n > 0) {
          byte[] l = lines.get(at);
          int i = l.length == 0 ? 0 : rnd.nextInt(l.length);
          byte[] ins = switch (rnd.nextInt(4)) {
            case 0 -> new byte[] {'\r'};
            case 1 -> new byte[] {'\n'};
            case 2 -> new byte[] {'\r', '\n'};
            default -> new byte[] {0};
          };
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          out.write(l, 0, i);
          out.writeBytes(ins);
          out.write(l, i, l.length - i);
          lines.set(at, out.toByteArray());
        }
      }
      case 6 -> { // glue a line to the next: drop its terminator
        if (n > 0) {
          byte[] l = lines.get(at);
          int end = l.length;
          while (end > 0 && (l[end - 1] == '\n' || l[end - 1] == '\r')) {
            end--;
          }
          lines.set(at, java.util.Arrays.copyOf(l, end));
        }
      }
      case 7 -> { // cut the file short inside a line
        if (n > 0 && lines.get(at).length > 0) {
          lines.set(at, java.util.Arrays.copyOf(lines.get(at), rnd.nextInt(lines.get(at).length)));
          lines.subList(at + 1, n).clear();
        }
      }
      default -> { // replace a line by a soup line
        if (n > 0) {
          lines.set(at, (soupLine(rnd) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
      }
    }
  }

  static String escape(byte[] bytes) {
    StringBuilder sb = new StringBuilder("\"");
    int limit = Math.min(bytes.length, 600);
    for (int i = 0; i < limit; i++) {
      int b = bytes[i] & 0xFF;
      if (b == '\n') {
        sb.append("\\n");
      } else if (b == '\r') {
        sb.append("\\r");
      } else if (b == '\t') {
        sb.append("\\t");
      } else if (b == '"' || b == '\\') {
        sb.append('\\').append((char) b);
      } else if (b < 0x20 || b >= 0x7F) {
        sb.append(String.format("\\x%02x", b));
      } else {
        sb.append((char) b);
      }
    }
    return sb.append(bytes.length > limit ? "\"..." : "\"").toString();
  }
}
