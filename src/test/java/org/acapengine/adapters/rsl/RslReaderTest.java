package org.acapengine.adapters.rsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.acapengine.model.Diagnostic;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The RSL 1.0 reader: the examples of the specification's guide, the RSL Collective's licences
 * and the field notes read into the model with their lines (golden dumps, regenerate with {@code
 * -Dacap.updateGoldens=true}); hostile XML rejected whole, never expanded or fetched.
 */
class RslReaderTest {

  static final Path DIR = Path.of("src/test/resources/adapters/rsl");

  @ParameterizedTest
  @ValueSource(strings = {"field-notes-example", "guide-ai-preferences", "guide-prohibit-ai-training", "collective-royalty",
      "collective-attribution", "sections", "feed"})
  void documentedExamplesReadAsTheirGoldenDumps(String name) throws IOException {
    RslDocument doc = new RslReader().read(Files.readAllBytes(DIR.resolve(name + ".xml")), name + ".xml");
    String dump = dump(doc);
    Path golden = DIR.resolve(name + ".read");
    if (Goldens.UPDATE) {
      Files.writeString(golden, dump, StandardCharsets.UTF_8);
    }
    assertThat(dump).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void theFieldNotesExampleHasItsTermsAndPaymentWithLines() throws IOException {
    RslDocument doc = new RslReader().read(Files.readAllBytes(DIR.resolve("field-notes-example.xml")), "license.xml");
    assertThat(doc.diagnostics()).isEmpty();
    RslDocument.Content c = doc.contents().get(0);
    assertThat(c.url()).isEqualTo("/");
    assertThat(c.line()).isEqualTo(2);
    RslDocument.License l = c.licenses().get(0);
    assertThat(l.permits()).singleElement().satisfies(t -> {
      assertThat(t.type()).isEqualTo("usage");
      assertThat(t.values()).containsExactly("search");
      assertThat(t.line()).isEqualTo(4);
    });
    assertThat(l.prohibits().get(0).values()).containsExactly("ai-train");
    assertThat(l.payments()).singleElement().satisfies(p -> {
      assertThat(p.type()).isEqualTo("crawl");
      assertThat(p.amounts()).containsExactly(new RslDocument.Amount("0.015", "USD", 6));
    });
  }

  @Test
  void preOneZeroTokensAreReadAsTheirDocumentsMeantThemAndReported() throws IOException {
    RslDocument doc = new RslReader().read(Files.readAllBytes(DIR.resolve("guide-ai-preferences.xml")), "license.xml");
    assertThat(doc.contents().get(0).licenses().get(0).permits().get(0).values()).containsExactly("train-ai");
    assertThat(RslVocabulary.purpose("train-ai")).contains(org.acapengine.model.Purpose.AI_TRAIN);
    assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly("rsl-legacy-token");
    assertThat(doc.diagnostics().get(0).span().line()).isEqualTo(4);
  }

  /** Hostile or broken documents: rejected whole with one error, nothing read, nothing fetched, nothing expanded. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      # what                | document                                                                                                           | message
      billion laughs        | '<?xml version="1.0"?><!DOCTYPE rsl [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><rsl xmlns="https://rslstandard.org/rsl"><content url="/&c;"/></rsl>' | has a DOCTYPE
      external entity       | '<?xml version="1.0"?><!DOCTYPE rsl [<!ENTITY x SYSTEM "file:///etc/passwd">]><rsl><content url="&x;"/></rsl>'         | has a DOCTYPE
      external DTD          | '<?xml version="1.0"?><!DOCTYPE rsl SYSTEM "http://127.0.0.1:9/rsl.dtd"><rsl><content url="/"/></rsl>'                  | has a DOCTYPE
      undeclared entity     | '<rsl xmlns="https://rslstandard.org/rsl"><content url="&x;"/></rsl>'                                                  | not well-formed XML
      not XML               | 'User-agent: *'                                                                                                     | not well-formed XML
      unclosed              | '<rsl xmlns="https://rslstandard.org/rsl"><content url="/">'                                                            | not well-formed XML
      empty                 | ''                                                                                                                  | not well-formed XML
      another root          | '<html><head/></html>'                                                                                              | not <rsl>
      typographic quotes    | '<rsl xmlns="https://rslstandard.org/rsl"><content url=”/”></content></rsl>'                                        | not well-formed XML
      """)
  void hostileOrBrokenDocumentsAreRejectedWhole(String what, String document, String message) {
    RslDocument doc = new RslReader().read(document.getBytes(StandardCharsets.UTF_8), "license.xml");
    assertThat(doc.contents()).isEmpty();
    assertThat(doc.diagnostics()).last().satisfies(d -> {
      assertThat(d.code()).isEqualTo(RslReader.UNREADABLE);
      assertThat(d.message()).contains(message);
      assertThat(d.message()).doesNotContain("root:").doesNotContain("aaaaaaaaaaaaaaaaaaaa");
      assertThat(d.span().line()).isPositive();
    });
  }

  @ParameterizedTest(name = "[{index}] U+{0}")
  @ValueSource(strings = {"0080", "0085", "009B", "2028", "2029"})
  void aQuotedValueCannotBreakTheMessageLine(String hex) {
    // XML 1.0 keeps NEL, C1 controls and U+2028 in an attribute value; the message quoting it stays one line
    String c = String.valueOf((char) Integer.parseInt(hex, 16));
    String xml = "<rsl xmlns=\"https://rslstandard.org/rsl\"><content url=\"/a" + c + "b/\"/></rsl>";
    RslDocument doc = new RslReader().read(xml.getBytes(StandardCharsets.UTF_8), "license.xml");
    assertThat(doc.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.message()).startsWith("<content url=\"/a b/\"> has no <license>");
    });
  }

  @Test
  void limitsRejectWholeDeepWideAndLargeDocuments() {
    String deep = "<rsl xmlns=\"https://rslstandard.org/rsl\"><content url=\"/\">" + "<x>".repeat(100) + "</x>".repeat(100) + "</content></rsl>";
    assertThat(new RslReader().read(deep.getBytes(StandardCharsets.UTF_8), "deep.xml").diagnostics()).last().extracting(Diagnostic::message)
        .asString().contains("nest deeper than 16");
    String wide = "<rsl xmlns=\"https://rslstandard.org/rsl\">" + "<content url=\"/a\"/>".repeat(RslReader.MAX_ELEMENTS + 1) + "</rsl>";
    RslDocument w = new RslReader(10_000_000).read(wide.getBytes(StandardCharsets.UTF_8), "wide.xml");
    assertThat(w.contents()).isEmpty();
    assertThat(w.diagnostics()).last().extracting(Diagnostic::message).asString().contains("more than " + RslReader.MAX_ELEMENTS + " elements");
    byte[] large = new byte[RslReader.DEFAULT_MAX_BYTES + 1];
    assertThat(new RslReader().read(large, "large.xml").diagnostics()).singleElement().extracting(Diagnostic::message).asString()
        .contains("over the " + RslReader.DEFAULT_MAX_BYTES + "-byte limit");
    String longText = "<rsl xmlns=\"https://rslstandard.org/rsl\"><content url=\"/\"><license><legal type=\"x\">" + "y".repeat(100_000)
        + "</legal></license></content></rsl>";
    RslDocument t = new RslReader().read(longText.getBytes(StandardCharsets.UTF_8), "long.xml");
    assertThat(t.contents().get(0).licenses().get(0).legal().get(0).text()).hasSize(RslReader.MAX_TEXT);
    assertThat(t.diagnostics()).extracting(Diagnostic::message).anyMatch(m -> m.contains("longer than " + RslReader.MAX_TEXT));
  }

  /** The JDK parser prints malformed bytes to System.err; the reader decodes first, so nothing is printed and the error has its line. */
  @Test
  void badBytesAreAnEncodingErrorOnTheirLineAndNothingIsPrinted() {
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
    RslDocument doc;
    try {
      byte[] bad = "<rsl xmlns=\"https://rslstandard.org/rsl\">\n<content url=\"/\">\n\u00e9".getBytes(StandardCharsets.ISO_8859_1);
      doc = new RslReader().read(bad, "license.xml");
    } finally {
      System.setErr(err);
    }
    assertThat(captured.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(doc.diagnostics()).last().satisfies(d -> {
      assertThat(d.code()).isEqualTo(RslReader.UNREADABLE);
      assertThat(d.message()).contains("not valid UTF-8");
      assertThat(d.span().line()).isEqualTo(3);
    });
    assertThat(new RslReader().read("<?xml version=\"1.0\" encoding=\"EBCDIC-CP-US\"?><rsl/>".getBytes(StandardCharsets.US_ASCII), "x.xml")
        .diagnostics()).last().extracting(Diagnostic::message).asString().contains("declares encoding 'EBCDIC-CP-US'");
    RslDocument latin1 = new RslReader().read(("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rsl xmlns=\"https://rslstandard.org/rsl\">"
        + "<content url=\"/caf\u00e9\"><license/></content></rsl>").getBytes(StandardCharsets.ISO_8859_1), "x.xml");
    assertThat(latin1.contents()).extracting(RslDocument.Content::url).containsExactly("/caf\u00e9");
  }

  @Test
  void aDocumentWithoutTheNamespaceIsReadWithAWarning() {
    RslDocument doc = new RslReader().read("<rsl>\n<content url=\"/\"><license><prohibits type=\"usage\">ai-all</prohibits></license></content>\n</rsl>"
        .getBytes(StandardCharsets.UTF_8), "license.xml");
    assertThat(doc.contents()).hasSize(1);
    assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly(RslReader.MALFORMED);
    assertThat(doc.diagnostics().get(0).message()).contains("not https://rslstandard.org/rsl");
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', textBlock = """
      ai-train,search         | ai-train search
      ' ai-train ,  search '  | ai-train search
      ai-train search         | ai-train search
      ''                      |
      ,,                      |
      """)
  void termTextsSplitAtCommasAndWhiteSpace(String text, String tokens) {
    assertThat(RslReader.tokens(text == null ? "" : text)).isEqualTo(tokens == null ? List.of() : List.of(tokens.split(" ")));
  }

  static String dump(RslDocument doc) {
    StringBuilder sb = new StringBuilder();
    for (RslDocument.Content c : doc.contents()) {
      sb.append("content ").append(c.line()).append(" url=").append(c.url()).append(c.server().map(s -> " server=" + s).orElse(""))
          .append(c.encrypted() ? " encrypted" : "").append(c.lastmod().map(l -> " lastmod=" + l).orElse("")).append('\n');
      c.texts().forEach(t -> sb.append("  ").append(text(t)).append('\n'));
      for (RslDocument.License l : c.licenses()) {
        sb.append("  license ").append(l.line()).append('\n');
        l.permits().forEach(t -> sb.append("    permits ").append(t.line()).append(' ').append(t.type()).append(' ').append(t.values()).append('\n'));
        l.prohibits().forEach(t -> sb.append("    prohibits ").append(t.line()).append(' ').append(t.type()).append(' ').append(t.values()).append('\n'));
        for (RslDocument.Payment p : l.payments()) {
          sb.append("    payment ").append(p.line()).append(' ').append(p.type());
          p.amounts().forEach(a -> sb.append(" amount ").append(a.line()).append(' ').append(a.value()).append(' ').append(a.currency()));
          p.standard().ifPresent(s -> sb.append(" standard ").append(s));
          p.custom().ifPresent(s -> sb.append(" custom ").append(s));
          sb.append('\n');
        }
        l.legal().forEach(t -> sb.append("    ").append(text(t)).append('\n'));
        l.texts().forEach(t -> sb.append("    ").append(text(t)).append('\n'));
      }
    }
    for (Diagnostic d : doc.diagnostics()) {
      sb.append(d.span().line()).append(':').append(d.span().column()).append(' ').append(d.severity().label()).append(' ').append(d.code())
          .append(' ').append(d.message()).append('\n');
    }
    return sb.toString();
  }

  private static String text(RslDocument.Text t) {
    return t.element() + " " + t.line() + " " + new java.util.TreeMap<>(t.attributes()) + " " + t.text();
  }
}
