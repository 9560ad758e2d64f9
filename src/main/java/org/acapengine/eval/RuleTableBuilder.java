package org.acapengine.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.UsageRef;

/**
 * Builds {@link RuleTable}s from a parsed file: a conventional table from the groups RFC 9309
 * selects, an ACAP table from records of one tier. Each field is one rule, whatever its
 * definitions stand for (2.4.1.3, 2.7): a qualified usage, a composite usage or a resource set is
 * held once per table and named by number, so that the table is linear in the file (a composite
 * of 3 000 members with a resource set of 3 000 patterns is 6 000 entries, not 9 000 000). Identical
 * rules (same verdict, target, usage, qualifiers, purposes) are one rule with several lines.
 */
final class RuleTableBuilder {

  private RuleTableBuilder() {}
  /** A record of the table, with the file it is read from and the definitions visible there. */
  record Part(PolicyDocument doc, AcapRecord record, DefinitionScope scope) {}

  // ---- conventional -------------------------------------------------------------------------

  /** The rules of {@code groups}, in file order, identical ones (verdict, pattern, inside an ACAP record or not) one rule. */
  static RuleTable conventional(PolicyDocument doc, List<ConventionalGroup> groups, ScopeRanks ranks) {
    int written = 0;
    for (ConventionalGroup g : groups) {
      written += g.rules().size();
    }
    TableText text = new TableText(false, written);
    // Identical rules are one: one map keyed by the normalised pattern itself (no key string made
    // per rule), sized for every rule so that it never grows (a file has tens of thousands), each
    // pattern normalised and hashed once; rules of one pattern with other flags (allowed or not,
    // inside an ACAP record or not) follow the first in sameText.
    Map<String, Integer> rules = new HashMap<>(Math.max(16, (int) (written / 0.75f) + 1));
    int[] flags = new int[Math.max(16, written)];
    int[] sameText = new int[flags.length];
    text.canonical(r -> text.raw(r).equals(text.normalised(r)) ? ((flags[r] & RuleTable.ALLOW) != 0 ? "Allow: " : "Disallow: ") : null,
        text::normalised);
    int n = 0;
    for (ConventionalGroup g : groups) {
      for (ConventionalRule rule : g.rules()) {
        if (rule.pattern().isEmpty()) {
          continue; // RFC 9309 2.2.2: an empty rule matches nothing (google: priority 0, never decides)
        }
        int f = (rule.allow() ? RuleTable.ALLOW : 0) | (rule.insideAcapRecord() ? RuleTable.INSIDE_ACAP : 0);
        String normalised = org.acapengine.eval.match.PercentEncoding.normalise(rule.pattern());
        Integer first = rules.putIfAbsent(normalised, n);
        int r = first == null ? -1 : first;
        while (r >= 0 && flags[r] != f) {
          r = sameText[r];
        }
        if (r < 0) {
          r = n;
          flags[n] = f;
          sameText[n] = -1;
          if (first != null) { // after the first rule of the pattern
            sameText[n] = sameText[first];
            sameText[first] = n;
          }
          n++;
          text.newPattern(rule.pattern(), normalised, r);
        }
        text.line(r, doc, rule.span().line());
      }
    }
    // A rule is two bits (RuleTable.PACKED): its first line is its number, a repeated rule's other
    // lines follow all the first lines (RuleTable.firstLinesFirst).
    int words = (n + 15) >>> 4;
    TableText.Layout l = text.layOut(n, words + text.lineCount() - n, null, true);
    for (int r = 0; r < n; r++) {
      l.data()[l.rulesAt() + (r >>> 4)] |= ((flags[r] >>> 31) | ((flags[r] >>> 29) & 2)) << ((r & 15) << 1);
    }
    return new RuleTable(RuleTable.Kind.CONVENTIONAL, l, ScopeRanks.of(ranks, text, null), n, RuleTable.PACKED, Definitions.NONE);
  }

  // ---- ACAP ---------------------------------------------------------------------------------

