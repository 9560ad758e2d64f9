package org.acapengine.hints;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;
import org.acapengine.model.SourceLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RobotsTxtHintReaderTest {

  private static final SourceLine SOURCE = new SourceLine("robots.txt", 7, "Crawl-delay: x");

  @ParameterizedTest(name = "Crawl-delay ''{0}'' = {1} ms")
  @CsvSource(delimiter = '|', value = {
      "5|5000",
      "10.0|10000",
      ".5|500",
      "4.5|4500",
      "0|0",
      "60 |60000",
      "'  12  '|12000",
      "5 # Used by several bots (12/minute)|5000",
      "2.|2000",
      "0.0001|0",
  })
  void crawlDelayValues(String value, long millis) {
    HintReading<Hint<Duration>> r = RobotsTxtHintReader.crawlDelay(value, SOURCE);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.value()).isPresent();
    assertThat(r.value().get().value().toMillis()).isEqualTo(millis);
    assertThat(r.value().get().source()).isEqualTo(SOURCE);
  }

  @Test
  void crawlDelayFractionsRoundUpToTheNanosecond() {
    Duration d = RobotsTxtHintReader.crawlDelay("0.0000000001", SOURCE).value().orElseThrow().value();
    assertThat(d).isEqualTo(Duration.ofNanos(1));
  }

  @ParameterizedTest(name = "Crawl-delay ''{0}'' is invalid")
  @ValueSource(strings = {"", "-1", "abc", "5s", "1e3", "NaN", "1,5", "+5", "5 5", "# only a comment", "."})
  void invalidCrawlDelaysGiveAWarningAndNoValue(String value) {
    HintReading<Hint<Duration>> r = RobotsTxtHintReader.crawlDelay(value, SOURCE);
    assertThat(r.value()).isEmpty();
    assertThat(r.diagnostics()).singleElement().satisfies(d -> {
      assertThat(d.code()).isEqualTo("hint-bad-crawl-delay");
      assertThat(d.severity()).isEqualTo(Severity.WARNING);
      assertThat(d.span().line()).isEqualTo(7);
    });
  }

  @Test
  void hugeCrawlDelaysSaturateWithAnInfo() {
    HintReading<Hint<Duration>> r = RobotsTxtHintReader.crawlDelay("99999999999999999999999", SOURCE);
    assertThat(r.value().orElseThrow().value()).isEqualTo(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999));
    assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("hint-saturated");
  }

  @ParameterizedTest(name = "Request-rate ''{0}'' = {1} per {2}s, window {3}")
  @CsvSource(delimiter = '|', value = {
      "1/5|1|5|",
      "1/5s|1|5|",
      "1/10s|1|10|",
      "10/1m|10|60|",
      "1/m|1|60|",
      "2/1h|2|3600|",
      "100/1d|100|86400|",
      "1/10              # maximum rate is one page every 10 seconds|1|10|",
      "1/10s 0600-0845|1|10|0600-0845",
      "1/10M 2200-0600|1|600|2200-0600",
      "' 3 / 7 '|3|7|",
      "0/5|0|5|",
  })
  void requestRateValues(String value, long requests, long periodSeconds, String window) {
    HintReading<Hint<RequestRate>> r = RobotsTxtHintReader.requestRate(value, SOURCE);
    assertThat(r.diagnostics()).isEmpty();
    RequestRate rate = r.value().orElseThrow().value();
    assertThat(rate.requests()).isEqualByComparingTo(BigDecimal.valueOf(requests));
    assertThat(rate.period()).isEqualTo(Duration.ofSeconds(periodSeconds));
    assertThat(rate.window().map(VisitWindow::toString)).isEqualTo(Optional.ofNullable(window));
  }

  @ParameterizedTest(name = "Request-rate ''{0}'' is invalid")
  @ValueSource(strings = {"", "1", "/5", "1/", "1/0", "1/5x", "a/b", "1/5 2500-0100", "1/5 0660-0700",
      "1/5 0600-0600", "1/5 0600", "1/5s0600-0845", "-1/5", "1.5/5", "1/5 0600-0845 UTC"})
  void invalidRequestRatesGiveAWarningAndNoValue(String value) {
    HintReading<Hint<RequestRate>> r = RobotsTxtHintReader.requestRate(value, SOURCE);
    assertThat(r.value()).isEmpty();
    assertThat(r.diagnostics()).extracting(Diagnostic::code).containsExactly("hint-bad-request-rate");
  }

  @Test
  void everyRateLineOfTheRealWorldCorpusReads() throws IOException {
    List<String> lines = resourceLines("/adapters/robots/rate-lines.txt");
    assertThat(lines).hasSizeGreaterThan(20);
    for (String line : lines) {
      int colon = line.indexOf(':');
      String field = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1);
      SourceLine source = new SourceLine("corpus", 1, line);
      HintReading<?> r = field.equals("crawl-delay")
          ? RobotsTxtHintReader.crawlDelay(value, source)
          : RobotsTxtHintReader.requestRate(value, source);
      assertThat(r.diagnostics()).as(line).isEmpty();
      assertThat(r.value()).as(line).isPresent();
    }
  }

  @ParameterizedTest(name = "{0} contains {1}: {2}")
  @CsvSource({
      "0600-0845,06:00,true", "0600-0845,08:45,true", "0600-0845,08:46,false", "0600-0845,05:59,false",
      "2200-0600,23:30,true", "2200-0600,03:00,true", "2200-0600,06:01,false", "2200-0600,12:00,false",
  })
  void visitWindows(String window, String time, boolean inside) {
    VisitWindow w = RobotsTxtHintReader.requestRate("1/5 " + window, SOURCE).value().orElseThrow().value().window().orElseThrow();
    assertThat(w.contains(LocalTime.parse(time))).isEqualTo(inside);
  }

  private static List<String> resourceLines(String name) throws IOException {
    try (InputStream in = RobotsTxtHintReaderTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.startsWith("#") && !l.isBlank()).collect(Collectors.toList());
    }
  }
}
