package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.acapengine.model.PolicyDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fast path for files of RFC 9309 lines ({@link ConventionalLines}) gives the document the
 * grammar gives, diagnostics and spans included: on every bundled real robots.txt, on lines chosen
 * to sit on each edge of what the fast path takes, and on generated and mutated files (50 000 per
 * run; {@code -Dacap.differential.inputs=1000000} for a longer run).
 */
class ConventionalFastPathTest {

  static final Path CORPUS = Path.of("src/test/resources/corpus/real-robots");
  static final RobotsTxtParser PARSER = new RobotsTxtParser();

  static Stream<Path> corpus() throws IOException {
    return Files.list(CORPUS).filter(p -> !p.getFileName().toString().endsWith(".md")).sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void everyCorpusFileParsesAlikeOnBothPaths(Path file) throws IOException {
    assertSame(Files.readAllBytes(file));
  }

  @Test
  void theFastPathTakesMostOfTheCorpus() throws IOException {
    long taken = corpus().filter(p -> {
      try {
        return takesFastPath(Files.readAllBytes(p));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }).count();
    assertThat(taken).isGreaterThan(110); // of 140; the rest use ACAP fields or google's other spellings
  }

  /** Lines on each side of the fast path's edge; each file must parse alike either way. */
  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {
      "User-agent: *\nDisallow: /a # comment\nAllow: /a/b\n",
      "  User-agent:\tfoo\n\tDisallow :   /x  \n",
      "USER-AGENT: x\nDISALLOW: /\nSITEMAP: https://e.com/s.xml\nsite-map: /s\n",
      "User agent: x\nDisallow: /\n",
      "Useragent: x\nDisalow: /\n",
      "User-agent x\nDisallow /x\n",
      "User-agent:\nDisallow:\n",
      "Disallow#: /x\nAllow #x\n",
      ":no name\n   : also none\n",
      "<html>\n<body>hello</body>\n",
      "Crawl-delay: 10\nHost: example.com\nContent-Signal: ai-train=no\n",
      "##ACAP version=1.0\nUser-agent: *\n",
      "##acapX\n# ##ACAP\nUser-agent: *\n",
      "ACAP-crawler: *\nACAP-disallow-crawl: /\n",
      "acap-foo: x\n",
      "Allowed: /x\nDisallowx: /y\n",
      "Diſallow: /x\nUſer-agent: x\n",
      "User-agent: a\nſitemap: /x\nſite-map: /y\nDiſalow: /z\nallow: /\u212a\n",
      "User-agent: jävla\nDisallow: /ö/\u2028x\n",
      "User-agent: 😀bot\nDisallow: /😀\n",
      "\uFEFFUser-agent: *\nDisallow: /\n",
      "Disallow: /before-any-group\nUser-agent: a\nUser-agent: b\n\nAllow: /\n",
      "Sitemap: x\nfoo bar: baz\nfoo:bar:baz\n",
      "License: https://e.com/license.xml\nUser-agent: *\nLICENSE : /rel.xml # c\nlicense https://e.com/x\nLicenses: x\nlicenſe: y\n",
      "User-agent *\nDisallow /*/?cm_mmc*\nAllow\t/x  # note\nSitemap https://e.com/s.xml\n",
      "Disallow /a b\nDisallow \nDisallow #x\nAllow /a:b\nDisallow  \u2003/x\u2003\nAllow /x\r\n",
      "DISALLOW /xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nuser-agent a-bot\n",
  })
  void edgeLinesParseAlike(String text) {
    assertSame(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Lines built from fragments near the fast path's edge, and corpus lines mutated character by character. */
  @Test
  void generatedAndMutatedFilesParseAlike() throws IOException {
    int inputs = Integer.getInteger("acap.differential.inputs", 50_000);
    List<String> pool = new ArrayList<>();
    for (Path p : corpus().toList()) {
      for (String line : Files.readString(p, StandardCharsets.ISO_8859_1).split("\n", -1)) {
        if (line.length() < 200) {
          pool.add(line);
        }
      }
    }
    String[] fragments = {"User-agent", "user-AGENT", "Useragent", "User agent", "Allow", "allow", "Disallow", "Disalow",
        "Dissallow", "Sitemap", "Site-map", "License", "license", "Crawl-delay", "ACAP-crawler", "ACAP-allow-crawl", "ACAP-disallow-index", "acap-x",
        "##ACAP", "##acap version=1.0", "#", ":", " ", "\t", "/", "*", "$", "=", "(", ")", "/a", "x y", "ſ", "K", "İ", "ı",
        "é", "😀", "\u2028", "\u0000", "\u000B", "<html>", "the-acap:resource-set:x", "time-limit=", "\r", "\r\n"};
    String alphabet = " \t:#*$=()/aA-_.?%\u00e9\u017f\u212a";
    Random rnd = new Random(20261125);
    for (int n = 0; n < inputs; n++) {
      StringBuilder file = new StringBuilder();
      int lines = 1 + rnd.nextInt(8);
      for (int l = 0; l < lines; l++) {
        String line;
        if (rnd.nextInt(3) == 0) {
          StringBuilder b = new StringBuilder();
          for (int k = rnd.nextInt(5); k >= 0; k--) {
            b.append(fragments[rnd.nextInt(fragments.length)]);
          }
          line = b.toString();
        } else {
          StringBuilder b = new StringBuilder(pool.get(rnd.nextInt(pool.size())));
          for (int m = rnd.nextInt(4); m > 0; m--) {
            int at = b.length() == 0 ? 0 : rnd.nextInt(b.length() + 1);
            switch (rnd.nextInt(3)) {
              case 0 -> b.insert(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
              case 1 -> { if (at < b.length()) b.deleteCharAt(at); }
              default -> b.insert(at, fragments[rnd.nextInt(fragments.length)]);
            }
          }
          line = b.toString();
        }
        file.append(line).append(rnd.nextInt(10) == 0 ? "\r\n" : "\n");
      }
      assertSame(file.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  private static boolean takesFastPath(byte[] content) {
    SourceDecoder.Decoded d = SourceDecoder.decode(content, ParseOptions.defaults());
    return ConventionalLines.read(d.lines(), new DocumentAssembler());
  }

  private static void assertSame(byte[] content) {
    PolicyDocument fast = PARSER.parse(content, "robots.txt");
    PolicyDocument grammar = PARSER.parseWithGrammar(content, "robots.txt");
    assertThat(fast).as(() -> new String(content, StandardCharsets.UTF_8)).isEqualTo(grammar);
  }
}
