package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/**
 * An immutable list of usage references held as their names, one after the other in one string,
 * and one bit each (local or not): what a composite usage keeps of its members, so that a member
 * costs its name's characters and four bytes rather than a {@link UsageRef}, a {@link Usage} and a
 * string of its own (a composite of three thousand usages outside the dictionary held about 100
 * bytes a member). {@link #get} makes the reference it returns, equal to the one given: a standard
 * member's name is its usage's name, read again by {@link Usage#parse} (the dictionary's usages
 * are one instance each).
 */
final class PackedUsageRefs extends PackedList<UsageRef> {

  /** Bit i set: member i is a {@link UsageRef.Local}. */
  private final long[] local;

  /**
   * @param names the members' names, packed: a standard member's usage name (lower-case), a local
   *     member's name as written
   * @param local bit i set: member i is local
   */
  private PackedUsageRefs(Packer names, long[] local) {
    super(names);
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
    Packer names = new Packer(refs.size());
    long[] local = new long[(refs.size() + 63) >>> 6];
    int i = 0;
    for (UsageRef r : refs) {
      Objects.requireNonNull(r, "a member");
      if (r instanceof UsageRef.Local l) {
        names.add(l.name());
        local[i >>> 6] |= 1L << i;
      } else {
        Usage u = ((UsageRef.Standard) r).usage();
        if (!Usage.parse(u.name()).equals(u)) {
          return List.copyOf(refs);
        }
        names.add(u.name());
      }
      i++;
    }
    return new PackedUsageRefs(names, local);
  }

  @Override
  public UsageRef get(int index) {
    String name = string(index);
    return (local[index >>> 6] & (1L << index)) != 0 ? new UsageRef.Local(name) : new UsageRef.Standard(Usage.parse(name));
  }
}
