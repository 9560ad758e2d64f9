package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.acapengine.eval.match.ConformanceTable.Row;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code rfc9309/conformance.tsv} well-formed, keeps {@code docs/rfc9309-deviations.md} in
 * step with it. The rows themselves are run through the parser and evaluator by {@code
 * org.acapengine.eval.Rfc9309ConformanceTest}.
 */
class ConformanceTableTest {

  private static final List<Row> ROWS = ConformanceTable.load();

  @Test
  void rowsAreWellFormed() {
    assertThat(ROWS).hasSizeGreaterThan(100);
    Set<String> ids = new HashSet<>();
    for (Row row : ROWS) {
      assertThat(row.id())
          .as("line %d", row.line())
          .matches("(google|rfc9309|project)(\\.[A-Za-z0-9_-]+)+");
      assertThat(ids.add(row.id())).as("duplicate id %s", row.id()).isTrue();
      assertThat(row.note()).as(row.id()).isNotBlank();
      for (String agent : row.userAgents()) {
        assertThat(agent).as(row.id()).doesNotContain("\n", "\t");
      }
    }
  }

  @Test
  void everyDeviationRowIsListedInTheDeviationsDocument() throws IOException {
    String doc = Files.readString(Path.of("docs/rfc9309-deviations.md"), StandardCharsets.UTF_8);
    Stream<Row> deviations = ROWS.stream().filter(r -> r.note().contains("deviation: google says"));
    assertThat(deviations.map(Row::id))
        .isNotEmpty()
        .allSatisfy(id -> assertThat(doc)
            .as("docs/rfc9309-deviations.md lists %s", id)
            .contains("`" + id + "`"));
  }

  @Test
  void everyRowIdNamedInTheDeviationsDocumentExists() throws IOException {
    String doc = Files.readString(Path.of("docs/rfc9309-deviations.md"), StandardCharsets.UTF_8);
    Set<String> ids = new HashSet<>();
    ROWS.forEach(r -> ids.add(r.id()));
    Matcher named = Pattern.compile("`((?:google|rfc9309|project)\\.[A-Za-z0-9_.-]+)`").matcher(doc);
    int checked = 0;
    while (named.find()) {
      String id = named.group(1);
      if (id.matches(".*\\.\\d+-\\d+")) {
        continue; // a range such as google.X.4-6
      }
      assertThat(ids).as("docs/rfc9309-deviations.md names %s", id).contains(id);
      checked++;
    }
    assertThat(checked).isGreaterThan(20);
  }
}
