package org.acapengine.eval.match;

/**
 * The heap an object, an array or a string takes on 64-bit HotSpot with compressed references
 * (12-byte headers, 16 for arrays, 4-byte references, 8-byte alignment): for sizes that a cache
 * bounds, computed from what a structure holds rather than from per-item averages. The layout is
 * what JOL reports for the JVMs this project runs on; tests hold the sums to JOL's measurements.
 */
public final class Heap {

  private Heap() {}

  /**
   * An object with these fields.
   *
   * @param refs its reference fields
   * @param ints its int (and float) fields
   * @param bytes its boolean and byte fields
   * @return its size in bytes
   */
  public static long object(int refs, int ints, int bytes) {
    return align(12L + 4L * refs + 4L * ints + bytes);
  }

  /**
   * An int array.
   *
   * @param a the array, or null
   * @return its size in bytes, 0 for null
   */
  public static long array(int[] a) {
    return a == null ? 0 : align(16L + 4L * a.length);
  }

  /**
   * A byte array.
   *
   * @param a the array, or null
   * @return its size in bytes, 0 for null
   */
  public static long array(byte[] a) {
    return a == null ? 0 : align(16L + a.length);
  }

  /**
   * A char array.
   *
   * @param a the array, or null
   * @return its size in bytes, 0 for null
   */
  public static long array(char[] a) {
    return a == null ? 0 : align(16L + 2L * a.length);
  }

  /**
   * An array of {@code n} references.
   *
   * @param n its length
   * @return its size in bytes
   */
  public static long references(int n) {
    return align(16L + 4L * n);
  }

  /**
   * A string with its characters (one byte each when all are Latin-1, else two).
   *
   * @param s the string, or null
   * @return its size in bytes, 0 for null
   */
  public static long string(String s) {
    if (s == null) {
      return 0;
    }
    boolean latin1 = true;
    for (int i = 0, n = s.length(); i < n && latin1; i++) {
      latin1 = s.charAt(i) <= 0xFF;
    }
    return 24 + align(16L + (latin1 ? 1L : 2L) * s.length());
  }

  /**
   * A size rounded up to the 8-byte alignment.
   *
   * @param bytes the size
   * @return the aligned size
   */
  public static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }
}
