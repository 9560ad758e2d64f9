package org.acapengine.collections.scp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.collections.DropReason;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.FilterWarning;
import org.acapengine.collections.PageVerdict;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.io.CollectionLimits;
import org.acapengine.collections.io.Compression;
import org.acapengine.model.SourceLine;
import org.acapengine.model.UserInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages are decided on a thread of their own, in batches, ahead of the reading; what the filter
 * reports must still be what deciding line by line gives: warnings in line order with their line
 * numbers, the kept lines in order, and under {@code --strict} the first bad line named, though
 * later ones were decided already.
 */
class ScpFilterOrderTest {

  private static final String META = "{\"collection\":{\"id\":\"c\",\"section\":\"all\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}\n";
  private static final int PAGES = 3 * DecidingPipeline.BATCH_LINES + 17;

  @TempDir Path dir;

  private static String page(int i) {
    return "{\"url\":\"https://example.com/" + (i % 5 == 0 ? "private" : "blog") + "/" + i + "\",\"title\":\"t\",\"description\":\"d\","
        + "\"modified\":\"2025-01-15T09:00:00Z\",\"language\":\"en\",\"content\":[]}\n";
  }

  /** Line i + 2 (after the metadata line) is malformed when i % 97 == 3. */
  private Path collection(Compression compression) throws IOException {
    StringBuilder b = new StringBuilder(META);
    for (int i = 0; i < PAGES; i++) {
      b.append(i % 97 == 3 ? "{not json " + i + "\n" : page(i));
    }
    Path in = dir.resolve("in" + compression.extension());
    try (var out = compression.encoder(Files.newOutputStream(in))) {
      out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return in;
  }

  private static ScpFilter filter(boolean strict, List<FilterWarning> warnings) {
    return new ScpFilter(
        (url, usage) -> url.contains("/private/")
            ? PageVerdict.byLine(false, new SourceLine("robots.txt", 2, "Disallow: /private/"))
            : PageVerdict.byDefault(true),
        SiteOrigin.parse("https://example.com"),
        new ScpFilter.Settings("index", Optional.empty(), CollectionLimits.SPEC, strict, 5),
        new FilterListener() {
          @Override
          public void warning(FilterWarning w) {
            warnings.add(w);
          }
        });
  }

  @Test
  void warningsAndKeptLinesComeInLineOrder() throws IOException {
    for (Compression compression : List.of(Compression.NONE, Compression.GZIP)) {
      List<FilterWarning> warnings = new ArrayList<>();
      Path out = dir.resolve("out" + compression.extension());
      ScpFilterResult result = filter(false, warnings).filter(collection(compression), "in", out);
      List<Long> expectedLines = new ArrayList<>();
      List<String> kept = new ArrayList<>();
      for (int i = 0; i < PAGES; i++) {
        if (i % 97 == 3) {
          expectedLines.add(i + 2L);
        } else if (i % 5 != 0) {
          kept.add(page(i).strip());
        }
      }
      assertThat(warnings).extracting(FilterWarning::position).as(compression.label()).containsExactlyElementsOf(expectedLines);
      assertThat(warnings).extracting(FilterWarning::reason).containsOnly(DropReason.MALFORMED);
      List<String> written;
      try (var in = compression.decoder(Files.newInputStream(out))) {
        written = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      }
      assertThat(written.subList(1, written.size())).as(compression.label()).containsExactlyElementsOf(kept);
      assertThat(result.summary().kept()).isEqualTo(kept.size());
    }
  }

  @Test
  void strictStopsAtTheFirstBadLine() throws IOException {
    Path in = collection(Compression.NONE);
    assertThatThrownBy(() -> filter(true, new ArrayList<>()).filter(in, "in", dir.resolve("out.scp")))
        .isInstanceOf(UserInputException.class)
        .hasMessageStartingWith("in: line 5: ")
        // the library's words: a caller names the setting its own way (the command line: --strict)
        .hasMessageEndingWith(" (fatal in strict mode)");
    assertThat(dir.resolve("out.scp")).doesNotExist();
  }
}
