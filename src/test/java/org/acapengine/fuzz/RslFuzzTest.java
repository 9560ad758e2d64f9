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
import org.acapengine.site.RslSource;
import org.acapengine.site.SourceVerdict;

/**
 * The RSL licence reader on input from the fuzzer: total (a document with diagnostics, never an
 * exception), bounded, every diagnostic positioned on a line the input has, and what was read
 * answers queries (every purpose, for a path each {@code <content url>} matches) with evidence on
 * lines the input has. The input is the XML itself ({@code byte[]}, see docs/fuzzing.md).
 */
class RslFuzzTest {

  private static final String[] PURPOSES = {"search", "ai-train", "train-ai", "ai-input", "ai-use", "ai-index", "ai-all", "all", "news"};

  @FuzzTest
  void readAndDecide(byte[] xml) {
    RslDocument doc = new RslReader().read(xml, "license.xml");
    long lines = 1;
    for (byte b : xml) {
      lines += b == '\n' ? 1 : 0;
    }
    for (Diagnostic d : doc.diagnostics()) {
      assertThat((long) d.span().line()).as(d.toString()).isBetween(1L, lines + 1);
      assertThat(d.span().column()).as(d.toString()).isPositive();
      assertThat(d.message()).doesNotContain("\n");
    }
    assertThat(doc.contents().size()).isLessThanOrEqualTo(RslReader.MAX_ELEMENTS);
    List<String> paths = new ArrayList<>(List.of("/", "/a"));
    for (RslDocument.Content c : doc.contents()) {
      if (paths.size() < 6) {
        RslSource.pattern(c.url()).ifPresent(p -> paths.add(p.replace("*", "x").replace("$", "")));
      }
    }
    RslSource[] sources = {
      new RslSource(doc, RslSource.Licensee.UNSTATED, "fuzz"),
      new RslSource(doc, new RslSource.Licensee(Optional.of("commercial"), Optional.of("de")), "fuzz")
    };
    for (RslSource source : sources) {
      for (String path : paths) {
        for (String purpose : PURPOSES) {
          for (String usage : new String[] {"index", "crawl"}) {
            SourceVerdict v = source.decide(Query.builder().crawler("anybot").usage(usage).purpose(purpose).url(path).build(), Instant.EPOCH);
            final long last = lines + 1;
            v.evidence().forEach(e -> assertThat((long) e.line()).isBetween(0L, last));
            v.notes().forEach(n -> n.lines().forEach(e -> assertThat((long) e.line()).isBetween(0L, last)));
          }
        }
      }
    }
  }
}
