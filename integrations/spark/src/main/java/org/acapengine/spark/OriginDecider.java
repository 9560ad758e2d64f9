package org.acapengine.spark;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.eval.Query;
import org.acapengine.load.Origin;
import org.acapengine.model.SourceLine;
import org.acapengine.site.SiteDecision;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Decides the URLs of one origin (or one slice of a large origin) with that origin's captures:
 * each capture is parsed and compiled once, when a URL first needs it, and the URLs stream through.
 * The capture-choice rule (docs/spark.md): the latest capture at or before the URL's fetch time;
 * for a URL fetched before the origin's first capture, the earliest capture; without a fetch
 * time, the latest capture; for an origin with no usable capture, {@link DecideOptions#noCapture()}.
 * Captures at the same instant are ordered by status and body hash, so the choice never depends on
 * input or partition order; two that differ are reported once, as conflicting.
 */
final class OriginDecider implements MapPartitionsFunction<Row, Row> {

  private static final long serialVersionUID = 1L;

  private final DecideOptions options;
  private final int urlIndex;
  private final int fetchTimeIndex;
  private final int urlWidth;

  OriginDecider(DecideOptions options, int urlIndex, int fetchTimeIndex, int urlWidth) {
    this.options = options;
    this.urlIndex = urlIndex;
    this.fetchTimeIndex = fetchTimeIndex;
    this.urlWidth = urlWidth;
  }

  /** A capture as read, before it is compiled. */
  private record Capture(Instant time, Integer status, byte[] body, String robotsUrl, String sha) {}

  /**
   * Decides a partition of the merged table ({@link AcapSpark#decide}): whole keys, each key's
   * capture rows first, then its URL rows.
   */
  @Override
  public Iterator<Row> call(Iterator<Row> rows) {
    int keyIndex = urlWidth;
    int kindIndex = urlWidth + 1;
    return new Iterator<>() {
      private Row ahead = rows.hasNext() ? rows.next() : null;
      private Iterator<Row> group = Collections.emptyIterator();

      @Override
      public boolean hasNext() {
        while (!group.hasNext()) {
          if (ahead == null) {
            return false;
          }
          group = nextGroup();
        }
        return true;
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return group.next();
      }

      private Row advance() {
        Row r = ahead;
        ahead = rows.hasNext() ? rows.next() : null;
        return r;
      }

      private Iterator<Row> nextGroup() {
        String key = ahead.getString(keyIndex);
        List<Row> captureRows = new ArrayList<>();
        while (ahead != null && ahead.getInt(kindIndex) == 0 && key.equals(ahead.getString(keyIndex))) {
          captureRows.add(advance());
        }
        Iterator<Row> urls = new Iterator<>() {
          @Override
          public boolean hasNext() {
            return ahead != null && key.equals(ahead.getString(keyIndex));
          }

          @Override
          public Row next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            return advance();
          }
        };
        return decide(key, urls, captureRows);
      }
    };
  }

  /** Decides the URLs of one key (an origin, or a slice of one) with its capture rows. */
  private Iterator<Row> decide(String key, Iterator<Row> urls, List<Row> captureRows) {
    int tab = key.lastIndexOf('\t');
    String originText = tab < 0 ? "" : key.substring(0, tab);
    boolean firstSlice = tab < 0 || key.substring(tab + 1).equals("0");
    Optional<Origin> origin = originText.isEmpty() ? Optional.empty() : Origin.parse(originText + "/");
    List<Capture> captures = new ArrayList<>();
    // the capture columns follow the URL columns, the key, the kind and the URL's hash: robots_url,
    // status, body, fetch_time
    int c0 = urlWidth + 3;
    for (Row r : captureRows) {
      byte[] body = r.isNullAt(c0 + 2) ? null : (byte[]) r.get(c0 + 2);
      Instant time = ((Timestamp) r.get(c0 + 3)).toInstant();
      captures.add(new Capture(time, r.isNullAt(c0 + 1) ? null : r.getInt(c0 + 1), body, r.getString(c0), body == null ? "" : CapturePolicy.sha256(body)));
    }
    captures.sort(Comparator.comparing(Capture::time)
        .thenComparing(c -> c.status() == null ? -1 : c.status())
        .thenComparing(Capture::sha));
    List<Row> conflicts = new ArrayList<>();
    for (int i = 1; i < captures.size(); i++) {
      Capture a = captures.get(i - 1);
      Capture b = captures.get(i);
      if (a.time().equals(b.time()) && (!Objects.equals(a.status(), b.status()) || !a.sha().equals(b.sha())) && firstSlice) {
        conflicts.add(problemRow(originText, a.robotsUrl(), Timestamp.from(a.time()),
            "conflicting captures of " + a.robotsUrl() + " at " + a.time() + " (HTTP " + a.status() + " sha256 " + a.sha() + " and HTTP "
                + b.status() + " sha256 " + b.sha() + "); the first in status and hash order decides"));
      }
    }
    Instant[] times = captures.stream().map(Capture::time).toArray(Instant[]::new);
    CapturePolicy[] compiled = new CapturePolicy[captures.size()];
    Map<String, Object> none = new HashMap<>(1);

    // the query for the first usage, with no path yet: each URL is split into its path once, and
    // that query is asked again for the other usages
    Query.Builder qb = Query.builder().crawlers(options.crawlers()).usage(options.usages().get(0));
    if (options.purpose() != null) {
      qb.purpose(options.purpose());
    }
    Query base = qb.build();
    int usages = options.usages().size();
    String crawlers = String.join(",", options.crawlers());

    Iterator<Row> decided = new Iterator<>() {
      // the rows of the URL being emitted, one per usage, decided together
      private final Row[] pending = new Row[usages];
      private int next = usages;

      @Override
      public boolean hasNext() {
        return next < usages || urls.hasNext();
      }

      @Override
      public Row next() {
        if (next >= usages) {
          if (!urls.hasNext()) {
            throw new NoSuchElementException();
          }
          decide(urls.next());
          next = 0;
        }
        Row r = pending[next];
        pending[next++] = null;
        return r;
      }

      /** Fills {@link #pending} with the URL's row for each usage. */
      private void decide(Row row) {
        String u = row.isNullAt(urlIndex) ? null : row.getString(urlIndex);
        if (origin.isEmpty() || u == null) {
          problems(row, "unparseable URL: " + (u == null ? "null" : "'" + u + "'"));
          return;
        }
        Instant at;
        try {
          at = fetchTime(row);
        } catch (DateTimeParseException e) {
          problems(row, "unreadable fetch time: " + e.getParsedString());
          return;
        }
        String rule;
        CapturePolicy policy;
        if (captures.isEmpty()) {
          rule = "no-capture";
          policy = (CapturePolicy) none.computeIfAbsent("", k -> CapturePolicy.none(origin.get(), options.noCapture()));
        } else {
          int i = at == null ? times.length - 1 : latestAtOrBefore(times, at);
          rule = i < 0 ? "earliest-after" : "latest-at-or-before";
          i = Math.max(i, 0);
          if (compiled[i] == null) {
            Capture c = captures.get(i);
            compiled[i] = CapturePolicy.of(origin.get(), c.robotsUrl(), c.time(), c.status(), c.body());
          }
          policy = compiled[i];
        }
        Query query;
        try {
          query = base.withPath(u);
        } catch (IllegalArgumentException e) {
          problems(row, "unparseable URL: '" + u + "': " + e.getMessage());
          return;
        }
        SiteDecision[] d = new SiteDecision[usages];
        boolean kept = true;
        for (int k = 0; k < usages; k++) {
          d[k] = policy.site().decide(k == 0 ? query : query.withUsage(options.usages().get(k)));
          kept &= d[k].allowed();
        }
        Object[] values = values(row);
        for (int k = 0; k < usages; k++) {
          Object[] out = Arrays.copyOf(values, urlWidth + AcapSpark.DECISION_FIELDS);
          fill(out, options.usages().get(k), crawlers, d[k].allowed(), d[k].basis(), policy, rule, d[k].decidingLine(), d[k].decidingSource(), null,
              kept);
          pending[k] = RowFactory.create(out);
        }
      }

      private void problems(Row row, String problem) {
        Object[] values = values(row);
        for (int k = 0; k < usages; k++) {
          Object[] out = Arrays.copyOf(values, urlWidth + AcapSpark.DECISION_FIELDS);
          fill(out, options.usages().get(k), crawlers, null, null, null, null, null, null, problem, false);
          pending[k] = RowFactory.create(out);
        }
      }
    };
    return conflicts.isEmpty() ? decided : concat(conflicts.iterator(), decided);
  }

  private Instant fetchTime(Row row) {
    if (fetchTimeIndex < 0 || row.isNullAt(fetchTimeIndex)) {
      return null;
    }
    Object v = row.get(fetchTimeIndex);
    if (v instanceof Timestamp t) {
      return t.toInstant();
    }
    if (v instanceof Instant i) {
      return i;
    }
    String s = v.toString().strip();
    // Common Crawl's CDX index writes fetch times as 14 digits (yyyyMMddHHmmss)
    if (s.length() == 14 && s.chars().allMatch(Character::isDigit)) {
      s = s.substring(0, 4) + "-" + s.substring(4, 6) + "-" + s.substring(6, 8) + "T" + s.substring(8, 10) + ":" + s.substring(10, 12) + ":"
          + s.substring(12, 14) + "Z";
    }
    return Instant.parse(s);
  }

  /** The index of the latest time at or before {@code at} (times sorted), or -1 when all are after. */
  static int latestAtOrBefore(Instant[] times, Instant at) {
    int lo = 0;
    int hi = times.length - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (!times[mid].isAfter(at)) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    // among captures at the same instant, the first in status and hash order decides
    while (found > 0 && times[found - 1].equals(times[found])) {
      found--;
    }
    return found;
  }

  private Object[] values(Row row) {
    Object[] v = new Object[urlWidth];
    for (int i = 0; i < urlWidth; i++) {
      v[i] = row.get(i);
    }
    return v;
  }

  private Row problemRow(String origin, String robotsUrl, Timestamp time, String problem) {
    Object[] out = new Object[urlWidth + AcapSpark.DECISION_FIELDS];
    fill(out, null, String.join(",", options.crawlers()), null, null, null, null, null, null, problem, false);
    out[urlWidth + 5] = robotsUrl;
    out[urlWidth + 6] = time;
    out[urlWidth + AcapSpark.DECISION_FIELDS - 2] = "origin " + origin;
    return RowFactory.create(out);
  }

  /** The decision columns, in {@link AcapSpark#DECISION_SCHEMA}'s order. */
  private void fill(Object[] out, String usage, String crawlers, Boolean allowed, String basis, CapturePolicy p, String rule, SourceLine line,
      String decidingSource, String problem, boolean kept) {
    int i = urlWidth;
    out[i++] = usage;
    out[i++] = crawlers;
    out[i++] = options.purpose();
    out[i++] = allowed;
    out[i++] = basis;
    out[i++] = p == null ? null : p.robotsUrl();
    out[i++] = p == null || p.fetchTime() == null ? null : Timestamp.from(p.fetchTime());
    out[i++] = p == null ? null : p.status();
    out[i++] = p == null ? null : p.sha256();
    out[i++] = rule;
    // as acap check prints it: a decision with neither source nor line (/robots.txt itself) names no line
    boolean named = line != null && !(line.line() == 0 && line.source().isEmpty());
    out[i++] = named && line.line() != 0 ? line.line() : null;
    out[i++] = named ? line.text() : null;
    out[i++] = decidingSource;
    out[i++] = problem;
    out[i++] = null; // source: file and offset, for bad captures
    out[i] = kept;
  }

  private static <T> Iterator<T> concat(Iterator<T> a, Iterator<T> b) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return a.hasNext() || b.hasNext();
      }

      @Override
      public T next() {
        return a.hasNext() ? a.next() : b.next();
      }
    };
  }
}