  /**
   * The definitions of tables that name usages of the dictionary and nothing else (most ACAP
   * tables), one per list of names, shared by every table with that list; at most {@value
   * #SHARED_DEFINITIONS} lists are kept.
   */
  private static final java.util.concurrent.ConcurrentHashMap<List<String>, Definitions> STANDARD = new java.util.concurrent.ConcurrentHashMap<>();

  private static final int SHARED_DEFINITIONS = 256;

  /** True for definitions every table with the same usage names shares (not held by any one table). */
  static boolean isShared(Definitions d) {
    return d == Definitions.NONE || STANDARD.containsValue(d);
  }

  /** What every table may refer to and none holds of its own (for tests that weigh a table). */
  static List<Object> shared() {
    return List.of(SharedNames.VOCABULARY, SharedNames.TYPES, STANDARD);
  }

  /**
   * An equal qualifier that shares what can be shared (its type and its type's name as the
   * vocabulary writes it): a table holds qualifiers after the document is gone.
   */
  private static Qualifier kept(Qualifier q) {
    if (q.type().isEmpty()) {
      return q;
    }
    QualifierType t = q.type().get();
    String name = q.typeName().equals(t.token()) ? t.token() : q.typeName();
    return new Qualifier(name, SharedNames.TYPES.get(t), q.value(), q.parsed(), q.span());
  }

  /**
   * The fields of {@code parts}' records (their sub-records' included), as one table of {@code kind}.
   *
   * @param base a table of the same crawler whose text this one may share ({@link SharedTableText}), or null
   */
  static RuleTable acap(RuleTable.Kind kind, List<Part> parts, ScopeRanks ranks, SharedTableText base) {
    return new Acap().build(kind, parts, ranks, base);
  }

  private record RuleKey(int flags, int target, int usage, int qualifiers, int purposes) {} // what makes two ACAP fields one rule
  /** The state of one ACAP table's build: what has been numbered so far. */
  private static final class Acap {
    private final TableText text = new TableText(true, 16);
    private final Map<RuleKey, Integer> rules = new HashMap<>();
    private final List<int[]> rows = new ArrayList<>();
    private final Map<String, Integer> usageNames = new HashMap<>();
    private final List<String> usageNameList = new ArrayList<>();
    private final Map<List<String>, Integer> qualifierKeys = new HashMap<>();
    private final List<List<Qualifier>> qualifierSets = new ArrayList<>();
    private final Map<List<String>, Integer> purposeKeys = new HashMap<>();
    private final List<PathPattern[]> purposes = new ArrayList<>();
    private final Map<AcapDefinition, Integer> qualified = new IdentityHashMap<>();
    private final List<AcapDefinition.QualifiedUsage> qualifiedDefs = new ArrayList<>();
    private final Map<AcapDefinition, Integer> composites = new IdentityHashMap<>();
    private final List<int[]> compositeMembers = new ArrayList<>();
    private final List<AcapDefinition.CompositeUsage> compositeDefs = new ArrayList<>();
    private final Map<AcapDefinition, Integer> sets = new IdentityHashMap<>();
    private final List<int[]> setPatterns = new ArrayList<>();
    private final List<AcapDefinition.ResourceSet> setDefs = new ArrayList<>();

