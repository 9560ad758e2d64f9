package org.acapengine.eval;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;

/**
 * A compiled policy's crawler views, made on first use and kept by what they select, with
 * eviction: names → {@link Selector.Choice} (through the file's name index) → view, and each view's
 * {@link RuleTable}s kept by the records or groups they hold, so that crawlers that select the
 * same ACAP records for any crawler or the same groups share those tables. Each cache keeps what
 * was used recently ({@link RecentCache}); a view or table evicted is made again when asked for,
 * from the index, at the cost of the records it holds. Thread-safe.
 */
final class Views {

  private static final int KEPT = 1024;

  private final PolicyDocument doc;
  private final Map<AcapField.PermissionsReference, ResolvedReference> references;
  private final CompileOptions options;
  private final Selector selector;
  private final ScopeRanks ranks;
  private final int rankCount;
  private final RecentCache<List<String>, CrawlerView> byNames = new RecentCache<>(KEPT);
  private final RecentCache<Selector.Choice, CrawlerView> byChoice = new RecentCache<>(KEPT);
  private final RecentCache<TableKey, Table> tables = new RecentCache<>(KEPT);
  private final RuleTableBuilder.Scope scope;
  private final Map<PolicyDocument, RuleTableBuilder.Scope> referencedScopes = new IdentityHashMap<>();

  /** A table's key: its kind and what it holds. */
  private record TableKey(RuleTable.Kind kind, Selector.Key key) {}

  /** A table made (null when it holds no rule). */
  private record Table(RuleTable table) {}

  Views(PolicyDocument doc, Map<AcapField.PermissionsReference, ResolvedReference> references, CompileOptions options) {
    this.doc = doc;
    this.references = references;
    this.options = options;
    this.selector = new Selector(doc, references);
    this.ranks = ScopeRanks.of(doc, references.values());
    this.rankCount = ranks == null ? 0 : ranks.size();
    this.scope = new RuleTableBuilder.Scope(doc, null);
    for (ResolvedReference r : references.values()) {
      r.document().ifPresent(d -> referencedScopes.computeIfAbsent(d, x -> new RuleTableBuilder.Scope(x, scope)));
    }
  }

  Selector selector() {
    return selector;
  }

  /** The view of a crawler with these names (no allocation when they were asked for recently). */
  CrawlerView view(List<String> names) {
    CrawlerView v = byNames.get(names);
    if (v != null) {
      return v;
    }
    List<String> key = List.copyOf(names);
    Selector.Choice c = selector.choose(key);
    v = byChoice.get(c);
    if (v == null) {
      v = byChoice.put(c, build(c));
    }
    return byNames.put(key, v);
  }

  private CrawlerView build(Selector.Choice c) {
    RuleTable named = table(RuleTable.Kind.NAMED, c.named());
    RuleTable any = table(RuleTable.Kind.ANY, c.any());
    RuleTable conventional = table(RuleTable.Kind.CONVENTIONAL, c.groups());
    SourceLine[] namedFailure = failure(c.named());
    SourceLine[] anyFailure = failure(c.any());
    return new CrawlerView(named, any, conventional, doc.ignoresConventionalRecords(), options.conventionalAppliesTo(),
        namedFailure == null ? null : namedFailure[0], namedFailure == null ? null : namedFailure[1].text(),
        anyFailure == null ? null : anyFailure[0], anyFailure == null ? null : anyFailure[1].text(), actionRequests(c), rankCount);
  }

  private RuleTable table(RuleTable.Kind kind, Selector.Key key) {
    if (key.isEmpty()) {
      return null;
    }
    TableKey k = new TableKey(kind, key);
    Table t = tables.get(k);
    if (t == null) {
      RuleTable built = kind == RuleTable.Kind.CONVENTIONAL ? RuleTableBuilder.conventional(doc, selector.groups(key), ranks)
          : RuleTableBuilder.acap(kind, parts(key), ranks);
      t = tables.put(k, new Table(built.ruleCount == 0 ? null : built));
    }
    return t.table();
  }

  /** The records of a key as the parts of a table: each loaded reference's records before the record that refers to them. */
  private List<RuleTableBuilder.Part> parts(Selector.Key key) {
    List<RuleTableBuilder.Part> parts = new ArrayList<>();
    int[] ids = key.ids;
    for (int i = 0; i < ids.length;) {
      AcapRecord r = doc.acapRecords().get(ids[i]);
      int m = ids[i + 1];
      if (m > 0) {
        PolicyDocument ref = selector.referencedDocument(r);
        RuleTableBuilder.Scope refScope = referencedScopes.get(ref);
        for (int j = 0; j < m; j++) {
          parts.add(new RuleTableBuilder.Part(ref, ref.acapRecords().get(ids[i + 2 + j]), refScope));
        }
      }
      parts.add(new RuleTableBuilder.Part(doc, r, scope));
      i += 2 + Math.max(m, 0);
    }
    return parts;
  }

