package org.acapengine.model;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list of strings held as one string and where each ends: what a resource set keeps
 * of its patterns, so that three thousand patterns are one string and one array rather than three
 * thousand strings (about 48 bytes each). {@link #get} makes the string it returns.
 */
final class PackedStrings extends AbstractList<String> implements RandomAccess {

  private final String text;
  private final int[] ends;

  private PackedStrings(String text, int[] ends) {
    this.text = text;
    this.ends = ends;
  }

  /**
   * The strings, packed.
   *
   * @param strings the strings, none null
   * @return an immutable list of the same strings in the same order
   * @throws NullPointerException if a string is null
   */
  static List<String> copyOf(List<String> strings) {
    if (strings instanceof PackedStrings packed) {
      return packed;
    }
    if (strings.isEmpty()) {
      return List.of();
    }
    StringBuilder text = new StringBuilder();
    int[] ends = new int[strings.size()];
    int i = 0;
    for (String s : strings) {
      text.append(Objects.requireNonNull(s, "a string of the list"));
      ends[i++] = text.length();
    }
    return new PackedStrings(text.toString(), ends);
  }

  @Override
  public String get(int index) {
    Objects.checkIndex(index, ends.length);
    return text.substring(index == 0 ? 0 : ends[index - 1], ends[index]);
  }

  @Override
  public int size() {
    return ends.length;
  }
}
