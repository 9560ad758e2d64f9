package org.acapengine.collections.io;

/**
 * The CRC-32 (ISO-HDLC, as {@link java.util.zip.CRC32} and gzip compute it) of two byte sequences
 * one after the other, from their own CRCs and the second one's length, without the bytes: the
 * method zlib's {@code crc32_combine} uses. Appending a byte to a message changes its CRC register
 * by a linear map over GF(2); appending {@code n} zero bytes is that map's power, built here by
 * repeated squaring in O(log n) steps of 32 × 32 bits.
 */
public final class Crc32Combine {

  /** The CRC-32 polynomial, bits reversed. */
  private static final int POLYNOMIAL = 0xEDB88320;

  private Crc32Combine() {}

  /**
   * The CRC-32 of {@code a} followed by {@code b}.
   *
   * @param crcA the CRC-32 of the first sequence
   * @param crcB the CRC-32 of the second sequence
   * @param lengthB the second sequence's length in bytes, not negative
   * @return the CRC-32 of both, as {@link java.util.zip.CRC32#getValue} gives it
   */
  public static long combine(long crcA, long crcB, long lengthB) {
    if (lengthB < 0) {
      throw new IllegalArgumentException("negative length: " + lengthB);
    }
    int crc = (int) crcA;
    if (lengthB > 0) {
      // odd: the operator for one zero bit; then two, four, and eight bits (one byte) by squaring.
      int[] odd = new int[32];
      int[] even = new int[32];
      odd[0] = POLYNOMIAL;
      for (int n = 1, row = 1; n < 32; n++, row <<= 1) {
        odd[n] = row;
      }
      square(even, odd);
      square(odd, even);
      // Apply the operator for 2^k zero bytes for each bit k of the length: each round squares
      // the previous round's operator into the other array.
      int[] previous = odd;
      int[] next = even;
      for (long n = lengthB; n != 0; n >>>= 1) {
        square(next, previous);
        if ((n & 1) != 0) {
          crc = times(next, crc);
        }
        int[] t = previous;
        previous = next;
        next = t;
      }
    }
    return (crc ^ (int) crcB) & 0xFFFFFFFFL;
  }

  private static int times(int[] matrix, int vector) {
    int sum = 0;
    for (int i = 0; vector != 0; i++, vector >>>= 1) {
      if ((vector & 1) != 0) {
        sum ^= matrix[i];
      }
    }
    return sum;
  }

  private static void square(int[] square, int[] matrix) {
    for (int n = 0; n < 32; n++) {
      square[n] = times(matrix, matrix[n]);
    }
  }
}