  /** The first record of a key whose permissions reference could not be loaded: the reference's line, and why (as the text of a second line); or null. */
  private SourceLine[] failure(Selector.Key key) {
    int[] ids = key.ids;
    for (int i = 0; i < ids.length; i += 2 + Math.max(ids[i + 1], 0)) {
      AcapRecord r = doc.acapRecords().get(ids[i]);
      if (ids[i + 1] < 0 && r.permissionsReference().isPresent()) {
        ResolvedReference ref = references.get(r.permissionsReference().get());
        String why = ref == null ? "not loaded" : ref.failure().orElse("not loaded");
        return new SourceLine[] {evidence(doc, r.permissionsReference().get().span()), new SourceLine("", 0, why)};
      }
    }
    return null;
  }

  /** The action requests (2.6) of the selected records, in file order, a loaded reference's before its record's own. */
  private List<AcapField.ActionRequest> actionRequests(Selector.Choice c) {
    TreeSet<Integer> records = new TreeSet<>();
    Map<Integer, int[]> applying = new java.util.HashMap<>();
    for (Selector.Key key : List.of(c.named(), c.any())) {
      int[] ids = key.ids;
      for (int i = 0; i < ids.length; i += 2 + Math.max(ids[i + 1], 0)) {
        records.add(ids[i]);
        if (ids[i + 1] > 0) {
          applying.put(ids[i], java.util.Arrays.copyOfRange(ids, i + 2, i + 2 + ids[i + 1]));
        }
      }
    }
    List<AcapField.ActionRequest> out = new ArrayList<>();
    for (int r : records) {
      AcapRecord record = doc.acapRecords().get(r);
      int[] refRecords = applying.get(r);
      if (refRecords != null) {
        PolicyDocument ref = selector.referencedDocument(record);
        for (int rr : refRecords) {
          addActions(ref.acapRecords().get(rr), out);
        }
      }
      addActions(record, out);
    }
    return out;
  }

  private static void addActions(AcapRecord r, List<AcapField.ActionRequest> out) {
    for (AcapField f : r.fields()) {
      if (f instanceof AcapField.ActionRequest a) {
        out.add(a);
      }
    }
  }

  /** How a crawler's records and groups were chosen, for an explanation. */
  Selection selection(List<String> names) {
    Selector.Choice c = selector.choose(names);
    List<Integer> namedLines = new ArrayList<>();
    List<Integer> anyLines = new ArrayList<>();
    TreeSet<Integer> all = new TreeSet<>();
    Map<Integer, Boolean> isNamed = new java.util.HashMap<>();
    Map<Integer, int[]> applying = new java.util.HashMap<>();
    for (Selector.Key key : List.of(c.named(), c.any())) {
      int[] ids = key.ids;
      for (int i = 0; i < ids.length; i += 2 + Math.max(ids[i + 1], 0)) {
        all.add(ids[i]);
        isNamed.put(ids[i], key == c.named());
        applying.put(ids[i], java.util.Arrays.copyOfRange(ids, i + 2, i + 2 + Math.max(ids[i + 1], 0)));
      }
    }
    List<Selection.Reference> notes = new ArrayList<>();
    for (int r : all) {
      AcapRecord record = doc.acapRecords().get(r);
      (isNamed.get(r) ? namedLines : anyLines).add(record.line());
      if (record.permissionsReference().isEmpty()) {
        continue;
      }
      PolicyDocument ref = selector.referencedDocument(record);
      if (ref == null) {
        ResolvedReference rr = references.get(record.permissionsReference().get());
        String why = rr == null ? "not loaded" : rr.failure().orElse("not loaded");
        SourceLine ev = evidence(doc, record.permissionsReference().get().span());
        notes.add(new Selection.Failed(ev.line(), record.permissionsReference().get().locator(), why));
      } else {
        notes.add(new Selection.Followed(record.line(), ref.source().name()));
        for (int rr : applying.get(r)) {
          AcapRecord inRef = ref.acapRecords().get(rr);
          if (inRef.permissionsReference().isPresent()) {
            notes.add(new Selection.NotFollowed(ref.source().name(), inRef.line()));
          }
        }
      }
    }
    List<Selection.Group> groups = new ArrayList<>();
    for (ConventionalGroup g : selector.groups(c.groups())) {
      groups.add(new Selection.Group(g.userAgents().get(0).span().line(), g.userAgents().get(0).value()));
    }
    return new Selection(namedLines, anyLines, notes, groups, doc.ignoresConventionalRecords(),
        List.copyOf(new TreeSet<>(options.conventionalAppliesTo())));
  }

  static SourceLine evidence(PolicyDocument doc, Span span) {
    return new SourceLine(doc.source().name(), span.line(), doc.source().line(span.line()).strip());
  }
}
