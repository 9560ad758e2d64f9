package org.acapengine.eval.match;

import java.util.List;

/** Lets tests in other packages read the conformance table. */
public final class ConformanceTableAccess {
  private ConformanceTableAccess() {}

  /** One row: robots.txt text, crawler names, URL, expected crawl verdict. */
  public record Row(String id, String robots, List<String> userAgents, String url, boolean allowed, String note) {}

  public static List<Row> rows() {
    return ConformanceTable.load().stream()
        .map(r -> new Row(r.id(), r.robots(), r.userAgents(), r.url(), r.allowed(), r.note()))
        .toList();
  }
}
