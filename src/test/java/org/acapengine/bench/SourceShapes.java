package org.acapengine.bench;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.Random;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.rsl.RslReader;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.adapters.tdmrep.TdmRepReader;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.ContentSignalSource;
import org.acapengine.site.ContentUsageSource;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RslSource;
import org.acapengine.site.ScorpionSource;
import org.acapengine.site.SourceVerdict;
import org.acapengine.site.TdmRepSource;

/**
 * Hostile files for the policy sources beside robots.txt rules (issue 26, item 2), each within its
 * reader's limits, and the query asked about them: many wildcard patterns {@code /*R*N}, each R a
 * 12-character run of an 8 000-character path over 16 letters (so that an index proposes every
 * pattern) and N a number the path does not hold (so that each searches the rest of the path), and
 * for Scorpion, whose prefixes have no wildcard, prefixes of the path that differ from it at their
 * last byte (so that each is read to its end).
 *
 * <ul>
 *   <li>{@code content-usage}: 500 KiB of {@code Content-Usage: /*R*N train-ai=n} in one group;
 *   <li>{@code tdmrep}: a 500 KiB {@code tdmrep.json} of locations {@code /*R*N} (8 8xx of them);
 *   <li>{@code rsl}: a 500 KiB RSL licence of {@code <content url="/*R*N"><license/></content>};
 *   <li>{@code scorpion}: 500 KiB of {@code C} prefixes of the path, 1 to 200 bytes long.
 * </ul>
 *
 * <p>And ties ({@link #TIES}, {@code SOURCE-ties-N}): N rules of one pattern that all match, so that
 * the longest (or first) match is one pattern with N rules behind it:
 *
 * <ul>
 *   <li>{@code content-usage-ties-N}: N × {@code Content-Usage: / train-ai=n};
 *       {@code content-usage-mixed-N}: the same, every other one {@code train-ai=y};
 *   <li>{@code tdmrep-ties-N}: N × location {@code /}, every other one {@code tdm-reservation: 0};
 *   <li>{@code rsl-ties-N}: N × {@code <content url="/">}, every other one's licence prohibiting
 *       {@code ai-all};
 *   <li>{@code scorpion-ties-N}: N × {@code C/} after {@code c/x} (a prefix the path does not have);
 *   <li>{@code content-signal-ties-N}: N × {@code Content-Signal: ai-train=no, search=yes} in one
 *       group, every other one {@code Content-Signal: search=yes} (no path: a group's lines tie).
 * </ul>
 */
public final class SourceShapes {

  /** The shapes, as {@link #of} knows them. */
  public static final String[] NAMES = {"content-usage", "tdmrep", "rsl", "scorpion"};

  /** The tie shapes, a small and a large count each (as many as the reader takes, for RSL and TDMRep). */
  public static final String[] TIES = {"content-usage-ties-1000", "content-usage-ties-11000", "content-usage-mixed-1000", "content-usage-mixed-11000",
      "tdmrep-ties-1000", "tdmrep-ties-10000", "rsl-ties-1000", "rsl-ties-7000", "scorpion-ties-1000", "scorpion-ties-11000",
      "content-signal-ties-1000", "content-signal-ties-11000"};

  private static final int FILE_LIMIT = 500 * 1024;

  /**
   * One shape: the source built from its file and the query it is asked; {@code patterns} written
   * in the file, {@code read} of them held by the source after reading.
   */
  public record Shape(String name, PolicySource source, Query query, int fileBytes, int patterns, int read) {
    /**
     * The source's answer to the query.
     *
     * @return the verdict
     */
    public SourceVerdict decide() {
      return source.decide(query, Instant.EPOCH);
    }
  }

  private SourceShapes() {}

  /**
   * The 8 000-character path over 16 letters that every shape is asked about.
   *
   * @return the path, starting with {@code /}
   */
  public static String path() {
    Random random = new Random(26);
    StringBuilder letters = new StringBuilder("/");
    for (int i = 0; i < 8000; i++) {
      letters.append((char) ('a' + random.nextInt(16)));
    }
    return letters.toString();
  }

  /** The i-th 12-character run of the path. */
  private static String run(String path, int i) {
    int at = 1 + (i * 7) % (path.length() - 13);
    return path.substring(at, at + 12);
  }

