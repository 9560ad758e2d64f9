package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/**
 * An immutable list of strings held as one string and where each ends: what a resource set keeps
 * of its patterns, so that three thousand patterns are one string and one array rather than three
 * thousand strings (about 48 bytes each). {@link #get} makes the string it returns.
 */
final class PackedStrings extends PackedList<String> {

  private PackedStrings(Packer packer) {
    super(packer);
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
    Packer packer = new Packer(strings.size());
    for (String s : strings) {
      packer.add(Objects.requireNonNull(s, "a string of the list"));
    }
    return new PackedStrings(packer);
  }

  @Override
  public String get(int index) {
    return string(index);
  }
}
