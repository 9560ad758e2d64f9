package org.acapengine.model;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list whose elements are held as strings, one after the other in one string, and
 * where each ends: the packing that {@link PackedStrings} (a resource set's patterns) and {@link
 * PackedUsageRefs} (a composite usage's members) share, so that thousands of elements are one
 * string and one array rather than thousands of objects. A subclass makes each element from its
 * string ({@link #string}).
 *
 * @param <E> the element type
 */
abstract class PackedList<E> extends AbstractList<E> implements RandomAccess {

  private final String text;
  private final int[] ends;

  /**
   * A list of what {@code packer} has packed.
   *
   * @param packer the strings, one per element; not used afterwards
   * @throws IllegalStateException if fewer strings were added than the packer was made for
   */
  PackedList(Packer packer) {
    if (packer.count != packer.ends.length) {
      throw new IllegalStateException(packer.count + " of " + packer.ends.length + " strings packed");
    }
    this.text = packer.text.toString();
    this.ends = packer.ends;
  }

  /**
   * The string element {@code index} was packed from, made anew.
   *
   * @param index the element's index
   * @return its string
   * @throws IndexOutOfBoundsException if there is no such element
   */
  final String string(int index) {
    Objects.checkIndex(index, ends.length);
    return text.substring(index == 0 ? 0 : ends[index - 1], ends[index]);
  }

  @Override
  public final int size() {
    return ends.length;
  }

  /** Packs a known number of strings, in order, for a {@link PackedList}. */
  static final class Packer {
    private final StringBuilder text = new StringBuilder();
    private final int[] ends;
    private int count;

    /**
     * A packer for {@code size} strings.
     *
     * @param size how many strings will be added
     */
    Packer(int size) {
      ends = new int[size];
    }

    /**
     * Adds the next string.
     *
     * @param s the string
     * @throws IndexOutOfBoundsException past the size given
     */
    void add(CharSequence s) {
      text.append(s);
      ends[count++] = text.length();
    }
  }
}
