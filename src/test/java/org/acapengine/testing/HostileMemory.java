package org.acapengine.testing;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.load.PolicySize;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.openjdk.jol.info.GraphLayout;

/**
 * The heap a hostile shape ({@link HostileShapes}) retains, measured with JOL's object-graph walk
 * (deterministic for a given JVM, unlike the runtime's free memory): the parsed document alone,
 * the whole {@link CompiledPolicy} after one crawl decision and after a decision for each usage
 * of the dictionary (each usage's lookup made; for {@code composite-x-set-local}, also each of its
 * 3 000 member usages), {@link PolicySize}'s estimate, and the crawler's own policy. One procedure
 * for the test that holds the goals (HostileDefinitionsTest) and the report that prints the table
 * of docs/performance.md (HostileMemoryReport).
 *
 * @param shape the shape's name
 * @param fileBytes the file's size in UTF-8 bytes
 * @param document the parsed document's retained bytes
 * @param afterCrawl the compiled policy's retained bytes after one crawl decision
 * @param afterEveryUsage the compiled policy's retained bytes after a decision for every usage
 * @param estimate {@link PolicySize#estimate}
 * @param crawlerPolicy {@code forCrawler(bot).heapBytes()}: what a scheduler's cache keeps
 */
public record HostileMemory(String shape, long fileBytes, long document, long afterCrawl, long afterEveryUsage, long estimate, long crawlerPolicy) {

  static {
    // JOL reads field offsets of records only this way on JDK 17, and needs no agent for it.
    System.setProperty("jol.magicFieldOffset", "true");
  }

  /** The usages of the dictionary a scheduler asks about. */
  public static final List<String> USAGES = List.of("crawl", "index", "follow", "preserve", "present", "other", "present-snippet",
      "present-thumbnail", "present-currentcopy", "present-link", "present-original");

  /**
   * Measures one shape.
   *
   * @param shape one of {@link HostileShapes#ALL}
   * @return the figures
   */
  public static HostileMemory of(String shape) {
    return measure(shape, true);
  }

  /**
   * Measures one shape after every usage only (the document, after crawl and the crawler's policy
   * left at -1): a third of the walks, for a test that holds the goals.
   *
   * @param shape one of {@link HostileShapes#ALL}
   * @return the figures
   */
  public static HostileMemory afterEveryUsage(String shape) {
    return measure(shape, false);
  }

  private static HostileMemory measure(String shape, boolean full) {
    String text = HostileShapes.of(shape);
    long bytes = text.getBytes(StandardCharsets.UTF_8).length;
    PolicyDocument doc = new RobotsTxtParser().parse(text, "hostile.txt");
    long document = full ? GraphLayout.parseInstance(doc).totalSize() : -1;
    CompiledPolicy p = CompiledPolicy.compile(doc);
    p.decide(Query.of("bot", "crawl", "/p1/x"));
    long crawl = full ? GraphLayout.parseInstance(p).totalSize() : -1;
    for (String u : USAGES) {
      p.decide(Query.of("bot", u, "/p1/x"));
    }
    if (shape.equals("composite-x-set-local")) {
      for (int i = 0; i < 3000; i++) {
        p.decide(Query.of("bot", "u" + i, "/p1/x")); // every member's usage asked about
      }
    }
    long all = GraphLayout.parseInstance(p).totalSize();
    return new HostileMemory(shape, bytes, document, crawl, all, PolicySize.estimate(doc), full ? p.forCrawler(List.of("bot")).heapBytes() : -1);
  }

  /**
   * Retained bytes after every usage per byte of the file.
   *
   * @return the ratio
   */
  public double retainedPerByte() {
    return (double) afterEveryUsage / fileBytes;
  }

  /**
   * {@link PolicySize}'s estimate against the retained bytes after every usage.
   *
   * @return the ratio
   */
  public double estimateToMeasured() {
    return (double) estimate / afterEveryUsage;
  }
}
