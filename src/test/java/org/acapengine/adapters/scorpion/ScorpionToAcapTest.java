package org.acapengine.adapters.scorpion;

import static org.acapengine.adapters.scorpion.ScorpionTestSupport.file;
import static org.acapengine.adapters.scorpion.ScorpionTestSupport.policy;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScorpionToAcapTest {

  @Test
  void theExampleForASearchCrawler() {
    ScorpionFile f = new ScorpionReader().read(ScorpionTestSupport.resource("example.crawl"), "example.crawl").file();
    String acap = ScorpionToAcap.convert(f, List.of("searchbot"), Optional.of("search"));
    assertThat(acap).startsWith("##ACAP version=1.0\n");
    assertThat(fields(acap)).containsExactly(
        "ACAP-crawler: searchbot",
        "ACAP-disallow-crawl: /private/",
        "ACAP-allow-crawl: /",
        "ACAP-disallow-index: /drafts/",
        "ACAP-allow-index: /");
    assertThat(acap)
        .contains("# Dropped the implicit final C/: line 9 (c/) always matches first.")
        .contains("line 4 (d/cgi-bin/) marks probably dynamic files")
        .contains("line 8 (D5): wait 5 s after each file")
        .contains("line 2 (w86400): fetch the policy again after 86400 s");
  }

  @Test
  void theExampleForAMirrorCarriesItsHintsAsComments() {
    ScorpionFile f = new ScorpionReader().read(ScorpionTestSupport.resource("example.crawl"), "example.crawl").file();
    String acap = ScorpionToAcap.convert(f, List.of("mirrorbot"), Optional.of("mirror"));
    assertThat(fields(acap)).containsExactly(
        "ACAP-crawler: mirrorbot",
        "ACAP-disallow-crawl: /private/",
        "ACAP-disallow-crawl: /big/",
        "ACAP-allow-crawl: /");
    assertThat(acap).contains("(N1000): at most 1000 files").contains("(P2): at most 2 simultaneous downloads")
        .contains("(D10): wait 10 s").contains("(R604800): at least 604800 s").contains("estimate of 20000 files")
        .contains("estimated total size 123456789 bytes");
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = '|', value = {
      "shadowed by an earlier shorter prefix|C/a\\nc/a/b\\n|ACAP-disallow-crawl: /a,ACAP-disallow-crawl: /",
      "shadowed by an equal prefix|c/a\\nC/a\\n|ACAP-allow-crawl: /a,ACAP-disallow-crawl: /",
      "a longer prefix first is kept|c/a/b\\nC/a\\n|ACAP-allow-crawl: /a/b,ACAP-disallow-crawl: /a,ACAP-disallow-crawl: /",
      "the implicit C/ is shadowed by C/|C/\\nc/a\\n|ACAP-disallow-crawl: /",
      "the implicit C/ is shadowed by c/|c/\\n|ACAP-allow-crawl: /",
      "no rules|`nothing\\n|ACAP-disallow-crawl: /",
      "index rules have no implicit default|i/a\\nv/a/b\\nv/b\\n|ACAP-disallow-crawl: /,ACAP-allow-index: /a,ACAP-disallow-index: /b",
      "d and numbers make no field|d/x\\nD5\\nc/x\\n|ACAP-allow-crawl: /x,ACAP-disallow-crawl: /",
  })
  void shadowedRulesAreDropped(String name, String text, String expected) {
    String acap = ScorpionToAcap.convert(policy(text.replace("\\n", "\n"), "bot"));
    List<String> want = new java.util.ArrayList<>(List.of("ACAP-crawler: bot"));
    want.addAll(Arrays.asList(expected.split(",")));
    assertThat(fields(acap)).isEqualTo(want);
  }

  @ParameterizedTest(name = "prefix {0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "/a*b|/a%2Ab",
      "/a$|/a%24",
      "/50%|/50%25",
      "/%41|/%2541",
      "'/a b'|/a%20b",
      "/a#b|/a%23b",
      "/a?b=c&d=e;f|/a?b=c&d=e;f",
      "/~x_y-z.(1)!'+,:@|/~x_y-z.(1)!'+,:@",
      "'/\"<>\\^`{|}[]'|/%22%3C%3E%5C%5E%60%7B%7C%7D%5B%5D",
  })
  void prefixesArePercentEncodedWhereAcapWouldReadThemOtherwise(String prefix, String pattern) {
    assertThat(AcapPattern.encode(prefix)).isEqualTo(pattern);
    assertThat(AcapPattern.decode(pattern).orElseThrow()).isEqualTo(prefix.getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void bytesOutsideAsciiAndControlBytesArePercentEncoded() {
    assertThat(AcapPattern.encode("/caf\u00C3\u00A9")).isEqualTo("/caf%C3%A9");
    assertThat(AcapPattern.encode("/\u00E9")).isEqualTo("/%E9");
    assertThat(AcapPattern.encode("/a\r\t\u0000\u007F")).isEqualTo("/a%0D%09%00%7F");
  }

  @Test
  void encodingIsInvertibleAndKeepsThePrefixRelation() {
    Random random = new Random(7);
    for (int i = 0; i < 2000; i++) {
      String a = randomBytes(random);
      String b = random.nextBoolean() ? a + randomBytes(random) : randomBytes(random);
      String ea = AcapPattern.encode(a);
      String eb = AcapPattern.encode(b);
      assertThat(AcapPattern.decode(ea).orElseThrow()).isEqualTo(a.getBytes(StandardCharsets.ISO_8859_1));
      assertThat(eb.startsWith(ea)).as("%s vs %s", ea, eb).isEqualTo(b.startsWith(a));
      assertThat(ea).matches("[A-Za-z0-9\\-._~!&'()+,;=:@/?%]*");
    }
  }

  @ParameterizedTest(name = "names {0} -> ACAP-crawler: {1}")
  @CsvSource(delimiter = '|', value = {
      "examplebot|examplebot",
      "Example-Bot/2.1|Example-Bot/2.1",
      "|*",
      "1bot|*",
      "bot#1|*",
      "it's|*",
      "good bot|*",
      "<SEARCH>|*",
      "1bot,secondbot|secondbot",
  })
  void theRecordIsAddressedToTheFirstValidAcapName(String names, String recordName) {
    List<String> list = names == null ? List.of() : Arrays.asList(names.split(","));
    String acap = ScorpionToAcap.convert(file("c/\n"), list, Optional.empty());
    assertThat(fields(acap).get(0)).isEqualTo("ACAP-crawler: " + recordName);
  }

  @Test
  void upperCaseAndCaseOnlyDifferencesAreWarned() {
    String acap = ScorpionToAcap.convert(policy("c/Docs\nC/docs\nc/x\n", "bot"));
    List<String> lines = acap.lines().collect(Collectors.toList());
    int allowDocs = lines.indexOf("ACAP-allow-crawl: /Docs");
    int disallowDocs = lines.indexOf("ACAP-disallow-crawl: /docs");
    assertThat(lines.get(allowDocs - 1)).startsWith("# WARNING: this prefix has upper-case letters");
    assertThat(lines.get(disallowDocs - 1)).startsWith("# WARNING: this prefix and that of line 1 (c/Docs) differ only by case");
    assertThat(ScorpionToAcap.convert(policy("c/docs\nC/x\n", "bot"))).doesNotContain("WARNING");
  }

  @Test
  void aFileThatIsNotUnderstoodDisallowsAllCrawling() {
    String acap = ScorpionToAcap.convert(policy("c/\nXnew\n", "bot"));
    assertThat(fields(acap)).containsExactly("ACAP-crawler: bot", "ACAP-disallow-crawl: /");
    assertThat(acap).contains("not understood").contains("line 2");
  }

  @Test
  void fileTextCannotInjectFields() {
    String acap = ScorpionToAcap.convert(
        ScorpionCrawlerPolicy.of(file("c/a\rACAP-allow-index: /\n"), List.of("bot"), Optional.empty()));
    assertThat(fields(acap)).containsExactly("ACAP-crawler: bot", "ACAP-allow-crawl: /a%0DACAP-allow-index:%20/", "ACAP-disallow-crawl: /");
    assertThat(acap.lines()).allSatisfy(l -> assertThat(l).matches("##ACAP version=1.0|#[\\x20-\\x7e]*|ACAP-[a-z-]+: [\\x21-\\x7e]+|"));
  }

  static List<String> fields(String acap) {
    return acap.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).collect(Collectors.toList());
  }

  private static String randomBytes(Random random) {
    String alphabet = "/aA*$% #?\u00E9\r0";
    StringBuilder b = new StringBuilder();
    int n = random.nextInt(5);
    for (int i = 0; i < n; i++) {
      b.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return b.toString();
  }
}
