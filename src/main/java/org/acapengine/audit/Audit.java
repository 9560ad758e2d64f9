package org.acapengine.audit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.acapengine.eval.Query;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SitePolicy;

/**
 * Which AI crawlers a site's policy keeps out, and from what: for each crawler of a list, crawl of
 * {@code /} and of each path asked about, and per purpose the verdict on using the content. A
 * purpose is asked as a usage of ACAP's dictionary (docs/formats.md, "acap audit"): {@code search}
 * as {@code index}, {@code ai-input} as {@code present}, {@code ai-train} as {@code other}, each
 * on {@code /}.
 */
public final class Audit {

  /** The purposes reported, with the usage each is asked as. */
  public static final Map<String, String> PURPOSES = purposes();

  private Audit() {}

  private static Map<String, String> purposes() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("search", "index");
    m.put("ai-input", "present");
    m.put("ai-train", "other");
    return Collections.unmodifiableMap(m);
  }

  /**
   * Audits every crawler.
   *
   * @param site the site's policy, every source
   * @param crawlers the crawlers
   * @param paths paths to report crawl of besides {@code /}
   * @return one row per crawler, in order
   */
  public static List<AuditRow> run(SitePolicy site, List<KnownCrawler> crawlers, List<String> paths) {
    List<AuditRow> rows = new ArrayList<>(crawlers.size());
    for (KnownCrawler c : crawlers) {
      Map<String, String> deciding = new LinkedHashMap<>();
      SiteDecision root = site.decide(Query.builder().crawler(c.token()).usage("crawl").url("/").build());
      note(deciding, "crawl /", root);
      Map<String, Boolean> crawl = new LinkedHashMap<>();
      for (String p : paths) {
        SiteDecision d = site.decide(Query.builder().crawler(c.token()).usage("crawl").url(p).build());
        crawl.put(p, d.allowed());
        note(deciding, "crawl " + p, d);
      }
      Map<String, Verdict> purposes = new LinkedHashMap<>();
      PURPOSES.forEach((purpose, usage) -> {
        SiteDecision d = site.decide(Query.builder().crawler(c.token()).usage(usage).purpose(purpose).url("/").build());
        Verdict v = d.basis().equals(SiteDecision.DEFAULT) ? Verdict.NO_OPINION : d.allowed() ? Verdict.ALLOWED : Verdict.PROHIBITED;
        purposes.put(purpose, v);
        // a purpose not prohibited, for a crawler kept out: the Disallow line is why it shows "blocked (crawl)"
        note(deciding, purpose, v != Verdict.PROHIBITED && !root.allowed() ? root : d);
      });
      rows.add(new AuditRow(c, root.allowed(), crawl, purposes, deciding));
    }
    return rows;
  }

  private static void note(Map<String, String> deciding, String what, SiteDecision d) {
    SourceLine l = d.decidingLine();
    if (l != null) {
      deciding.put(what, l.line() > 0 ? l.source() + ":" + l.line() + ": " + l.text() : l.source() + ": " + l.text());
    }
  }
}