  /**
   * Builds a shape.
   *
   * @param name one of {@link #NAMES}
   * @return the shape
   */
  public static Shape of(String name) {
    if (name.matches("[a-z-]+-(ties|mixed)-[0-9]+")) {
      return tie(name);
    }
    String path = path();
    Query query = Query.builder().crawler("hostilebot").usage("index").purpose("train-ai").url(path).build();
    StringBuilder sb = new StringBuilder();
    int n = 0;
    switch (name) {
      case "content-usage" -> {
        sb.append("User-agent: *\nAllow: /\n");
        while (true) {
          String line = "Content-Usage: /*" + run(path, n) + "*" + n + " train-ai=n\n";
          if (sb.length() + line.length() > FILE_LIMIT) {
            break;
          }
          sb.append(line);
          n++;
        }
        CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(sb.toString(), "hostile.txt"));
        int read = (int) policy.document().conventionalGroups().stream().flatMap(g -> g.fields().stream()).filter(f -> f.key().equals("content-usage")).count();
        return new Shape(name, ContentUsageSource.inRobots(policy), query, sb.length(), n, read);
      }
      case "tdmrep" -> {
        sb.append("[\n");
        for (; n < TdmRepReader.MAX_RULES; n++) {
          String rule = (n == 0 ? "" : ",\n") + "{\"location\": \"/*" + run(path, n) + "*" + n + "\", \"tdm-reservation\": 1}";
          if (sb.length() + rule.length() + 3 > FILE_LIMIT) {
            break;
          }
          sb.append(rule);
        }
        sb.append("\n]\n");
        TdmRepFile file = TdmRepReader.read("tdmrep.json", sb.toString());
        return new Shape(name, new TdmRepSource(file), query, sb.length(), n, file.rules().size());
      }
      case "rsl" -> {
        sb.append("<rsl xmlns=\"https://rslstandard.org/rsl\">\n");
        for (; 2 * n + 3 < RslReader.MAX_ELEMENTS; n++) {
          String content = "<content url=\"/*" + run(path, n) + "*" + n + "\"><license/></content>\n";
          if (sb.length() + content.length() + 7 > FILE_LIMIT) {
            break;
          }
          sb.append(content);
        }
        sb.append("</rsl>\n");
        byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        RslDocument doc = new RslReader().read(bytes, "license.xml");
        return new Shape(name, new RslSource(doc, RslSource.Licensee.UNSTATED, "--rsl"), query, bytes.length, n, doc.contents().size());
      }
      case "scorpion" -> {
        query = Query.builder().crawler("hostilebot").usage("crawl").url(path).build();
        while (true) {
          int length = 1 + n % 200;
          String line = "C" + path.substring(0, length) + "Z\n";
          if (sb.length() + line.length() > FILE_LIMIT) {
            break;
          }
          sb.append(line);
          n++;
        }
        byte[] bytes = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        ScorpionFile file = new ScorpionReader().read(bytes, "crawl").file();
        int read = ScorpionCrawlerPolicy.of(file, query.crawlers(), Optional.empty()).crawlRules().size();
        return new Shape(name, new ScorpionSource(file), query, bytes.length, n, read);
      }
      default -> throw new IllegalArgumentException(name);
    }
  }

  /** A tie shape ({@link #TIES}). */
  private static Shape tie(String name) {
    int n = Integer.parseInt(name.substring(name.lastIndexOf('-') + 1));
    String kind = name.substring(0, name.lastIndexOf('-'));
    Query query = Query.builder().crawler("hostilebot").usage("index").purpose("train-ai").url("/some/page.html").build();
    StringBuilder sb = new StringBuilder();
    switch (kind) {
      case "content-usage-ties", "content-usage-mixed" -> {
        sb.append("User-agent: *\nAllow: /\n");
        for (int i = 0; i < n; i++) {
          sb.append(kind.endsWith("mixed") && i % 2 == 1 ? "Content-Usage: / train-ai=y\n" : "Content-Usage: / train-ai=n\n");
        }
        CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(sb.toString(), "ties.txt"));
        return new Shape(name, ContentUsageSource.inRobots(policy), query, sb.length(), n, n);
      }
      case "content-signal-ties" -> {
        sb.append("User-agent: *\nAllow: /\n");
        for (int i = 0; i < n; i++) {
          sb.append(i % 2 == 0 ? "Content-Signal: ai-train=no, search=yes\n" : "Content-Signal: search=yes\n");
        }
        CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(sb.toString(), "ties.txt"));
        return new Shape(name, new ContentSignalSource(policy), query, sb.length(), n, n);
      }
      case "tdmrep-ties" -> {
        sb.append("[\n");
        for (int i = 0; i < n; i++) {
          sb.append(i == 0 ? "" : ",\n").append("{\"location\": \"/\", \"tdm-reservation\": ").append(i % 2 == 0 ? 1 : 0).append('}');
        }
        sb.append("\n]\n");
        TdmRepFile file = TdmRepReader.read("tdmrep.json", sb.toString());
        return new Shape(name, new TdmRepSource(file), query, sb.length(), n, file.rules().size());
      }
      case "rsl-ties" -> {
        sb.append("<rsl xmlns=\"https://rslstandard.org/rsl\">\n");
        for (int i = 0; i < n; i++) {
          sb.append(i % 2 == 0 ? "<content url=\"/\"><license/></content>\n"
              : "<content url=\"/\"><license><prohibits type=\"usage\">ai-all</prohibits></license></content>\n");
        }
        sb.append("</rsl>\n");
        byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        RslDocument doc = new RslReader().read(bytes, "license.xml");
        return new Shape(name, new RslSource(doc, RslSource.Licensee.UNSTATED, "--rsl"), query, bytes.length, n, doc.contents().size());
      }
      case "scorpion-ties" -> {
        Query crawl = Query.builder().crawler("hostilebot").usage("crawl").url("/some/page.html").build();
        sb.append("c/x\n").append("C/\n".repeat(n));
        byte[] bytes = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        ScorpionFile file = new ScorpionReader().read(bytes, "crawl").file();
        int read = ScorpionCrawlerPolicy.of(file, crawl.crawlers(), Optional.empty()).crawlRules().size() - 1;
        return new Shape(name, new ScorpionSource(file), crawl, bytes.length, n, read);
      }
      default -> throw new IllegalArgumentException(name);
    }
  }
}
