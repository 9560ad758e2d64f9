package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalInt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An entry keeps its last good fetch's times as they were: in one long when the lifetime is whole
 * seconds under 48 days and the time between 1970 and 2109, else exactly beside them
 * (docs/performance.md, "The entry"); a redirect's final URL either way; and through an outage.
 */
class OriginSlotTest {

  @ParameterizedTest(name = "{0} + {1} ms, redirected {2}")
  @CsvSource({
      "2026-11-28T07:00:00.123Z, 86400000, false", // the fetcher's default: a day
      "2026-11-28T07:00:00.123Z, 86400000, true",
      "2026-11-28T07:00:00Z, 0, false", // no-store
      "2026-11-28T07:00:00.123Z, 4194303000, false", // the longest lifetime the long holds
      "2026-11-28T07:00:00.123Z, 4194304000, true", // one second more: held exactly
      "2026-11-28T07:00:00.123Z, 1500, true", // not whole seconds
      "1969-12-31T23:59:59Z, 10000, false", // before 1970
      "2109-06-01T00:00:00Z, 3600000, true", // after the long's years
      "2026-11-28T07:00:00.999Z, 3600000, false"})
  void theTimesAndFinalUrlAreKept(Instant fetchedAt, long lifetimeMillis, boolean redirected) {
    Origin origin = Origin.parse("https://example.com/").orElseThrow();
    URI finalUrl = redirected ? URI.create("https://www.example.com/robots.txt") : origin.robotsTxt();
    Instant expiresAt = fetchedAt.plusMillis(lifetimeMillis);
    RobotsFetch.Fetched f = new RobotsFetch.Fetched(origin, finalUrl, 200, new byte[0], false, redirected ? 1 : 0, fetchedAt, expiresAt);
    OriginSlot slot = OriginSlot.fetched(f, "a policy");

    assertThat(slot.copy(origin)).isEqualTo(f);
    assertThat(slot.expiresAt()).isEqualTo(expiresAt);

    // Unreachable afterwards: the copy keeps its times and URL; the entry expires with the outage.
    Instant later = expiresAt.plusSeconds(60);
    RobotsFetch.Unreachable u = new RobotsFetch.Unreachable(origin, OptionalInt.empty(), "timed out", later, later.plus(Duration.ofHours(1)));
    OriginSlot down = slot.unreachable(u);
    assertThat(down.copy(origin)).isEqualTo(f);
    assertThat(down.expiresAt()).isEqualTo(u.expiresAt());
    assertThat(down.isUnreachable()).isTrue();
    assertThat(down.hasCopy()).isTrue();
  }
}
