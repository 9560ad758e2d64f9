package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The tiny arrays buckets share: an array equal to a shared one is replaced by it and not counted
 * by {@link Footprint}; any other array, of any length, stays the bucket's own and is counted.
 */
class SharedIntsTest {

  @ParameterizedTest(name = "{0}: shared {1}")
  @CsvSource(delimiter = ';', value = {"''; true", "0; true", "15; true", "-2147483648; true", "16; false", "-1; false", "100; false",
      "3 4; true", "15 15; true", "3 16; false", "100 1; false", "1 2 3; false"})
  void anArrayIsSharedExactlyWhenASharedOneEqualsIt(String values, boolean shared) {
    int[] a = values.isEmpty() ? new int[0] : java.util.Arrays.stream(values.split(" ")).mapToInt(Integer::parseInt).toArray();
    int[] kept = SharedInts.of(a);
    assertThat(kept).containsExactly(a);
    assertThat(kept != a).as("replaced by a shared array").isEqualTo(shared);
    assertThat(SharedInts.isShared(kept)).as("the kept array counts as shared").isEqualTo(shared);
    assertThat(SharedInts.isShared(a)).as("the bucket's own array is never taken for a shared one").isFalse();
  }
}
