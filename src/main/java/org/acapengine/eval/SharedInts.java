package org.acapengine.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * The int arrays a {@link Bucket} holds that are empty or one or two small values, one of each
 * shared by all buckets ({@link #of}): a bucket of one entry and one pattern holds half a dozen
 * such arrays, 24 bytes each an origin otherwise. The arrays of a bucket are never written once it
 * is built. {@link Footprint} does not count them ({@link #isShared}).
 */
final class SharedInts {

  private SharedInts() {}

  private static final int SMALL = 16;
  private static final int[][] ONE = new int[SMALL][];
  private static final int[] ONE_ALLOW = {Bucket.ALLOW};
  private static final int[][] TWO = new int[SMALL * SMALL][];

  static {
    for (int v = 0; v < SMALL; v++) {
      ONE[v] = v == 0 ? RuleTable.NO_SET_START : new int[] {v};
    }
    for (int v = 0; v < SMALL * SMALL; v++) {
      TWO[v] = new int[] {v / SMALL, v % SMALL};
    }
  }

  /** {@code a}, or the one shared array equal to it when it is empty or one or two small values. */
  static int[] of(int[] a) {
    int[] shared = sharedEqualTo(a);
    return shared != null ? shared : a;
  }

  /** The shared array equal to {@code a}, or null when none is. */
  private static int[] sharedEqualTo(int[] a) {
    if (a == null || a.length > 2) {
      return null;
    }
    if (a.length == 0) {
      return RuleTable.NO_INTS;
    }
    if (a.length == 1) {
      return a[0] >= 0 && a[0] < SMALL ? ONE[a[0]] : a[0] == Bucket.ALLOW ? ONE_ALLOW : null;
    }
    return a[0] >= 0 && a[0] < SMALL && a[1] >= 0 && a[1] < SMALL ? TWO[a[0] * SMALL + a[1]] : null;
  }

  /** The arrays {@link #of} hands out, for tests that measure what a policy holds of its own. */
  static List<int[]> all() {
    List<int[]> all = new ArrayList<>(List.of(ONE));
    all.addAll(List.of(TWO));
    all.add(ONE_ALLOW);
    return all;
  }

  /** True when {@code a} is an array every bucket shares ({@link #of}), which {@link Footprint} does not count. */
  static boolean isShared(int[] a) {
    return a != null && sharedEqualTo(a) == a;
  }
}