    RuleTable build(RuleTable.Kind kind, List<Part> parts, ScopeRanks ranks, SharedTableText base) {
      text.canonical(this::canonicalHead, this::canonicalValue);
      for (Part part : parts) {
        AcapRecord r = part.record();
        for (AcapField f : r.fields()) {
          field(f, -1, part);
        }
        for (AcapSubRecord s : r.subRecords()) {
          int p = purposes(s.purposes());
          for (AcapField f : s.fields()) {
            field(f, p, part);
          }
        }
      }
      int n = rows.size();
      boolean full = false;
      for (int[] row : rows) {
        full |= row[3] >= 0 || row[4] >= 0;
      }
      // Each rule targeting the pattern of its number: the rule is its flags alone (its first line
      // is its number, a repeated field's other lines follow the first lines: RuleTable.firstLinesFirst).
      boolean plain = !full;
      for (int r = 0; r < n && plain; r++) {
        plain = (rows.get(r)[0] & RuleTable.TO_SET) == 0 && rows.get(r)[1] == r;
      }
      // And each naming the first usage name, a standard usage (as ACAP fields for crawl alone do):
      // the rule is its verdict alone, two bits as a conventional rule's (RuleTable.PACKED).
      boolean packed = plain;
      for (int r = 0; r < n && packed; r++) {
        packed = (rows.get(r)[0] & RuleTable.USAGE_KIND) == RuleTable.STANDARD && rows.get(r)[2] == 0;
      }
      int stride = packed ? RuleTable.PACKED : plain ? RuleTable.PLAIN_STRIDE : full ? RuleTable.FULL_STRIDE : RuleTable.SIMPLE_STRIDE;
      int words = (n + 15) >>> 4;
      TableText.Layout l = text.layOut(n, packed ? words + text.lineCount() - n : plain ? text.lineCount() : stride * n, base, plain);
      int[] data = l.data();
      for (int r = 0; r < n; r++) {
        int[] row = rows.get(r);
        if (packed) {
          data[l.rulesAt() + (r >>> 4)] |= (row[0] >>> 31) << ((r & 15) << 1);
          continue;
        }
        int at = l.rulesAt() + stride * r;
        data[at] = row[0] | row[2];
        if (plain) {
          continue;
        }
        data[at + 1] = row[1];
        if (full) {
          data[at + 2] = row[3];
          data[at + 3] = row[4];
        }
        data[at + stride - 1] = l.firstLine()[r];
      }
      int[] setStart = new int[setPatterns.size() + 1];
      for (int s = 0; s < setPatterns.size(); s++) {
        setStart[s + 1] = setStart[s] + setPatterns.get(s).length;
      }
      int[] flatSets = new int[setStart[setPatterns.size()]];
      for (int s = 0; s < setPatterns.size(); s++) {
        System.arraycopy(setPatterns.get(s), 0, flatSets, setStart[s], setPatterns.get(s).length);
      }
      return new RuleTable(kind, l, ScopeRanks.of(ranks, text, base), n, stride, definitions(setPatterns.isEmpty() ? RuleTable.NO_SET_START : setStart,
          setPatterns.isEmpty() ? RuleTable.NO_INTS : flatSets));
    }

    private Definitions definitions(int[] setStart, int[] setPatterns) {
      int q = qualifiedDefs.size();
      int[] qualifiedUsage = new int[q];
      int[] qualifiedQualifiers = new int[q];
      List<String> defNames = new ArrayList<>();
      List<Integer> defLines = new ArrayList<>();
      for (int i = 0; i < q; i++) {
        AcapDefinition.QualifiedUsage d = qualifiedDefs.get(i);
        qualifiedUsage[i] = usage(d.usage().name());
        qualifiedQualifiers[i] = qualifiers(d.qualifiers());
        defNames.add(d.name());
        defLines.add(d.span().line());
      }
      int[] compositeStart = new int[compositeMembers.size() + 1];
      for (int c = 0; c < compositeMembers.size(); c++) {
        compositeStart[c + 1] = compositeStart[c] + compositeMembers.get(c).length / 3;
        defNames.add(compositeDefs.get(c).name());
        defLines.add(compositeDefs.get(c).span().line());
      }
      int[] members = new int[3 * compositeStart[compositeMembers.size()]];
      for (int c = 0; c < compositeMembers.size(); c++) {
        System.arraycopy(compositeMembers.get(c), 0, members, 3 * compositeStart[c], compositeMembers.get(c).length);
      }
      for (AcapDefinition.ResourceSet s : setDefs) {
        defNames.add(s.name());
        defLines.add(s.span().line());
      }
      if (q == 0 && compositeMembers.isEmpty() && setDefs.isEmpty() && qualifierSets.isEmpty() && purposes.isEmpty()
          && usageNameList.stream().allMatch(n -> SharedNames.VOCABULARY.get(n) == n)) {
        List<String> key = List.copyOf(usageNameList);
        Definitions kept = STANDARD.get(key);
        if (kept == null && STANDARD.size() < SHARED_DEFINITIONS) {
          kept = STANDARD.computeIfAbsent(key, Definitions::ofUsageNames);
        }
        if (kept != null) {
          return kept;
        }
      }
      return Definitions.withUsageNames(usageNameList, qualifierSets, List.copyOf(purposes), qualifiedUsage, qualifiedQualifiers, compositeStart,
          members, defNames.toArray(new String[0]), defLines.stream().mapToInt(Integer::intValue).toArray(), setStart, setPatterns);
    }

