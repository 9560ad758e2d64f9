package org.acapengine.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.load.Origin;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/** Capture rows ({@link AcapSpark#CAPTURE_SCHEMA}) from WARC files and from tables. */
final class WarcCaptures {

  /** The most body bytes kept, as RFC 9309 2.5 allows a crawler to stop at (500 KiB). */
  static final int MAX_BODY = 500 * 1024;

  private WarcCaptures() {}

  /**
   * Every response record of one WARC file as a capture. A record that cannot be read ends the
   * file (its offset is where reading stopped): one row says so, with file and offset.
   */
  static List<Row> read(String file, InputStream in) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (in; WarcReader reader = new WarcReader(in)) {
      while (true) {
        long offset = reader.position();
        Optional<WarcRecord> next;
        try {
          next = reader.next();
        } catch (IOException | RuntimeException e) {
          rows.add(problem(file + "@" + offset, "malformed WARC record: " + e.getMessage()));
          break;
        }
        if (next.isEmpty()) {
          break;
        }
        if (!(next.get() instanceof WarcResponse response)) {
          continue;
        }
        String where = file + "@" + reader.position();
        rows.add(capture(response, where));
      }
    }
    return rows;
  }

  private static Row capture(WarcResponse response, String where) {
    String target;
    Instant date;
    try {
      target = response.target();
      date = response.date();
    } catch (RuntimeException e) {
      return problem(where, "unreadable WARC response record: " + e.getMessage());
    }
    Optional<Origin> origin = Origin.parse(target);
    if (origin.isEmpty()) {
      return problem(where, "unreadable capture: target '" + target + "' is not an http(s) URL");
    }
    try {
      HttpResponse http = response.http();
      byte[] body;
      try (InputStream b = http.body().stream()) {
        body = b.readNBytes(MAX_BODY);
      }
      return RowFactory.create(origin.get().toString(), origin.get().robotsTxt().toString(), http.status(), body, Timestamp.from(date), where, null);
    } catch (IOException | RuntimeException e) {
      return RowFactory.create(origin.get().toString(), origin.get().robotsTxt().toString(), null, null, Timestamp.from(date), where,
          "unreadable capture: the HTTP response in the record cannot be parsed: " + e.getMessage());
    }
  }

  private static Row problem(String where, String problem) {
    return RowFactory.create(null, null, null, null, null, where, problem);
  }

  /** A table row (origin or url, status, body, fetch_time) as a capture. */
  static Row fromTable(Row r, String originColumn, DataType bodyType) {
    String where = r.getAs(originColumn);
    Optional<Origin> origin = where == null ? Optional.empty() : Origin.parse(where.endsWith("/") || where.contains("/robots.txt") ? where : where + "/");
    Object status = r.getAs("status");
    Object bodyValue = r.getAs("body");
    byte[] body = bodyValue == null ? null : bodyType.equals(DataTypes.BinaryType) ? (byte[]) bodyValue : bodyValue.toString().getBytes(StandardCharsets.UTF_8);
    Object time = r.getAs("fetch_time");
    Timestamp ts;
    try {
      ts = time == null ? null : time instanceof Timestamp t ? t : time instanceof Instant i ? Timestamp.from(i) : Timestamp.from(Instant.parse(time.toString().strip()));
    } catch (RuntimeException e) {
      ts = null;
    }
    String source = "table row " + where;
    if (origin.isEmpty()) {
      return RowFactory.create(null, null, null, null, ts, source, "unreadable capture: '" + where + "' is not an http(s) origin");
    }
    if (ts == null) {
      return RowFactory.create(origin.get().toString(), origin.get().robotsTxt().toString(), null, null, null, source,
          "unreadable capture: no readable fetch_time");
    }
    Integer code = status == null ? null : status instanceof Number n ? Integer.valueOf(n.intValue()) : parseStatus(status.toString());
    return RowFactory.create(origin.get().toString(), origin.get().robotsTxt().toString(), code, body, ts, source, null);
  }

  private static Integer parseStatus(String s) {
    try {
      return Integer.valueOf(s.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
