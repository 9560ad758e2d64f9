package org.acapengine.eval.match;

import java.util.Arrays;

/**
 * The order of string keys, for building {@link PrefixOrder} and {@link SegmentIndex}: a
 * three-way radix quicksort (Bentley and Sedgewick), which reads each key's characters about once
 * where a comparison sort re-reads the prefixes rule paths share ({@code /section12/…}) at every
 * comparison. A range whose partitions keep failing to shrink falls back to a comparison sort, so
 * that no input costs more than O(n log n) comparisons.
 */
final class KeyOrder {

  private static final int SMALL = 12;

  private KeyOrder() {}

  /**
   * The indexes of the non-null keys, sorted by key (shorter before longer when one is a prefix of
   * the other); equal keys keep index order.
   *
   * @param keys the keys, some left out
   * @return the indexes in order
   */
  static int[] sortedIndexes(KeyPool keys) {
    return sortedIndexes(keys, -1);
  }

  /**
   * {@link #sortedIndexes(KeyPool)}, each range allowed {@code splits} partitions at one depth
   * before it falls back to the comparison sort (-1: twice the range size's logarithm, plus 4);
   * tests pass a small number to exercise the fallback.
   */
  static int[] sortedIndexes(KeyPool keys, int splits) {
    int m = keys.present;
    int[] ids = new int[m];
    for (int i = 0, j = 0; i < keys.length.length; i++) {
      if (keys.length[i] >= 0) {
        ids[j++] = i;
      }
    }
    if (m < 2) {
      return ids;
    }
    // Work ranges: lo, hi (inclusive), depth, and how many more splits at this depth the range may take.
    int[] stack = new int[64];
    int top = 0;
    stack[top++] = 0;
    stack[top++] = m - 1;
    stack[top++] = 0;
    stack[top++] = budget(m, splits);
    while (top > 0) {
      int budget = stack[--top];
      int d = stack[--top];
      int hi = stack[--top];
      int lo = stack[--top];
      if (hi - lo < SMALL) {
        insertionSort(keys, ids, lo, hi, d);
        continue;
      }
      if (budget == 0) {
        comparisonSort(keys, ids, lo, hi);
        continue;
      }
      int v = medianOfThree(keys.charAt(ids[lo], d), keys.charAt(ids[(lo + hi) >>> 1], d), keys.charAt(ids[hi], d));
      int lt = lo;
      int gt = hi;
      int i = lo;
      while (i <= gt) {
        int c = keys.charAt(ids[i], d);
        if (c < v) {
          swap(ids, lt++, i++);
        } else if (c > v) {
          swap(ids, i, gt--);
        } else {
          i++;
        }
      }
      if (top + 12 > stack.length) {
        stack = Arrays.copyOf(stack, stack.length * 2);
      }
      top = push(stack, top, lo, lt - 1, d, budget - 1);
      top = push(stack, top, gt + 1, hi, d, budget - 1);
      if (v >= 0) {
        top = push(stack, top, lt, gt, d + 1, budget(gt - lt + 1, splits));
      } else {
        Arrays.sort(ids, lt, gt + 1); // equal keys, all ended: index order
      }
    }
    return ids;
  }

  private static int budget(int size, int splits) {
    return splits >= 0 ? splits : 2 * (32 - Integer.numberOfLeadingZeros(size)) + 4;
  }

  private static int push(int[] stack, int top, int lo, int hi, int d, int budget) {
    if (hi > lo) {
      stack[top++] = lo;
      stack[top++] = hi;
      stack[top++] = d;
      stack[top++] = budget;
    }
    return top;
  }

  private static int medianOfThree(int a, int b, int c) {
    return a < b ? (b < c ? b : Math.max(a, c)) : (a < c ? a : Math.max(b, c));
  }

  private static void swap(int[] ids, int a, int b) {
    int t = ids[a];
    ids[a] = ids[b];
    ids[b] = t;
  }

  /** Sorts a range whose keys share their first {@code d} characters (compared from there). */
  private static void insertionSort(KeyPool keys, int[] ids, int lo, int hi, int d) {
    for (int i = lo + 1; i <= hi; i++) {
      int x = ids[i];
      int j = i - 1;
      while (j >= lo && keys.compare(ids[j], x, d) > 0) {
        ids[j + 1] = ids[j];
        j--;
      }
      ids[j + 1] = x;
    }
  }

  private static void comparisonSort(KeyPool keys, int[] ids, int lo, int hi) {
    Integer[] boxed = new Integer[hi - lo + 1];
    for (int i = 0; i < boxed.length; i++) {
      boxed[i] = ids[lo + i];
    }
    Arrays.sort(boxed, keys::compare);
    for (int i = 0; i < boxed.length; i++) {
      ids[lo + i] = boxed[i];
    }
  }
}