    /**
     * How rule {@code r}'s field would be written ({@link RuleTable#canonicalLine}) up to its
     * value ({@code "ACAP-allow-index: "}): its lines written so keep no text. Null for a rule
     * whose line names qualifiers (they are kept as written) or whose pattern is not written as it
     * is normalised.
     */
    private String canonicalHead(int r) {
      int[] row = rows.get(r);
      if (row[3] >= 0 || (row[0] & RuleTable.TO_SET) == 0 && !text.raw(row[1]).equals(text.normalised(row[1]))) {
        return null;
      }
      int kind = row[0] & RuleTable.USAGE_KIND;
      String usage = kind == RuleTable.STANDARD ? usageName(row[2])
          : "(" + (kind == RuleTable.QUALIFIED ? qualifiedDefs.get(row[2]).name() : compositeDefs.get(row[2]).name()) + ")";
      return "ACAP-" + ((row[0] & RuleTable.ALLOW) != 0 ? "allow-" : "disallow-") + usage + ": ";
    }

    /** Rule {@code r}'s value in its canonical line ({@link #canonicalHead}): its pattern, or its resource set. */
    private String canonicalValue(int r) {
      int[] row = rows.get(r);
      return (row[0] & RuleTable.TO_SET) != 0 ? "the-acap:resource-set:" + setDefs.get(row[1]).name() : text.normalised(row[1]);
    }

    private String usageName(int id) {
      return usageNameList.get(id);
    }

    /** 2.4.1.3, 2.7: a field becomes a rule naming its usage (or definition) and its target (pattern or set). */
    private void field(AcapField f, int purposes, Part part) {
      if (f instanceof AcapField.Permission p) {
        if (p.usage() instanceof UsageRef.Standard s) {
          rule(RuleTable.ALLOW | RuleTable.STANDARD, p.resource(), usage(s.usage().name()), qualifiers(p.qualifiers()), purposes, part, p.span().line());
          return;
        }
        AcapDefinition def = part.scope().usage(((UsageRef.Local) p.usage()).key());
        if (def instanceof AcapDefinition.QualifiedUsage q) {
          rule(RuleTable.ALLOW | RuleTable.QUALIFIED, p.resource(), qualified(q), -1, purposes, part, p.span().line());
        } else if (def instanceof AcapDefinition.CompositeUsage c) {
          rule(RuleTable.ALLOW | RuleTable.COMPOSITE, p.resource(), composite(c, part.scope()), -1, purposes, part, p.span().line());
        }
        // An undefined local usage grants nothing (reported by the parser).
      } else if (f instanceof AcapField.Prohibition p && p.usage() instanceof UsageRef.Standard s) {
        rule(RuleTable.STANDARD, p.resource(), usage(s.usage().name()), -1, purposes, part, p.span().line());
      }
    }

    private void rule(int flags, ResourceSpec spec, int usage, int qualifiers, int purposes, Part part, int line) {
      int target;
      int targetKey;
      if (spec instanceof ResourceSpec.PathPattern p) {
        // Rules whose patterns differ only in case are one rule (ACAP 2.8): a field restating a
        // rule in another case is a line of that rule, and adds no pattern of its own (so that the
        // rules still target the patterns of their numbers: RuleTable.PLAIN_STRIDE).
        targetKey = text.keyOf(p.pattern());
        Integer same = targetKey < 0 ? null : rules.get(new RuleKey(flags, targetKey, usage, qualifiers, purposes));
        if (same != null) {
          text.line(same, part.doc(), line, part.scope().isReferenced());
          return;
        }
        target = text.pattern(p.pattern(), rows.size());
        targetKey = text.key(target);
      } else {
        AcapDefinition.ResourceSet set = part.scope().set(((ResourceSpec.ResourceSetRef) spec).key());
        if (set == null) {
          return; // an undefined set applies to nothing
        }
        target = set(set);
        targetKey = target;
        flags |= RuleTable.TO_SET;
      }
      RuleKey key = new RuleKey(flags, targetKey, usage, qualifiers, purposes); // TO_SET in flags tells a set from a pattern
      Integer r = rules.get(key);
      if (r == null) {
        r = rows.size();
        rules.put(key, r);
        rows.add(new int[] {flags, target, usage, qualifiers, purposes});
      }
      text.line(r, part.doc(), line, part.scope().isReferenced());
    }

