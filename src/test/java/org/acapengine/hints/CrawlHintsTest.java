package org.acapengine.hints;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.acapengine.model.SourceLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CrawlHintsTest {

  private static final SourceLine A = new SourceLine("a", 1, "a");
  private static final SourceLine B = new SourceLine("b", 2, "b");

  /** One row per kind: how to set it, how to read it, a less and a more restrictive value. */
  static Stream<Arguments> kinds() {
    return Stream.of(
        row("minDelay: longer wins", (h, v) -> h.withMinDelay(dur(v)), CrawlHints::minDelay,
            Duration.ofSeconds(1), Duration.ofSeconds(10)),
        row("requestRate: fewer per second wins", (h, v) -> h.withRequestRate(rate(v)), CrawlHints::requestRate,
            new RequestRate(BigDecimal.ONE, Duration.ofSeconds(5), Optional.empty()),
            new RequestRate(BigDecimal.ONE, Duration.ofSeconds(10), Optional.empty())),
        row("requestsPerDay: lower wins", (h, v) -> h.withRequestsPerDay(lng(v)), CrawlHints::requestsPerDay, 10_000L, 100L),
        row("maxParallelDownloads: lower wins", (h, v) -> h.withMaxParallelDownloads(lng(v)),
            CrawlHints::maxParallelDownloads, 4L, 1L),
        row("maxFiles: lower wins", (h, v) -> h.withMaxFiles(lng(v)), CrawlHints::maxFiles, 1000L, 10L),
        row("revisitInterval: longer wins", (h, v) -> h.withRevisitInterval(dur(v)), CrawlHints::revisitInterval,
            Duration.ofHours(1), Duration.ofDays(7)),
        row("policyRefetchInterval: shorter wins", (h, v) -> h.withPolicyRefetchInterval(dur(v)),
            CrawlHints::policyRefetchInterval, Duration.ofDays(1), Duration.ofHours(1)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void mergeKeepsTheMostRestrictiveValueAndItsSource(
      String name, BiFunction<CrawlHints, Object, CrawlHints> set, Function<CrawlHints, Optional<Hint<?>>> get,
      Object lenient, Object strict) {
    CrawlHints lenientFromA = set.apply(CrawlHints.none(), new Object[] {lenient, A});
    CrawlHints strictFromB = set.apply(CrawlHints.none(), new Object[] {strict, B});
    for (CrawlHints merged : List.of(CrawlHints.merge(lenientFromA, strictFromB), CrawlHints.merge(strictFromB, lenientFromA))) {
      Hint<?> winner = get.apply(merged).orElseThrow();
      assertThat(winner.value()).isEqualTo(strict);
      assertThat(winner.source()).isEqualTo(B);
    }
  }

  @ParameterizedTest(name = "{0}: a tie keeps the first source")
  @MethodSource("kinds")
  void tiesKeepTheFirstSource(
      String name, BiFunction<CrawlHints, Object, CrawlHints> set, Function<CrawlHints, Optional<Hint<?>>> get,
      Object lenient, Object strict) {
    CrawlHints fromA = set.apply(CrawlHints.none(), new Object[] {strict, A});
    CrawlHints fromB = set.apply(CrawlHints.none(), new Object[] {strict, B});
    assertThat(get.apply(CrawlHints.merge(fromA, fromB)).orElseThrow().source()).isEqualTo(A);
    assertThat(get.apply(CrawlHints.merge(fromB, fromA)).orElseThrow().source()).isEqualTo(B);
  }

  @ParameterizedTest(name = "{0}: a value beats no value")
  @MethodSource("kinds")
  void aValueBeatsNone(
      String name, BiFunction<CrawlHints, Object, CrawlHints> set, Function<CrawlHints, Optional<Hint<?>>> get,
      Object lenient, Object strict) {
    CrawlHints fromA = set.apply(CrawlHints.none(), new Object[] {lenient, A});
    assertThat(get.apply(CrawlHints.merge(CrawlHints.none(), fromA)).orElseThrow().source()).isEqualTo(A);
    assertThat(get.apply(CrawlHints.merge(CrawlHints.none(), CrawlHints.none()))).isEmpty();
  }

  @Test
  void ratesCompareExactlyAcrossPeriodsAndIgnoringWindows() {
    RequestRate onePerFive = new RequestRate(BigDecimal.ONE, Duration.ofSeconds(5), Optional.empty());
    RequestRate twelvePerMinute = new RequestRate(BigDecimal.valueOf(12), Duration.ofMinutes(1), Optional.empty());
    RequestRate pointTwoPerSecond = RequestRate.perSecond(new BigDecimal("0.2"));
    RequestRate windowed = new RequestRate(BigDecimal.ONE, Duration.ofSeconds(10),
        Optional.of(new VisitWindow(java.time.LocalTime.of(6, 0), java.time.LocalTime.of(8, 45))));
    assertThat(onePerFive.compareRate(twelvePerMinute)).isZero();
    assertThat(onePerFive.compareRate(pointTwoPerSecond)).isZero();
    assertThat(windowed.compareRate(onePerFive)).isNegative();
    assertThat(onePerFive.requestsPerSecond()).isEqualByComparingTo("0.2");
  }

  @Test
  void mergeCombinesKindsFromDifferentSources() {
    CrawlHints robots = CrawlHints.none().withMinDelay(new Hint<>(Duration.ofSeconds(5), A));
    CrawlHints scorpion = CrawlHints.none().withMaxFiles(new Hint<>(100L, B));
    CrawlHints merged = CrawlHints.merge(robots, scorpion);
    assertThat(merged.minDelay().orElseThrow().source()).isEqualTo(A);
    assertThat(merged.maxFiles().orElseThrow().source()).isEqualTo(B);
    assertThat(merged.requestRate()).isEmpty();
    assertThat(merged.isEmpty()).isFalse();
    assertThat(CrawlHints.merge().isEmpty()).isTrue();
  }

  private static Arguments row(String name, BiFunction<CrawlHints, Object[], CrawlHints> set,
      Function<CrawlHints, ? extends Optional<? extends Hint<?>>> get, Object lenient, Object strict) {
    BiFunction<CrawlHints, Object, CrawlHints> setter = (h, v) -> set.apply(h, (Object[]) v);
    @SuppressWarnings("unchecked")
    Function<CrawlHints, Optional<Hint<?>>> getter = h -> (Optional<Hint<?>>) (Optional<?>) get.apply(h);
    return Arguments.of(name, setter, getter, lenient, strict);
  }

  private static Hint<Duration> dur(Object[] v) {
    return new Hint<>((Duration) v[0], (SourceLine) v[1]);
  }

  private static Hint<RequestRate> rate(Object[] v) {
    return new Hint<>((RequestRate) v[0], (SourceLine) v[1]);
  }

  private static Hint<Long> lng(Object[] v) {
    return new Hint<>((Long) v[0], (SourceLine) v[1]);
  }
}
