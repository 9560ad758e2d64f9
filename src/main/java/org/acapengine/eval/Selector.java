package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.UserAgentLine;

/**
 * From a crawler's names to what it selects, through an index over the file's names (not a scan
 * of the file): the ACAP records naming it ({@code NAMED}), those for any crawler ({@code ANY}),
 * the records of a loaded permissions reference that apply to it (2.3.2), and the conventional
 * groups RFC 9309 2.2.1 selects. O(names + the records and groups they select) a look-up, so the
 * 3 000th distinct crawler name costs what the 3rd does (docs/semantics.md, 1). Immutable.
 */
final class Selector {

  /** A file's records and groups by crawler key. */
  private static final class Index {
    final Map<String, int[]> recordsByKey = new HashMap<>();
    final int[] anyRecords;
    final Map<String, int[]> groupsByKey = new HashMap<>();
    final int[] globalGroups;

    Index(PolicyDocument doc) {
      Map<String, List<Integer>> records = new HashMap<>();
      List<Integer> any = new ArrayList<>();
      List<AcapRecord> rs = doc.acapRecords();
      for (int r = 0; r < rs.size(); r++) {
        Set<String> keys = new LinkedHashSet<>();
        for (CrawlerName c : rs.get(r).crawlers()) {
          if (c.isAnyCrawler()) {
            if (any.isEmpty() || any.get(any.size() - 1) != r) {
              any.add(r);
            }
          } else {
            String k = ProductToken.key(c.name());
            if (!k.isEmpty()) {
              keys.add(k);
            }
          }
        }
        for (String k : keys) {
          records.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
      }
      records.forEach((k, v) -> recordsByKey.put(k, ints(v)));
      this.anyRecords = ints(any);
      Map<String, List<Integer>> groups = new HashMap<>();
      List<Integer> global = new ArrayList<>();
      List<ConventionalGroup> gs = doc.conventionalGroups();
      for (int g = 0; g < gs.size(); g++) {
        Set<String> keys = new LinkedHashSet<>();
        boolean isGlobal = false;
        for (UserAgentLine ua : gs.get(g).userAgents()) {
          String token = ProductToken.of(ua.value());
          if (token.equals(ProductToken.WILDCARD)) {
            isGlobal = true;
          } else if (!token.isEmpty()) {
            keys.add(ProductToken.fold(token));
          }
        }
        for (String k : keys) {
          groups.computeIfAbsent(k, x -> new ArrayList<>()).add(g);
        }
        if (isGlobal) {
          global.add(g);
        }
      }
      groups.forEach((k, v) -> groupsByKey.put(k, ints(v)));
      this.globalGroups = ints(global);
    }

    /** The records naming one of {@code keys}, ascending. */
    int[] named(Set<String> keys) {
      return union(recordsByKey, keys);
    }
  }

  private final PolicyDocument doc;
  private final Map<AcapField.PermissionsReference, ResolvedReference> references;
  private final Index main;
  private final Map<PolicyDocument, Index> referenced = new IdentityHashMap<>();

  Selector(PolicyDocument doc, Map<AcapField.PermissionsReference, ResolvedReference> references) {
    this.doc = doc;
    this.references = references;
    this.main = new Index(doc);
    for (ResolvedReference r : references.values()) {
      r.document().ifPresent(d -> referenced.computeIfAbsent(d, Index::new));
    }
  }

  /**
   * What a crawler selects, as a value: equal for crawlers that select alike, so that they share
   * one view and its tables.
   *
   * @param named the NAMED records with, for each, what its reference loaded ({@link #unitKey})
   * @param any the ANY records, the same way
   * @param groups the selected conventional groups, ascending
   */
  record Choice(Key named, Key any, Key groups) {}

  /** A list of numbers as a map key. */
  static final class Key {
    final int[] ids;
    private final int hash;

    Key(int[] ids) {
      this.ids = ids;
      this.hash = Arrays.hashCode(ids);
    }

    boolean isEmpty() {
      return ids.length == 0;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && hash == k.hash && Arrays.equals(ids, k.ids);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** The crawler's names as keys: each reduced to its token and case-folded; names that name no crawler left out. */
  static Set<String> keys(List<String> names) {
    Set<String> keys = new LinkedHashSet<>();
    for (String n : names) {
      String k = ProductToken.key(n);
      if (!k.isEmpty()) {
        keys.add(k);
      }
    }
    return keys;
  }

  Choice choose(List<String> names) {
    Set<String> keys = keys(names);
    int[] named = main.named(keys);
    int[] any = minus(main.anyRecords, named);
    int[] groups = union(main.groupsByKey, keys);
    if (groups.length == 0) {
      groups = main.globalGroups;
    }
    return new Choice(unitKey(named, keys), unitKey(any, keys), new Key(groups));
  }

  /**
   * The records as a key: per record, its number, then what its permissions reference loaded: -1
   * when it has none or it failed, else the number of the referenced file's records that apply
   * to the crawler and their numbers.
   */
  private Key unitKey(int[] records, Set<String> keys) {
    int[] out = new int[2 * records.length];
    int n = 0;
    for (int r : records) {
      PolicyDocument ref = referencedDocument(doc.acapRecords().get(r));
      int[] applying = ref == null ? null : applying(ref, keys);
      int need = 2 + (applying == null ? 0 : applying.length);
      if (n + need > out.length) {
        out = Arrays.copyOf(out, Math.max(n + need, out.length * 2));
      }
      out[n++] = r;
      out[n++] = applying == null ? -1 : applying.length;
      if (applying != null) {
        System.arraycopy(applying, 0, out, n, applying.length);
        n += applying.length;
      }
    }
    return new Key(Arrays.copyOf(out, n));
  }

  /** The records of a referenced file that apply to the crawler (naming it, or for any crawler), ascending. */
  private int[] applying(PolicyDocument ref, Set<String> keys) {
    Index x = referenced.get(ref);
    TreeSet<Integer> all = new TreeSet<>();
    for (int r : x.named(keys)) {
      all.add(r);
    }
    for (int r : x.anyRecords) {
      all.add(r);
    }
    return all.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The document a record's permissions reference loaded, or null (none, or it failed). */
  PolicyDocument referencedDocument(AcapRecord r) {
    if (r.permissionsReference().isEmpty()) {
      return null;
    }
    ResolvedReference ref = references.get(r.permissionsReference().get());
    return ref == null ? null : ref.document().orElse(null);
  }

  /** The conventional groups of a choice. */
  List<ConventionalGroup> groups(Key groups) {
    List<ConventionalGroup> out = new ArrayList<>(groups.ids.length);
    for (int g : groups.ids) {
      out.add(doc.conventionalGroups().get(g));
    }
    return out;
  }

  private static int[] union(Map<String, int[]> byKey, Set<String> keys) {
    int[] only = null;
    TreeSet<Integer> all = null;
    for (String k : keys) {
      int[] ids = byKey.get(k);
      if (ids == null) {
        continue;
      }
      if (only == null && all == null) {
        only = ids;
      } else {
        if (all == null) {
          all = new TreeSet<>();
          for (int i : only) {
            all.add(i);
          }
        }
        for (int i : ids) {
          all.add(i);
        }
      }
    }
    return all != null ? all.stream().mapToInt(Integer::intValue).toArray() : only != null ? only : new int[0];
  }

  private static int[] minus(int[] a, int[] b) {
    if (b.length == 0) {
      return a;
    }
    return Arrays.stream(a).filter(x -> Arrays.binarySearch(b, x) < 0).toArray();
  }

  private static int[] ints(List<Integer> list) {
    return list.stream().mapToInt(Integer::intValue).toArray();
  }
}