    private int usage(String name) {
      // A list beside the map, so that a rule's usage name is read in constant time (a scan of the
      // map per rule was quadratic in a file naming thousands of usages).
      return usageNames.computeIfAbsent(SharedNames.name(name), k -> {
        usageNameList.add(k);
        return usageNames.size();
      });
    }

    private int qualifiers(List<Qualifier> qs) {
      if (qs.isEmpty()) {
        return -1;
      }
      List<String> key = new ArrayList<>(2 * qs.size());
      for (Qualifier q : qs) {
        key.add(q.key());
        key.add(q.value());
      }
      Integer id = qualifierKeys.get(key);
      if (id == null) {
        id = qualifierSets.size();
        qualifierKeys.put(key, id);
        List<Qualifier> kept = new ArrayList<>(qs.size());
        for (Qualifier q : qs) {
          kept.add(kept(q));
        }
        qualifierSets.add(List.copyOf(kept));
      }
      return id;
    }

    private int purposes(List<PurposePattern> list) {
      List<String> key = new ArrayList<>(list.size());
      for (PurposePattern p : list) {
        key.add(p.pattern().endsWith("$") ? p.pattern() : p.pattern() + "$");
      }
      Integer id = purposeKeys.get(key);
      if (id == null) {
        id = purposes.size();
        purposeKeys.put(key, id);
        PathPattern[] compiled = new PathPattern[key.size()];
        for (int i = 0; i < compiled.length; i++) {
          compiled[i] = PathPattern.compile(key.get(i), true);
        }
        purposes.add(compiled);
      }
      return id;
    }

    private int qualified(AcapDefinition.QualifiedUsage q) {
      Integer id = qualified.get(q);
      if (id == null) {
        id = qualifiedDefs.size();
        qualified.put(q, id);
        qualifiedDefs.add(q);
        usage(q.usage().name());
        qualifiers(q.qualifiers());
      }
      return id;
    }

    private int composite(AcapDefinition.CompositeUsage c, DefinitionScope scope) {
      Integer id = composites.get(c);
      if (id == null) {
        id = compositeDefs.size();
        composites.put(c, id);
        compositeDefs.add(c);
        List<Integer> members = new ArrayList<>();
        for (UsageRef m : c.members()) {
          if (m instanceof UsageRef.Standard s) {
            members.addAll(List.of(usage(s.usage().name()), -1, -1));
          } else if (scope.usage(((UsageRef.Local) m).key()) instanceof AcapDefinition.QualifiedUsage q) {
            int qid = qualified(q);
            members.addAll(List.of(usage(q.usage().name()), qualifiers(q.qualifiers()), qid));
          }
        }
        compositeMembers.add(members.stream().mapToInt(Integer::intValue).toArray());
      }
      return id;
    }

    private int set(AcapDefinition.ResourceSet s) {
      Integer id = sets.get(s);
      if (id == null) {
        id = setDefs.size();
        sets.put(s, id);
        setDefs.add(s);
        int[] patterns = new int[s.patterns().size()];
        for (int i = 0; i < patterns.length; i++) {
          patterns[i] = text.pattern(s.patterns().get(i), -1);
        }
        // A set that names a pattern twice stands for it once.
        setPatterns.add(Arrays.stream(patterns).distinct().toArray());
      }
      return id;
    }
  }
}
