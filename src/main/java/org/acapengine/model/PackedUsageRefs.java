package org.acapengine.model;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list of usage references held as their names, one after the other in one string,
 * and one bit each (local or not): what a composite usage keeps of its members, so that a member
 * costs its name's characters and four bytes rather than a {@link UsageRef}, a {@link Usage} and a
 * string of its own (a composite of three thousand usages outside the dictionary held about 100
 * bytes a member). {@link #get} makes the reference it returns, equal to the one given: a standard
 * member's name is its usage's name, read again by {@link Usage#parse} (the dictionary's usages
 * are one instance each).
 */
final class PackedUsageRefs extends AbstractList<UsageRef> implements RandomAccess {

  /** The members' names one after the other: a standard member's usage name (lower-case), a local member's name as written. */
  private final String names;
  /** Where each member's name ends in {@link #names}. */
  private final int[] ends;
  /** Bit i set: member i is a {@link UsageRef.Local}. */
  private final long[] local;

  private PackedUsageRefs(String names, int[] ends, long[] local) {
    this.names = names;
    this.ends = ends;
    this.local = local;
  }

  /**
   * The references, packed; a list with a usage that its name does not give back (one made by
   * hand, not by {@link Usage#parse}) is copied as it is.
   *
   * @param refs the references, none null
   * @return an immutable list equal to {@code refs}
   * @throws NullPointerException if a reference is null
   */
  static List<UsageRef> copyOf(List<UsageRef> refs) {
    if (refs instanceof PackedUsageRefs packed) {
      return packed;
    }
    if (refs.isEmpty()) {
      return List.of();
    }
    StringBuilder names = new StringBuilder();
    int[] ends = new int[refs.size()];
    long[] local = new long[(ends.length + 63) >>> 6];
    int i = 0;
    for (UsageRef r : refs) {
      Objects.requireNonNull(r, "a member");
      if (r instanceof UsageRef.Local l) {
        names.append(l.name());
        local[i >>> 6] |= 1L << i;
      } else {
        Usage u = ((UsageRef.Standard) r).usage();
        if (!Usage.parse(u.name()).equals(u)) {
          return List.copyOf(refs);
        }
        names.append(u.name());
      }
      ends[i++] = names.length();
    }
    return new PackedUsageRefs(names.toString(), ends, local);
  }

  @Override
  public UsageRef get(int index) {
    Objects.checkIndex(index, ends.length);
    String name = names.substring(index == 0 ? 0 : ends[index - 1], ends[index]);
    return (local[index >>> 6] & (1L << index)) != 0 ? new UsageRef.Local(name) : new UsageRef.Standard(Usage.parse(name));
  }

  @Override
  public int size() {
    return ends.length;
  }
}
