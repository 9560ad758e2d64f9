package org.acapengine.spark;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.load.Origin;
import org.acapengine.model.SourceLine;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SitePolicy;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF5;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The SQL function {@code acap_decide(robots_body, url, crawler, usage, purpose)}, for ad-hoc
 * queries: {@code robots_body} is the robots.txt (binary or text) fetched with HTTP 200,
 * {@code crawler} one name or several separated by commas, {@code purpose} may be null. It returns
 * a struct {@code allowed, basis, line, line_text, robots_sha256}. Each executor keeps the
 * policies it compiled, keyed by the body's SHA-256, so a body is parsed and compiled once per
 * executor while it stays among the most recent {@value #CACHE_ENTRIES}. A null body decides as an
 * unreachable robots.txt (nothing allowed but /robots.txt), as a capture without a body does.
 */
public final class AcapSql {

  /** The compiled policies an executor keeps. */
  public static final int CACHE_ENTRIES = 4096;

  /** What {@code acap_decide} returns. */
  public static final StructType RESULT = new StructType(new StructField[] {
      DataTypes.createStructField("allowed", DataTypes.BooleanType, false),
      DataTypes.createStructField("basis", DataTypes.StringType, false),
      DataTypes.createStructField("line", DataTypes.IntegerType, true),
      DataTypes.createStructField("line_text", DataTypes.StringType, true),
      DataTypes.createStructField("robots_sha256", DataTypes.StringType, true)});

  private static final Map<String, SitePolicy> CACHE = new LinkedHashMap<>(256, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, SitePolicy> eldest) {
      return size() > CACHE_ENTRIES;
    }
  };

  private AcapSql() {}

  /**
   * Registers {@code acap_decide} in the session.
   *
   * @param spark the session
   */
  public static void register(SparkSession spark) {
    spark.udf().register("acap_decide", (UDF5<Object, String, String, String, String, Row>) AcapSql::decide, RESULT);
  }

  static Row decide(Object robotsBody, String url, String crawler, String usage, String purpose) {
    if (url == null || crawler == null || usage == null) {
      return null;
    }
    byte[] body = robotsBody == null ? null : robotsBody instanceof byte[] b ? b : robotsBody.toString().getBytes(StandardCharsets.UTF_8);
    String sha = body == null ? null : CapturePolicy.sha256(body);
    Optional<Origin> origin = Origin.parse(url);
    if (origin.isEmpty()) {
      return null;
    }
    SitePolicy site;
    if (body == null) {
      site = CapturePolicy.none(origin.get(), DecideOptions.NoCapture.UNREACHABLE).site();
    } else {
      synchronized (CACHE) {
        site = CACHE.get(sha);
      }
      if (site == null) {
        // named "robots.txt" rather than one origin's URL: the same body serves every origin that has it
        site = SitePolicy.builder().robots(CompiledPolicy.compile(new RobotsTxtParser().parse(body, "robots.txt"))).build();
        synchronized (CACHE) {
          CACHE.put(sha, site);
        }
      }
    }
    Query.Builder q = Query.builder().crawlers(List.copyOf(Arrays.stream(crawler.split(",")).map(String::strip).toList())).usage(usage).url(url);
    if (purpose != null) {
      q.purpose(purpose);
    }
    SiteDecision d = site.decide(q.build());
    SourceLine line = d.decidingLine();
    boolean named = line != null && !(line.line() == 0 && line.source().isEmpty());
    return RowFactory.create(d.allowed(), d.basis(), named && line.line() != 0 ? line.line() : null, named ? line.text() : null, sha);
  }
}
