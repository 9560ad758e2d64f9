package org.acapengine.eval;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
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
 * eviction: names → {@link Selector.Choice} (through the file's name index, not a scan) → view,
 * and each view's {@link RuleTable}s kept by the records or groups they hold, so that crawlers
 * that select the same ACAP records for any crawler or the same groups share those tables. The
 * caches are Caffeine's, bounded by weight, not by count: names by their characters (each holds
 * its view weakly, so that only the views' cache keeps views), tables by
 * the heap they hold ({@link Footprint#of(RuleTable)}), views by the tables made for them (a table
 * shared with an earlier view is counted once, with the view that made it). So a crawler name
 * the policy has seen costs a hash look-up, a new name that selects like an earlier one the
 * index look-up, and however many names pass, what is kept stays within {@link #budget} (16
 * times the file's bytes, at least 4 MiB); a view or table evicted is made again when asked for,
 * at the cost of the records it holds. Thread-safe; maintenance runs on the calling thread.
 */
final class Views {

  /** The bytes a view weighs besides its tables: the view, its key and the cache's node. */
  private static final int VIEW_BYTES = 256;

  private final PolicyDocument doc;
  private final Map<AcapField.PermissionsReference, ResolvedReference> references;
  private final CompileOptions options;
  private final Selector selector;
  private final ScopeRanks ranks;
  /**
   * The first crawler's names, choice and view: most policies are asked about one crawler, and
   * need no cache (three Caffeine caches weigh about 5 KB, more than a small file's policy).
   */
  private volatile First first;
  /** The caches, made when a second selection is asked for; null until then. */
  private volatile Caches caches;
  private final DefinitionScope scope;
  private final Map<PolicyDocument, DefinitionScope> referencedScopes = new IdentityHashMap<>();

  /** A table's key: its kind and what it holds. */
  private record TableKey(RuleTable.Kind kind, Selector.Key key) {}

  /** A table made (null when it holds no rule), and the heap it held when made. */
  private record Table(RuleTable table, int bytes) {}

  /** A view kept, with the bytes of the tables made for it. */
  private record Held(CrawlerView view, int bytes) {}

  /** The first view made, with its names and choice. */
  private record First(List<String> names, Selector.Choice choice, Held held, Table[] tables) {}

  /** Names → view, choice → view, and tables by what they hold, each bounded by weight. */
  private record Caches(Cache<List<String>, CrawlerView> byNames, Cache<Selector.Choice, Held> byChoice, Cache<TableKey, Table> tables) {}

  Views(PolicyDocument doc, Map<AcapField.PermissionsReference, ResolvedReference> references, CompileOptions options) {
    this.doc = doc;
    this.references = references;
    this.options = options;
    this.selector = new Selector(doc, references);
    this.ranks = ScopeRanks.of(doc, references.values());
    this.scope = new DefinitionScope(doc, null);
    for (ResolvedReference r : references.values()) {
      r.document().ifPresent(d -> referencedScopes.computeIfAbsent(d, x -> new DefinitionScope(x, scope)));
    }
  }

  /** The caches, made on first use and seeded with the first view and its tables. */
  private Caches caches() {
    Caches c = caches;
    if (c == null) {
      synchronized (this) {
        c = caches;
        if (c == null) {
          long budget = budget(doc);
          c = new Caches(
              // Names hold their view weakly: it stays while the views' cache keeps it (else a view
              // evicted there would stay as long as any of its names does).
              Caffeine.newBuilder().executor(Runnable::run).maximumWeight(budget / 4).weakValues()
                  .weigher((List<String> names, CrawlerView v) -> nameBytes(names)).build(),
              Caffeine.newBuilder().executor(Runnable::run).maximumWeight(budget).weigher((Selector.Choice k, Held h) -> h.bytes()).build(),
              Caffeine.newBuilder().executor(Runnable::run).maximumWeight(budget).weigher((TableKey k, Table t) -> t.bytes()).build());
          First f = first;
          if (f != null) {
            c.byChoice().put(f.choice(), f.held());
            Selector.Key[] keys = {f.choice().named(), f.choice().any(), f.choice().groups()};
            for (int i = 0; i < keys.length; i++) {
              if (f.tables()[i] != null) {
                c.tables().put(new TableKey(RuleTable.Kind.values()[i], keys[i]), f.tables()[i]);
              }
            }
          }
          caches = c;
        }
      }
    }
    return c;
  }

  /** What the views and tables of a policy may hold: 16 times the file's bytes, at least 4 MiB. */
  static long budget(PolicyDocument doc) {
    return Math.max(4L << 20, 16 * doc.source().byteLength());
  }

  private static int nameBytes(List<String> names) {
    long bytes = 64;
    for (String n : names) {
      bytes += 48 + 2L * n.length();
    }
    return (int) Math.min(Integer.MAX_VALUE, bytes);
  }

  Selector selector() {
    return selector;
  }

  /** The view of a crawler with these names (no allocation when they were asked for recently). */
  CrawlerView view(List<String> names) {
    First f = first;
    if (f != null && (f.names() == names || f.names().equals(names))) {
      return f.held().view();
    }
    if (f == null) {
      synchronized (this) {
        if (first == null && caches == null) {
          List<String> key = List.copyOf(names);
          Selector.Choice c = selector.choose(key);
          Table[] made = new Table[3];
          Held h = build(c, null, made);
          first = new First(key, c, h, made);
          return h.view();
        }
      }
    }
    Caches cs = caches();
    CrawlerView v = cs.byNames().getIfPresent(names);
    if (v != null) {
      return v;
    }
    List<String> key = List.copyOf(names);
    Selector.Choice c = selector.choose(key);
    Held h = cs.byChoice().getIfPresent(c);
    if (h == null) {
      h = cs.byChoice().get(c, x -> build(x, cs.tables(), null));
    }
    cs.byNames().put(key, h.view());
    return h.view();
  }

  /** A view of a choice, its tables from {@code tables} (or made when null, each put in {@code made}). */
  private Held build(Selector.Choice c, Cache<TableKey, Table> tables, Table[] made) {
    long[] bytes = new long[1];
    // The conventional table first: an ACAP table that restates its rules shares its text.
    RuleTable conventional = table(RuleTable.Kind.CONVENTIONAL, c.groups(), tables, made, bytes, null);
    RuleTable any = table(RuleTable.Kind.ANY, c.any(), tables, made, bytes, conventional);
    RuleTable named = table(RuleTable.Kind.NAMED, c.named(), tables, made, bytes, conventional != null ? conventional : any);
    // An ACAP table restating the conventional rules finds their candidates too: one index for both.
    Bucket.shareIndex(any, conventional);
    Bucket.shareIndex(named, conventional);
    SourceLine[] namedFailure = failure(c.named());
    SourceLine[] anyFailure = failure(c.any());
    CrawlerView v = new CrawlerView(named, any, conventional, doc.ignoresConventionalRecords(), options.conventionalAppliesTo(),
        namedFailure == null ? null : namedFailure[0], namedFailure == null ? null : namedFailure[1].text(),
        anyFailure == null ? null : anyFailure[0], anyFailure == null ? null : anyFailure[1].text(), actionRequests(c));
    if (v.isEmpty()) {
      v = CrawlerView.EMPTY; // no rule speaks to the crawler: the one empty view
    }
    // The tables made for this view, twice (what their buckets will hold comes on top), and the key.
    long weight = VIEW_BYTES + 2 * bytes[0] + 4L * (c.named().ids.length + c.any().ids.length + c.groups().ids.length);
    return new Held(v, (int) Math.min(Integer.MAX_VALUE, weight));
  }

  /**
   * The table of a kind for a key: kept in {@code tables}, else made (and kept there, or, without
   * a cache, put in {@code made} by kind); adds to {@code bytes} what a table made here holds. An
   * ACAP table made here may share {@code base}'s text ({@link SharedTableText}).
   */
  private RuleTable table(RuleTable.Kind kind, Selector.Key key, Cache<TableKey, Table> tables, Table[] made, long[] bytes, RuleTable base) {
    if (key.isEmpty()) {
      return null;
    }
    TableKey k = new TableKey(kind, key);
    Table t = tables == null ? null : tables.getIfPresent(k);
    if (t == null) {
      java.util.function.Function<TableKey, Table> make = x -> {
        RuleTable built = kind == RuleTable.Kind.CONVENTIONAL ? RuleTableBuilder.conventional(doc, selector.groups(key), ranks)
            : RuleTableBuilder.acap(kind, parts(key), ranks, base == null ? null : new SharedTableText(base));
        long held = built.ruleCount() == 0 ? 16 : Footprint.of(built);
        bytes[0] += held;
        return new Table(built.ruleCount() == 0 ? null : built, (int) Math.min(Integer.MAX_VALUE, held + 4L * key.ids.length));
      };
      t = tables == null ? make.apply(k) : tables.get(k, make);
      if (made != null) {
        made[kind.ordinal()] = t;
      }
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
        DefinitionScope refScope = referencedScopes.get(ref);
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
