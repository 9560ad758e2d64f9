package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Range successor from the wavelet matrix equals a scan of the range, for every range and bound
 * of random permutations of every size up to a few hundred (the sizes at word and level
 * boundaries included), one matrix rebuilt for each.
 */
class WaveletMatrixTest {

  @ParameterizedTest(name = "sizes from {0}")
  @ValueSource(ints = {0, 1, 60, 120, 250, 508})
  void successorIsTheSmallestValueAtLeastXInTheRange(int firstSize) {
    Random random = new Random(firstSize);
    WaveletMatrix matrix = new WaveletMatrix();
    int checked = 0;
    int sizes = 0;
    for (int n = Math.max(1, firstSize); n < firstSize + 10; n++, sizes++) {
      int[] values = permutation(random, n);
      int[] a = new int[n + 1];
      int[] b = new int[n + 1];
      int[] c = new int[n + 1];
      matrix.build(values, n, a, b, c);
      for (int q = 0; q < 400; q++) {
        int lo = random.nextInt(n + 1);
        int hi = lo + random.nextInt(n - lo + 1);
        int x = random.nextInt(n + 1);
        assertThat(matrix.successor(lo, hi, x)).as("n %d [%d, %d) x %d", n, lo, hi, x).isEqualTo(scan(values, lo, hi, x));
        checked++;
      }
    }
    assertThat(sizes).isGreaterThanOrEqualTo(9);
    assertThat(checked).isEqualTo(sizes * 400);
  }

  private static int scan(int[] values, int lo, int hi, int x) {
    int best = -1;
    for (int i = lo; i < hi; i++) {
      if (values[i] >= x && (best < 0 || values[i] < best)) {
        best = values[i];
      }
    }
    return best;
  }

  private static int[] permutation(Random random, int n) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }
}
