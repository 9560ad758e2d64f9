package org.acapengine.collections.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Crc32CombineTest {

  private static long crc(byte[] b, int from, int to) {
    CRC32 c = new CRC32();
    c.update(b, from, to - from);
    return c.getValue();
  }

  /** Every split of a message: the CRC of the whole equals the CRCs of its two parts combined. */
  @ParameterizedTest
  @CsvSource({"0, 0", "1, 0", "0, 1", "1, 1", "3, 5", "7, 8", "100, 1000", "65535, 65537", "1, 1048576", "300000, 3"})
  void combinesAsTheWholeWouldHash(int lengthA, int lengthB) {
    byte[] whole = new byte[lengthA + lengthB];
    new Random(lengthA * 31L + lengthB).nextBytes(whole);

    long combined = Crc32Combine.combine(crc(whole, 0, lengthA), crc(whole, lengthA, whole.length), lengthB);

    assertThat(combined).isEqualTo(crc(whole, 0, whole.length));
  }

  @Test
  void refusesANegativeLength() {
    assertThatThrownBy(() -> Crc32Combine.combine(0, 0, -1)).isInstanceOf(IllegalArgumentException.class);
  }
}
