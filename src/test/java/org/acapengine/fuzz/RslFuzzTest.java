package org.acapengine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.rsl.RslReader;
import org.acapengine.eval.Query;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Verdict;
import org.acapengine.site.RslSource;
import org.acapengine.site.SourceVerdict;

/**
 * The RSL licence reader on input from the fuzzer: total (a document with diagnostics, never an
 * exception), bounded (elements, text kept), every diagnostic positioned on a line the input has
 * with a one-line message, every element read on a line the input has, a licence rejected whole
 * keeping nothing (and then deciding nothing), and what was read
 * answers queries (every purpose, for a path each {@code <content url>} matches) with evidence on
 * lines the input has. The input is the XML itself ({@code byte[]}, see docs/fuzzing.md).
 */
class RslFuzzTest {

  private static final String[] PURPOSES = {"search", "ai-train", "train-ai", "ai-input", "ai-use", "ai-index", "ai-all", "all", "news"};
  private static final RslReader READER = new RslReader();

  @FuzzTest
  void readAndDecide(byte[] xml) {
    RslDocument doc = READER.read(xml, "license.xml");
    long lines = xmlLines(xml);
    boolean rejected = false;
    for (Diagnostic d : doc.diagnostics()) {
      assertThat((long) d.span().line()).as(d.toString()).isBetween(1L, lines + 1);
      assertThat(d.span().column()).as(d.toString()).isPositive();
      assertThat(d.message().chars().noneMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)).as(d.toString()).isTrue();
      rejected |= d.code().equals(RslReader.UNREADABLE);
    }
    assertThat(doc.contents().size()).isLessThanOrEqualTo(RslReader.MAX_ELEMENTS);
    if (rejected) {
      assertThat(doc.contents()).as("a licence rejected whole keeps no <content>").isEmpty();
    }
    for (RslDocument.Content c : doc.contents()) {
      assertThat(c.url()).isNotBlank().hasSizeLessThanOrEqualTo(RslReader.MAX_TEXT);
      assertLine(c.line(), lines);
      c.texts().forEach(t -> assertText(t, lines));
      for (RslDocument.License l : c.licenses()) {
        assertLine(l.line(), lines);
        for (List<RslDocument.Term> terms : List.of(l.permits(), l.prohibits())) {
          for (RslDocument.Term t : terms) {
            assertLine(t.line(), lines);
            assertThat(t.text()).hasSizeLessThanOrEqualTo(RslReader.MAX_TEXT);
            t.values().forEach(v -> assertThat(v).isNotBlank());
          }
        }
        for (RslDocument.Payment p : l.payments()) {
          assertLine(p.line(), lines);
          assertThat(p.type()).isNotEmpty();
          p.amounts().forEach(a -> {
            assertLine(a.line(), lines);
            assertThat(a.value()).hasSizeLessThanOrEqualTo(RslReader.MAX_TEXT);
          });
        }
        l.legal().forEach(t -> assertText(t, lines));
        l.texts().forEach(t -> assertText(t, lines));
      }
    }
    // a few queries per input, chosen by the input: every purpose and both licensees over the run
    List<String> paths = new ArrayList<>(List.of("/a"));
    if (!doc.contents().isEmpty()) {
      RslSource.pattern(doc.contents().get(xml.length % doc.contents().size()).url()).ifPresent(p -> paths.add(p.replace("*", "x").replace("$", "")));
    }
    RslSource source = xml.length % 2 == 0 ? new RslSource(doc, RslSource.Licensee.UNSTATED, "fuzz")
        : new RslSource(doc, new RslSource.Licensee(Optional.of("commercial"), Optional.of("de")), "fuzz");
    {
      for (String path : paths) {
        for (String purpose : new String[] {PURPOSES[xml.length % PURPOSES.length], PURPOSES[(xml.length / 7) % PURPOSES.length]}) {
          for (String usage : new String[] {"index"}) {
            SourceVerdict v = source.decide(Query.builder().crawler("anybot").usage(usage).purpose(purpose).url(path).build(), Instant.EPOCH);
            assertThat(v.verdict()).isNotNull();
            if (doc.contents().isEmpty()) {
              assertThat(v.verdict()).as("a licence that covers nothing decides nothing").isEqualTo(Verdict.NO_OPINION);
            }
            final long last = lines + 1;
            v.evidence().forEach(e -> assertThat((long) e.line()).isBetween(0L, last));
            v.notes().forEach(n -> n.lines().forEach(e -> assertThat((long) e.line()).isBetween(0L, last)));
          }
        }
      }
    }
  }

  private static void assertLine(int line, long lines) {
    assertThat((long) line).isBetween(1L, lines);
  }

  private static void assertText(RslDocument.Text t, long lines) {
    assertLine(t.line(), lines);
    assertThat(t.text()).hasSizeLessThanOrEqualTo(RslReader.MAX_TEXT);
    t.attributes().values().forEach(v -> assertThat(v).hasSizeLessThanOrEqualTo(RslReader.MAX_TEXT));
  }

  /** Lines as an XML parser counts them: LF, CR LF and a lone CR end a line, and so do NEL and LS (XML 1.1). */
  private static long xmlLines(byte[] xml) {
    long lines = 1;
    for (int i = 0; i < xml.length; i++) {
      int b = xml[i] & 0xFF;
      if (b == '\n' || b == '\r' && (i + 1 == xml.length || xml[i + 1] != '\n')) {
        lines++;
      } else if (b == 0xC2 && i + 1 < xml.length && (xml[i + 1] & 0xFF) == 0x85) {
        lines++;
      } else if (b == 0xE2 && i + 2 < xml.length && (xml[i + 1] & 0xFF) == 0x80 && (xml[i + 2] & 0xFF) == 0xA8) {
        lines++;
      }
    }
    return lines;
  }
}
